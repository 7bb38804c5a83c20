// Records a hub's live stream into a recording file, through the socket protocol a browser uses: sign
// in, subscribe to sites, keep the samples of live frames (snapshots are state, not stream). After a
// drop it resumes with the last frame number of each site as the browser does; frames the hub could
// no longer replay are noted as gaps.
import { decodeFrame, type Frame, frameKinds } from '@voltscope/shared/frames';
import { connectLive, readableSites, seriesKeysOf, signIn, subscribe } from './hub.ts';
import { RecordingWriter } from './recording.ts';

export interface RecordOptions {
  /** The hub's base URL. */
  from: string;
  /** Sites to record; every site the account can read when empty or missing. */
  sites?: string[] | undefined;
  /** Only series whose `deviceId/key` starts with one of these; every series when empty or missing. */
  series?: string[] | undefined;
  durationMs: number;
  out: string;
  credentials: { token: string } | { email: string; password: string };
  signal?: AbortSignal | undefined;
  /** Called once subscribed: samples from now on are recorded. */
  onStart?: ((info: { sites: string[]; series: number }) => void) | undefined;
  onSecond?: ((progress: RecordProgress) => void) | undefined;
  onGap?: ((gap: RecordGap) => void) | undefined;
}

export interface RecordProgress {
  elapsedMs: number;
  /** Samples recorded in the last second. */
  rate: number;
  samples: number;
  connected: boolean;
}

/** Frames of a site the recording lacks: the hub skipped them, or could not replay them after a drop. */
export interface RecordGap {
  siteId: string;
  frames: number;
  /** The newest sample time recorded before the gap. */
  from: number;
  /** When the gap was noticed (local clock). */
  to: number;
}

export interface RecordSummary {
  file: string;
  bytes: number;
  sites: string[];
  samples: number;
  frames: number;
  seconds: number;
  gaps: RecordGap[];
  reconnects: number;
  /** Samples of series the hub named after recording began (unknown ids), left out. */
  unknownSeries: number;
  stoppedBy: 'duration' | 'signal';
}

interface SiteProgress {
  seq: number;
  lastTs: number;
}

const newestTs = (frame: Frame, since: number) => frame.ts.reduce((a, b) => Math.max(a, b), since);

/** What to record: the token, the sites and the names of their series by id. */
async function prepare(options: RecordOptions) {
  const { from, credentials } = options;
  const token =
    'token' in credentials
      ? credentials.token
      : (await signIn(from, credentials.email, credentials.password)).accessToken;
  const sites = options.sites?.length ? options.sites : await readableSites(from, token);
  if (sites.length === 0) throw new Error(`The account may read no site at ${from}: nothing to record`);
  const prefixes = options.series ?? [];
  const keys = new Map<number, string>();
  for (const site of sites) {
    for (const [id, key] of await seriesKeysOf(from, token, site)) {
      if (prefixes.length === 0 || prefixes.some((p) => key.startsWith(p))) keys.set(id, key);
    }
  }
  if (keys.size === 0) throw new Error(`No series of ${sites.join(', ')} matches --series ${prefixes.join(',')}`);
  return { token, sites, filtered: prefixes.length > 0, keys };
}

/** Files the frames of each site in order: live samples into the recording, missing frames as gaps. */
class FrameLog {
  readonly #keys: Map<number, string>;
  readonly #filtered: boolean;
  readonly #writer: RecordingWriter;
  readonly #onGap: RecordOptions['onGap'];
  readonly #progress = new Map<string, SiteProgress>();
  readonly gaps: RecordGap[] = [];
  frames = 0;
  unknownSeries = 0;

  constructor(keys: Map<number, string>, filtered: boolean, writer: RecordingWriter, onGap: RecordOptions['onGap']) {
    this.#keys = keys;
    this.#filtered = filtered;
    this.#writer = writer;
    this.#onGap = onGap;
  }

  /** How to subscribe to a site: from the last frame held, as the browser resumes. */
  subscription(id: string): { id: string; lastSeq?: number; lastTs?: number } {
    const known = this.#progress.get(id);
    if (!known) return { id };
    return known.lastTs > 0 ? { id, lastSeq: known.seq, lastTs: known.lastTs } : { id, lastSeq: known.seq };
  }

