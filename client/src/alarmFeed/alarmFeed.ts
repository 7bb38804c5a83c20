// The alarm feed: while something needs it and the user is signed in with the right to read alarms, it
// follows every site GET /api/sites returns on the app's one socket, loads their open alarms, applies
// each event of `alarm:events` once and in order (alarmBook), resumes from the last seq held after a gap or a
// reconnection, reloads a site the server says to resync, and publishes the sorted open alarms in a
// zustand store committed at most every COMMIT_MS (a replay of hundreds of events renders once).
import type { Alarm, AlarmSubscribeResult } from '@voltscope/shared/alarms';
import type { Site } from '@voltscope/shared/domain';
import { createStore } from 'zustand/vanilla';
import { type AlarmFollower, liveClient } from '../live/liveClient.ts';
import { currentAbility } from '../session/ability.ts';
import { api, call } from '../session/api.ts';
import { sessionStore } from '../session/sessionStore.ts';
import { AlarmBook, type AlarmEventPayload } from './alarmBook.ts';
import { mergeSorted } from './sortedAlarms.ts';

/** ISA-18.2 flood: more than this many new alarms at a site within FLOOD_WINDOW_MS. */
export const FLOOD_LIMIT = 10;
export const FLOOD_WINDOW_MS = 10 * 60_000;
const COMMIT_MS = 50;
/**
 * A commit that costs more than that (a storm re-sorting thousands of alarms and redrawing the console)
 * is followed by a wait of this many times its cost: committing never takes more than a fifth of the
 * main thread, and an operator scrolling through the storm keeps smooth frames.
 */
const COMMIT_WAIT_PER_COST = 4;
const RETRY_MS = 5000;
/** Flood windows slide even when nothing arrives. */
const CLOCK_MS = 15_000;

export type FeedStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface AlarmFeedState {
  status: FeedStatus;
  /** Open alarms of the followed sites, by priority then newest first. */
  alarms: readonly Alarm[];
  /** The sites followed (those the user may read). */
  sites: readonly Site[];
  /** Sites the server refused or whose alarms failed to load, with the reason. */
  siteErrors: Readonly<Record<string, string>>;
  flooding: readonly { siteId: string; count: number }[];
}

const initial: AlarmFeedState = { status: 'idle', alarms: [], sites: [], siteErrors: {}, flooding: [] };

type Listener<A extends unknown[]> = (...args: A) => void;

class AlarmFeed implements AlarmFollower {
  readonly store = createStore<AlarmFeedState>(() => initial);
  #book = new AlarmBook();
  #users = 0;
  /** The token the feed runs for; a change of session restarts it. */
  #token: string | null = null;
  #stopSocket: (() => void) | null = null;
  #abort: AbortController | null = null;
  #resuming = new Set<string>();
  #commitTimer: ReturnType<typeof setTimeout> | null = null;
  /** What the last commit cost, its subscribers' render included (ms). */
  #commitCost = 0;
  #clock: ReturnType<typeof setInterval> | null = null;
  #retryTimer: ReturnType<typeof setTimeout> | null = null;
  #siteErrors: Record<string, string> = {};
  /** Sites granted whose open alarms are still on their way. */
  #snapshots = new Set<string>();
  readonly #eventListeners = new Set<Listener<[AlarmEventPayload['event'], Alarm | null]>>();
  readonly #resyncListeners = new Set<Listener<[string]>>();

  constructor() {
    sessionStore.subscribe((state, previous) => {
      if (state.accessToken !== previous.accessToken) this.#sync();
    });
  }

