// A Socket.IO client of a cluster as the browser's live client is (client/src/live/liveClient.ts), for the
// fault tests: it follows one site, resumes where its series stood, and fills the gap the hub names.
import type { SubscribeResult } from '@voltscope/shared/events';
import { decodeFrame, frameKinds } from '@voltscope/shared/frames';
import { io, type Socket } from 'socket.io-client';
import { onTestFinished } from 'vitest';
import { sleep } from './proxyCluster.ts';

/** Where the clients go (the proxy) and the bearer token they sign with. */
export interface Hub {
  url: string;
  token: string;
}

/** A GET of the hub's API as JSON; anything but a 200 throws, with its status. */
export async function getJson<T>(hub: Hub, path: string): Promise<T> {
  const response = await fetch(`${hub.url}${path}`, { headers: { authorization: `Bearer ${hub.token}` } });
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** How far behind the site's newest sample a series may be and still be waited for (liveStore.ts). */
const RESUME_WINDOW_MS = 60_000;
/** Waits before a failed history request is asked again (client/src/live/loadHistory.ts). */
const GAP_RETRY_MS = [1000, 2000, 4000, 8000];

/**
 * A Socket.IO client as client/src/live/liveClient.ts is: it follows one site, and on every
 * (re)connection subscribes again with the last frame number it holds and the oldest newest sample time
 * of the site's reporting series; a `gap` the hub names is fetched from the history API (at
 * one-millisecond buckets here, so that every sample comes back as it is), asked again when a request
 * fails on the way.
 */
export class FollowingClient {
  readonly socket: Socket;
  /** What the screen holds: "series@ts" → value, from frames, snapshots and history. */
  readonly view = new Map<string, number>();
  /** How often each sample came in a live frame (a sample shown twice is one that came twice). */
  readonly live = new Map<string, number>();
  connects = 0;
  disconnects = 0;
  readonly gaps: { from: number; to: number }[] = [];
  readonly grants: SubscribeResult['granted'] = [];
  #seq: number | null = null;
  /** Per series, the newest sample time held. */
  readonly #newest = new Map<number, number>();
  #filling: Promise<void>[] = [];

  readonly siteId: string;

  readonly #hub: Hub;

  constructor(hub: Hub, siteId: string) {
    this.#hub = hub;
    this.siteId = siteId;
    this.socket = io(hub.url, {
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
      auth: { token: hub.token },
      extraHeaders: { authorization: `Bearer ${hub.token}` },
    });
    this.socket.on('live:frame', (siteId: string, bytes: ArrayBuffer | ArrayBufferView) => {
      if (siteId !== this.siteId) return;
      const frame = decodeFrame(bytes as Uint8Array);
      for (let i = 0; i < frame.series.length; i++) {
        const key = `${frame.series[i]}@${frame.ts[i]}`;
        this.view.set(key, frame.values[i] as number);
        if (frame.kind === frameKinds.live) this.live.set(key, (this.live.get(key) ?? 0) + 1);
        const id = frame.series[i] as number;
        this.#newest.set(id, Math.max(this.#newest.get(id) ?? 0, frame.ts[i] as number));
      }
      this.#seq = Math.max(this.#seq ?? 0, frame.seq);
    });
    this.socket.on('disconnect', () => {
      this.disconnects++;
    });
    this.socket.on('connect', () => {
      this.connects++;
      void this.#subscribe();
    });
  }

  get subscribed(): boolean {
    return this.grants.length === this.connects && this.connects > 0;
  }

  /** Where the missed span starts: the oldest newest sample of the series that report (liveStore.ts). */
  #resumeFrom(): number {
    const newest = Math.max(0, ...this.#newest.values());
    return Math.min(newest, ...[...this.#newest.values()].filter((t) => t >= newest - RESUME_WINDOW_MS));
  }

  async #subscribe(): Promise<void> {
    const from = this.#resumeFrom();
    const site =
      this.#seq === null
        ? { id: this.siteId }
        : from > 0
          ? { id: this.siteId, lastSeq: this.#seq, lastTs: from }
          : { id: this.siteId, lastSeq: this.#seq };
    const ack = await this.socket.timeout(10_000).emitWithAck('live:subscribe', { sites: [site] });
    if ('error' in ack) throw new Error(ack.error.message);
    const [granted] = (ack.data as SubscribeResult).granted;
    if (!granted) throw new Error(`${this.siteId} refused`);
    this.grants.push(granted);
    if (granted.gap) {
      this.gaps.push(granted.gap);
      this.#filling.push(this.#fill(granted.gap));
    }
  }

  /** The history of `gap`, asked again after a failure on the way (a node going away), as the client does. */
  async #fill(gap: { from: number; to: number }): Promise<void> {
    for (const wait of [...GAP_RETRY_MS, null]) {
      try {
        return await this.#fillOnce(gap);
      } catch (error) {
        if (wait === null || !(error instanceof TypeError || /: 5\d\d /.test(String(error)))) throw error;
        await sleep(wait);
      }
    }
  }

  /** The history of the site's series over `gap`, ten seconds a request (10,000 points: 1 ms buckets). */
  async #fillOnce(gap: { from: number; to: number }): Promise<void> {
    const ids = (await getJson<{ id: number }[]>(this.#hub, `/api/sites/${this.siteId}/series`)).map((s) => s.id);
    for (let from = Math.floor(gap.from); from < gap.to; from += 10_000) {
      const to = Math.min(Math.ceil(gap.to) + 1, from + 10_000);
      for (let i = 0; i < ids.length; i += 50) {
        const query = new URLSearchParams({
          ids: ids.slice(i, i + 50).join(','),
          from: String(from),
          to: String(to),
          maxPoints: String(to - from),
        });
        const history = await getJson<{ ts: number[]; series: { id: number; avg: (number | null)[] }[] }>(
          this.#hub,
          `/api/series/history?${query}`,
        );
        for (const s of history.series) {
          history.ts.forEach((ts, k) => {
            const value = s.avg[k];
            if (value !== null && value !== undefined && !this.view.has(`${s.id}@${ts}`)) {
              this.view.set(`${s.id}@${ts}`, value);
            }
          });
        }
      }
    }
  }

  async filled(): Promise<void> {
    await Promise.all(this.#filling);
  }

  close(): void {
    this.socket.disconnect();
  }
}

/** `n` clients following `siteId`, closed when the test ends, whatever it finds; and their senders' stop. */
export function following(hub: Hub, n: number, siteId: string) {
  const clients = Array.from({ length: n }, () => new FollowingClient(hub, siteId));
  const senders = { stopped: false };
  onTestFinished(() => {
    senders.stopped = true;
    for (const client of clients) client.close();
  });
  return { clients, senders };
}