  #gap(siteId: string, known: SiteProgress, seq: number): void {
    const gap = { siteId, frames: seq - known.seq, from: known.lastTs, to: Date.now() };
    this.gaps.push(gap);
    this.#onGap?.(gap);
  }

  add(siteId: string, frame: Frame): void {
    const known = this.#progress.get(siteId);
    if (frame.kind !== frameKinds.live) {
      // A first snapshot is the past; a later one, or a catch-up, stands in for frames this socket did not get.
      if (known && frame.seq > known.seq) this.#gap(siteId, known, frame.seq);
      this.#progress.set(siteId, { seq: Math.max(known?.seq ?? 0, frame.seq), lastTs: known?.lastTs ?? 0 });
      return;
    }
    if (known && frame.seq <= known.seq) return;
    if (known && frame.seq > known.seq + 1) this.#gap(siteId, known, frame.seq - 1);
    this.frames++;
    for (let i = 0; i < frame.series.length; i++) {
      const key = this.#keys.get(frame.series[i] as number);
      if (key === undefined) {
        if (!this.#filtered) this.unknownSeries++;
        continue;
      }
      // The source cannot be paused: gzip outpaces a live feed by far, so its buffer stays small.
      this.#writer.write(key, frame.ts[i] as number, frame.values[i] as number);
    }
    this.#progress.set(siteId, { seq: frame.seq, lastTs: newestTs(frame, known?.lastTs ?? 0) });
  }
}

/** Records until `durationMs` has passed or `signal` aborts; the file is complete either way. */
export async function record(options: RecordOptions): Promise<RecordSummary> {
  const { from } = options;
  const { token, sites, filtered, keys } = await prepare(options).catch((error: Error) => {
    // fetch says only "fetch failed"; the reason is its cause.
    const cause = (error.cause as Error | undefined)?.message;
    throw cause ? new Error(`Cannot reach ${from}: ${cause}`) : error;
  });
  const writer = await RecordingWriter.create(options.out, { recording: 1, from, sites, startedAt: Date.now() });
  const log = new FrameLog(keys, filtered, writer, options.onGap);
  let reconnects = 0;
  let startedAt = 0;
  let stop: (reason: RecordSummary['stoppedBy']) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const stopped = new Promise<RecordSummary['stoppedBy']>((resolve, reject) => {
    stop = resolve;
    fail = reject;
  });

  const socket = connectLive(from, token);
  socket.on('live:frame', (siteId, bytes) => log.add(siteId, decodeFrame(bytes)));
  socket.on('connect', () => {
    if (startedAt > 0) reconnects++;
    subscribe(
      socket,
      sites.map((id) => log.subscription(id)),
    ).then((result) => {
      const refused = result.refused.map((r) => `${r.siteId} (${r.reason})`);
      if (refused.length > 0) return fail(new Error(`The hub refused to stream ${refused.join(', ')}`));
      if (startedAt > 0) return;
      startedAt = performance.now();
      options.onStart?.({ sites, series: keys.size });
    }, fail);
  });
  socket.on('disconnect', (reason) => {
    // The hub dropped this socket (too slow, say): the client does not come back on its own then.
    if (reason === 'io server disconnect') socket.connect();
  });
  socket.on('connect_error', (error: Error & { data?: { code?: string; message?: string } }) => {
    if (startedAt === 0 || error.data?.code === 'UNAUTHENTICATED') {
      fail(new Error(`The hub at ${from} refused the live connection: ${error.data?.message ?? error.message}`));
    }
  });
  socket.on('session:ended', ({ reason }) => fail(new Error(`The hub ended the session (${reason})`)));

  const onAbort = () => stop('signal');
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) stop('signal');
  let last = { at: 0, samples: 0 };
  const ticker = setInterval(() => {
    const now = performance.now();
    if (startedAt === 0) return;
    if (now - startedAt >= options.durationMs) return stop('duration');
    if (last.at === 0) last = { at: startedAt, samples: writer.samples };
    if (now - last.at < 1000) return;
    const rate = ((writer.samples - last.samples) * 1000) / (now - last.at);
    options.onSecond?.({ elapsedMs: now - startedAt, rate, samples: writer.samples, connected: socket.connected });
    last = { at: now, samples: writer.samples };
  }, 50);

  let stoppedBy: RecordSummary['stoppedBy'];
  let seconds = 0;
  let bytes = 0;
  try {
    stoppedBy = await stopped;
    seconds = startedAt === 0 ? 0 : (performance.now() - startedAt) / 1000;
  } finally {
    clearInterval(ticker);
    options.signal?.removeEventListener('abort', onAbort);
    socket.removeAllListeners();
    socket.disconnect();
    bytes = await writer.close();
  }
  const { frames, gaps, unknownSeries } = log;
  return {
    file: options.out,
    bytes,
    sites,
    samples: writer.samples,
    frames,
    seconds,
    gaps,
    reconnects,
    unknownSeries,
    stoppedBy,
  };
}