  /** Keeps the feed running while the caller needs it; returns the function that lets go. */
  retain(): () => void {
    this.#users += 1;
    this.#sync();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#users -= 1;
      this.#sync();
    };
  }

  onEvent(listener: Listener<[AlarmEventPayload['event'], Alarm | null]>): () => void {
    this.#eventListeners.add(listener);
    const release = this.retain();
    return () => {
      this.#eventListeners.delete(listener);
      release();
    };
  }

  onResync(listener: Listener<[string]>): () => void {
    this.#resyncListeners.add(listener);
    return () => void this.#resyncListeners.delete(listener);
  }

  /** Alarms as an action answered them: shown at once, before their events come round. */
  merge(alarms: readonly Alarm[]): void {
    for (const alarm of alarms) {
      if (!this.#book.has(alarm.siteId)) continue;
      const held = this.#book.alarms.get(alarm.id);
      if (held && held.seq > alarm.seq) continue;
      if (alarm.state === 'closed') this.#book.alarms.delete(alarm.id);
      else this.#book.alarms.set(alarm.id, alarm);
    }
    this.#commitSoon();
  }

  /** Starts or stops the feed to match who needs it and who is signed in. */
  #sync(): void {
    const token = sessionStore.getState().accessToken;
    const wanted = this.#users > 0 && token !== null && currentAbility().can('read', 'Alarm') ? token : null;
    if (wanted === this.#token) return;
    this.#stop();
    if (wanted) this.#start(wanted);
  }

  #start(token: string): void {
    this.#token = token;
    this.#abort = new AbortController();
    this.store.setState({ ...initial, status: 'loading' });
    this.#clock = setInterval(() => this.#commitSoon(), CLOCK_MS);
    void this.#loadSites(this.#abort.signal);
  }

  async #loadSites(signal: AbortSignal): Promise<void> {
    let sites: Site[];
    try {
      sites = await api(call('GET /api/sites'), { signal });
    } catch {
      if (signal.aborted) return;
      this.store.setState({ status: 'error' });
      this.#retryTimer = setTimeout(() => {
        this.#retryTimer = null;
        void this.#loadSites(signal);
      }, RETRY_MS);
      return;
    }
    if (signal.aborted) return;
    for (const site of sites) this.#book.add(site.id);
    this.store.setState({ sites });
    if (sites.length === 0) {
      this.store.setState({ status: 'ready' });
      return;
    }
    this.#stopSocket = liveClient.followAlarms(this);
  }

  #stop(): void {
    this.#commitCost = 0;
    this.#abort?.abort();
    this.#abort = null;
    this.#stopSocket?.();
    this.#stopSocket = null;
    for (const timer of [this.#commitTimer, this.#retryTimer]) if (timer) clearTimeout(timer);
    if (this.#clock) clearInterval(this.#clock);
    this.#commitTimer = this.#retryTimer = this.#clock = null;
    this.#book = new AlarmBook();
    this.#resuming.clear();
    this.#snapshots.clear();
    this.#siteErrors = {};
    this.#token = null;
    this.store.setState(initial, true);
  }

  // ── AlarmFollower: called by the socket ──

  sites(): { id: string; lastSeq?: number }[] {
    return this.#book.siteIds().map((id) => {
      const lastSeq = this.#book.lastSeq(id);
      return lastSeq === undefined ? { id } : { id, lastSeq };
    });
  }

  subscribed(result: AlarmSubscribeResult | null): void {
    if (!result) {
      // Timed out or refused as a whole: ask again for what is not granted yet.
      if (!this.#retryTimer) {
        this.#retryTimer = setTimeout(() => {
          this.#retryTimer = null;
          this.#resuming.clear();
          void liveClient.subscribeAlarms(this.sites());
        }, RETRY_MS);
      }
      return;
    }
    const fresh: { siteId: string; seq: number }[] = [];
    for (const { siteId, seq, via } of result.granted) {
      this.#resuming.delete(siteId);
      if (!this.#book.has(siteId)) continue;
      if (via === 'replay') {
        // A replay that left a hole (rare: an event on its way during the read): ask once more.
        if (this.#book.missing(siteId)) this.#resume(siteId);
        continue;
      }
      this.#deliver(this.#book.start(siteId, seq));
      fresh.push({ siteId, seq });
      if (via === 'resync') for (const listener of this.#resyncListeners) listener(siteId);
    }
    for (const { siteId, reason } of result.refused) {
      this.#book.remove(siteId);
      this.#siteErrors[siteId] = reason;
    }
    if (fresh.length > 0) void this.#loadSnapshot(fresh);
    this.#commitSoon();
  }

  event(payload: AlarmEventPayload): void {
    const result = this.#book.receive(payload);
    if (result.kind === 'applied') {
      this.#deliver(result.delivered);
      this.#commitSoon();
    } else if (result.kind === 'gap') {
      this.#resume(payload.event.siteId as string);
    } else if (result.kind === 'overflow') {
      const siteId = payload.event.siteId as string;
      this.#resuming.add(siteId);
      void liveClient.subscribeAlarms([{ id: siteId }]);
    }
  }

  #resume(siteId: string): void {
    if (this.#resuming.has(siteId)) return;
    const lastSeq = this.#book.lastSeq(siteId);
    if (lastSeq === undefined) return;
    this.#resuming.add(siteId);
    void liveClient.subscribeAlarms([{ id: siteId, lastSeq }]);
  }

  #deliver(payloads: readonly AlarmEventPayload[]): void {
    for (const { event, alarm } of payloads) {
      for (const listener of this.#eventListeners) {
        try {
          listener(event, alarm);
        } catch (error) {
          // One page's listener failing must not stop the others or the feed.
          queueMicrotask(() => {
            throw error;
          });
        }
      }
    }
  }

  async #loadSnapshot(granted: readonly { siteId: string; seq: number }[]): Promise<void> {
    const signal = this.#abort?.signal;
    if (!signal) return;
    const ids = granted.map((g) => g.siteId);
    for (const id of ids) this.#snapshots.add(id);
    let alarms: Alarm[];
    try {
      alarms = await api(call('GET /api/alarms/active', { query: { sites: ids.join(',') } }), { signal });
    } catch {
      if (signal.aborted) return;
      for (const id of ids) this.#siteErrors[id] = 'load';
      this.store.setState({ status: 'error', siteErrors: { ...this.#siteErrors } });
      setTimeout(() => {
        if (!signal.aborted) void this.#loadSnapshot(granted);
      }, RETRY_MS);
      return;
    }
    if (signal.aborted) return;
    for (const id of ids) this.#snapshots.delete(id);
    const since = Date.now() - FLOOD_WINDOW_MS;
    for (const { siteId, seq } of granted) {
      delete this.#siteErrors[siteId];
      this.#book.applySnapshot(
        siteId,
        seq,
        alarms.filter((a) => a.siteId === siteId),
        since,
      );
    }
    this.#commitSoon();
  }

  #commitSoon(): void {
    this.#commitTimer ??= setTimeout(
      () => {
        this.#commitTimer = null;
        const started = performance.now();
        this.#commit();
        // React renders the store's subscribers in a microtask the commit queued: measured after it.
        queueMicrotask(() => {
          this.#commitCost = performance.now() - started;
        });
      },
      Math.max(COMMIT_MS, this.#commitCost * COMMIT_WAIT_PER_COST),
    );
  }

  #commit(): void {
    if (!this.#token) return;
    const loading = this.#snapshots.size > 0 || this.#book.siteIds().some((id) => this.#book.lastSeq(id) === undefined);
    const failed = Object.values(this.#siteErrors).includes('load');
    this.store.setState({
      status: failed ? 'error' : loading ? 'loading' : 'ready',
      alarms: mergeSorted(this.store.getState().alarms, this.#book.alarms),
      siteErrors: { ...this.#siteErrors },
      flooding: this.#book.flooding(Date.now() - FLOOD_WINDOW_MS, FLOOD_LIMIT),
    });
  }
}

export const alarmFeed = new AlarmFeed();
