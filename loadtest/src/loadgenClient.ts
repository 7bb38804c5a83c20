// One simulated browser, as client/src/live/liveClient.ts behaves: it connects with its token,
// subscribes to its sites, resumes after a drop with the last seq and sample time of each site, and
// stops for good when the hub ends its session or closes its socket. Instead of drawing, it counts:
// each live sample's latency (arrival minus its timestamp, one clock), frames, seq gaps, reconnects.
import type { SubscribeResult } from '@voltscope/shared/events';
import { decodeFrame, type Frame, frameKinds } from '@voltscope/shared/frames';
import type { Histogram } from './histogram.ts';
import { connectLive, type LiveSocket, signIn, subscribe } from './hub.ts';
import type { Counters } from './loadgenProtocol.ts';

/** What the clients of one worker share: where to go, and where to count. */
export interface ClientContext {
  url: string;
  sites: readonly string[];
  token: string | null;
  login: { email: string; password: string } | null;
  /** Zeroed in place after each report: handlers may hold on to it. */
  readonly counters: Counters;
  gauges: { started: number; connected: number; subscribed: number };
  latency: Histogram;
  signIn: Histogram;
  /** Keeps a message that explains a failure (the first few of each kind reach the summary). */
  note(message: string): void;
}

interface SiteState {
  /** The last frame number held; -1 before the first frame. */
  seq: number;
  /** The newest sample time held, 0 before any. */
  lastTs: number;
  revoked: boolean;
  /** Frames that arrive while a resume is in flight: replayed or live is known only from its ack. */
  pending: { frame: Frame; at: number }[] | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SimulatedClient {
  readonly #ctx: ClientContext;
  readonly #sites = new Map<string, SiteState>();
  #socket: LiveSocket | null = null;
  /** Bumped on every connection, so that an answer meant for an earlier one is ignored. */
  #generation = 0;
  #connected = false;
  #subscribed = false;
  #closed = false;

  constructor(ctx: ClientContext) {
    this.#ctx = ctx;
    for (const id of ctx.sites) this.#sites.set(id, { seq: -1, lastTs: 0, revoked: false, pending: null });
  }

  async start(): Promise<void> {
    this.#ctx.gauges.started++;
    const token = this.#ctx.token ?? (await this.#signIn());
    if (token === null || this.#closed) return;
    this.#listen(connectLive(this.#ctx.url, token));
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#socket?.disconnect();
    this.#socket?.removeAllListeners();
  }

  /** Signs in, waiting as the hub asks when it turns sign-ins away as too many (scrypt is slow). */
  async #signIn(): Promise<string | null> {
    const { url, login, counters } = this.#ctx;
    if (!login) return null;
    while (!this.#closed) {
      const began = performance.now();
      try {
        const { accessToken } = await signIn(url, login.email, login.password);
        this.#ctx.signIn.record(performance.now() - began);
        counters.signIns++;
        return accessToken;
      } catch (error) {
        const message = (error as Error).message;
        if (!message.includes('(429)')) {
          counters.signInErrors++;
          this.#ctx.note(message);
          return null;
        }
        counters.signInRetries++;
        const seconds = Number(/in (\d+) second/.exec(message)?.[1] ?? 1);
        // Spread the retries so that the clients turned away together do not come back together.
        await sleep(seconds * 1000 * (0.5 + Math.random()));
      }
    }
    return null;
  }

  #listen(socket: LiveSocket): void {
    const { counters, gauges } = this.#ctx;
    this.#socket = socket;
    socket.on('connect', () => {
      this.#generation++;
      this.#connected = true;
      gauges.connected++;
      if (this.#generation === 1) counters.connects++;
      else counters.reconnects++;
      void this.#subscribe();
    });
    socket.on('disconnect', (reason) => {
      if (this.#connected) gauges.connected--;
      if (this.#subscribed) gauges.subscribed--;
      this.#connected = false;
      this.#subscribed = false;
      if (this.#closed) return;
      counters.disconnects++;
      // The frames held for a resume that will not be answered: not timed, as replayed ones.
      for (const site of this.#sites.values()) this.#release(site, Number.POSITIVE_INFINITY);
      if (reason === 'io server disconnect') {
        counters.droppedByHub++;
        this.#ctx.note('the hub closed the socket (a client too slow to keep up, or a session ended)');
      }
    });
    socket.on('connect_error', (error: Error & { data?: { code?: string } }) => {
      counters.connectErrors++;
      this.#ctx.note(`connection refused: ${error.message}`);
      if (error.data?.code === 'UNAUTHENTICATED') this.close();
    });
    socket.on('session:ended', ({ reason }) => {
      counters.droppedByHub++;
      this.#ctx.note(`the hub ended the session (${reason})`);
      this.close();
    });
    socket.on('live:revoked', ({ sites }) => {
      for (const id of sites) {
        const site = this.#sites.get(id);
        if (site && !site.revoked) {
          site.revoked = true;
          counters.refused++;
        }
      }
    });
    socket.on('live:frame', (siteId, bytes) => {
      const at = Date.now();
      const site = this.#sites.get(siteId);
      if (!site) return;
      let frame: Frame;
      try {
        frame = decodeFrame(bytes);
      } catch (error) {
        counters.decodeErrors++;
        this.#ctx.note(`undecodable frame: ${(error as Error).message}`);
        return;
      }
      if (site.pending) site.pending.push({ frame, at });
      else this.#apply(site, frame, at, false);
    });
  }

  async #subscribe(): Promise<void> {
    const socket = this.#socket;
    const generation = this.#generation;
    if (!socket) return;
    const request: { id: string; lastSeq?: number; lastTs?: number }[] = [];
    for (const [id, site] of this.#sites) {
      if (site.revoked) continue;
      if (site.seq < 0) {
        request.push({ id });
        continue;
      }
      site.pending = [];
      request.push({ id, lastSeq: site.seq, ...(site.lastTs > 0 ? { lastTs: site.lastTs } : {}) });
    }
    if (request.length === 0) return;
    let result: SubscribeResult;
    try {
      result = await subscribe(socket, request);
    } catch (error) {
      if (generation !== this.#generation || this.#closed) return;
      this.#ctx.counters.subscribeErrors++;
      this.#ctx.note((error as Error).message);
      for (const site of this.#sites.values()) this.#release(site, Number.POSITIVE_INFINITY);
      return;
    }
    if (generation !== this.#generation || this.#closed) return;
    const { counters, gauges } = this.#ctx;
    for (const refused of result.refused) {
      counters.refused++;
      this.#ctx.note(`subscription to ${refused.siteId} refused: ${refused.reason}`);
    }
    for (const granted of result.granted) {
      if (granted.gap) counters.resumeGaps++;
      const site = this.#sites.get(granted.siteId);
      // Frames up to the seq in the ack were replayed from the hub's log; later ones are live.
      if (site) this.#release(site, granted.seq);
    }
    for (const site of this.#sites.values()) this.#release(site, Number.POSITIVE_INFINITY);
    if (result.granted.length > 0 && !this.#subscribed && this.#connected) {
      this.#subscribed = true;
      gauges.subscribed++;
    }
  }

  /** Applies the frames held during a resume: live frames up to `replayedUpTo` count as replayed. */
  #release(site: SiteState, replayedUpTo: number): void {
    const pending = site.pending;
    if (!pending) return;
    site.pending = null;
    for (const { frame, at } of pending) {
      this.#apply(site, frame, at, frame.kind === frameKinds.live && frame.seq <= replayedUpTo);
    }
  }

  #apply(site: SiteState, frame: Frame, at: number, replayed: boolean): void {
    const { counters, latency } = this.#ctx;
    const ts = frame.ts;
    const n = ts.length;
    let lastTs = site.lastTs;
    for (let i = 0; i < n; i++) if ((ts[i] as number) > lastTs) lastTs = ts[i] as number;
    site.lastTs = lastTs;
    if (frame.kind !== frameKinds.live) {
      if (frame.kind === frameKinds.catchUp) counters.catchUpFrames++;
      else {
        counters.snapshotFrames++;
        counters.snapshotSamples += n;
      }
      // Snapshots and catch-ups carry the room's last seq: the next live frame follows, even after a restart.
      site.seq = frame.seq;
      return;
    }
    if (site.seq >= 0) {
      if (frame.seq > site.seq + 1) counters.seqGaps++;
      else if (frame.seq <= site.seq) counters.duplicates++;
    }
    if (frame.seq > site.seq) site.seq = frame.seq;
    counters.frames++;
    counters.samples += n;
    if (replayed) {
      counters.replayedFrames++;
      return;
    }
    for (let i = 0; i < n; i++) latency.record(at - (ts[i] as number));
  }
}
