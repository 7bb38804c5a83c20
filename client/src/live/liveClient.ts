// The one socket of the app: it connects with the session's token, follows the sites the pages on
// screen ask for (counted, so two charts of one site share a subscription), resumes after a drop with
// the last frame number of each site, and fills a reported gap from the history API. It also carries
// the alarm feed (client/src/alarms), which asks again with its last event number on every reconnect,
// and the CCTV tiles' pictures (`cctv:watch`: the union of the cameras on screen, asked again likewise).
import type { Alarm, AlarmSubscribeResult, AlarmSubscription, SiteEvent } from '@voltscope/shared/alarms';
import { receivedChange } from '@voltscope/shared/alarms';
import {
  type ClientToServerEvents,
  MAX_WATCHED_CAMERAS,
  type ServerToClientEvents,
  type SubscribeResult,
  type WatchResult,
} from '@voltscope/shared/events';
import { decodeFrame } from '@voltscope/shared/frames';
import { io, type Socket } from 'socket.io-client';
import { createStore } from 'zustand/vanilla';
import { api, call } from '../session/api.ts';
import { sessionStore } from '../session/sessionStore.ts';
import { type LiveStore, liveStore } from './liveStore.ts';
import { gapRetryDelay, loadHistory } from './loadHistory.ts';

export type ConnectionStatus = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface ConnectionState {
  status: ConnectionStatus;
  /** Since when the status holds (ms). */
  since: number;
  /** Sites the server refused, with its reason. */
  refused: Record<string, string>;
}

/** Offline: no connection for this long (ms) after a drop; until then, reconnecting. */
const OFFLINE_AFTER_MS = 10_000;

/** What a wall hears when an admin edits its display. */
export type DisplayChangedListener = (...args: Parameters<ServerToClientEvents['display:changed']>) => void;

/** Who follows alarms on this socket (one: the alarm feed). */
export interface AlarmFollower {
  /** The sites to follow with the last event seq held of each; asked on every (re)connection. */
  sites(): AlarmSubscription[];
  /** The server's answer to a subscription (null when it failed or timed out). */
  subscribed(result: AlarmSubscribeResult | null): void;
  event(payload: { alarm: Alarm | null; event: SiteEvent }): void;
}

/** Who watches cameras' pictures (a CCTV tile): each whole JPEG as it comes, and the end of a watch. */
export interface CameraWatcher {
  frame(camera: string, capturedAt: number, jpeg: ArrayBuffer | ArrayBufferView): void;
  /** The hub stopped the camera for this socket (`ended`: rights lost, camera changed or gone) or refused it. */
  ended(camera: string, why: 'ended' | 'refused'): void;
}

/** After a camera's watch ended (its settings changed, say), the wanted set is asked again this much later. */
const REWATCH_MS = 5_000;

export class LiveClient {
  readonly connection = createStore<ConnectionState>(() => ({ status: 'idle', since: Date.now(), refused: {} }));
  readonly #store: LiveStore;
  readonly #wanted = new Map<string, number>();
  #socket: Socket<ServerToClientEvents, ClientToServerEvents> | null = null;
  #token: string | null = null;
  #offlineTimer: ReturnType<typeof setTimeout> | null = null;
  #alarms: AlarmFollower | null = null;
  readonly #displayListeners = new Set<DisplayChangedListener>();
  /** How many want to hear this user's rights change (the signed-in layout): the socket stays open. */
  #rightsFollowers = 0;
  /** The cameras the screen watches, each with its watchers: their union is what `cctv:watch` asks for. */
  readonly #cameras = new Map<string, Set<CameraWatcher>>();
  #watchQueued = false;
  /** A `cctv:watch` in flight on this connection (its generation), and whether the set changed meanwhile. */
  #watchBusy = -1;
  #watchAgain = false;
  #watchGeneration = 0;
  #rewatchTimer: ReturnType<typeof setTimeout> | null = null;
  /** Called when the server ends the session (a sign-out, here or elsewhere; revocation; expiry). */
  onSessionEnded: (reason: 'logout' | 'revoked' | 'expired' | 'unauthenticated') => void = () => {};

  constructor(store: LiveStore) {
    this.#store = store;
  }

  #set(status: ConnectionStatus): void {
    if (this.connection.getState().status !== status) this.connection.setState({ status, since: Date.now() });
  }

  /** Follows a site while the caller needs it; returns the function that stops following. */
  follow(siteId: string): () => void {
    this.#wanted.set(siteId, (this.#wanted.get(siteId) ?? 0) + 1);
    this.#ensureSocket();
    if (this.#wanted.get(siteId) === 1 && this.#socket?.connected) void this.#subscribe([siteId]);
    return () => {
      const left = (this.#wanted.get(siteId) ?? 1) - 1;
      if (left > 0) {
        this.#wanted.set(siteId, left);
        return;
      }
      this.#wanted.delete(siteId);
      this.#socket?.emit('live:unsubscribe', { sites: [siteId] }, () => {});
      if (this.#idle()) this.close();
    };
  }

  /** Follows alarms while the caller needs them (one follower); returns the function that stops. */
  followAlarms(follower: AlarmFollower): () => void {
    this.#alarms = follower;
    this.#ensureSocket();
    if (this.#socket?.connected) void this.subscribeAlarms(follower.sites());
    return () => {
      if (this.#alarms !== follower) return;
      this.#alarms = null;
      if (this.#idle()) this.close();
    };
  }

  /** Hears `display:changed` (a wall's edits) while the caller needs it; keeps the socket open meanwhile. */
  onDisplayChanged(listener: DisplayChangedListener): () => void {
    this.#displayListeners.add(listener);
    this.#ensureSocket();
    return () => {
      this.#displayListeners.delete(listener);
      if (this.#idle()) this.close();
    };
  }

  /**
   * Keeps the socket open while the caller needs to hear `session:rules` (an admin changed this user's
   * role or sites: the store takes the new rules, so the menu and pages follow at once).
   */
  followRights(): () => void {
    this.#rightsFollowers += 1;
    this.#ensureSocket();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.#rightsFollowers -= 1;
      if (this.#idle()) this.close();
    };
  }

  /**
   * Watches cameras' pictures (`cctv:frame`) while the caller needs them; returns the function that stops.
   * Watchers are counted per camera: the hub is asked for the union of all (at most MAX_WATCHED_CAMERAS;
   * one beyond is refused here), again on every (re)connection.
   */
  watchCameras(ids: readonly string[], watcher: CameraWatcher): () => void {
    let changed = false;
    for (const id of new Set(ids)) {
      let watchers = this.#cameras.get(id);
      if (!watchers) {
        watchers = new Set();
        this.#cameras.set(id, watchers);
        changed = true;
      }
      watchers.add(watcher);
    }
    this.#ensureSocket();
    if (changed) this.#queueWatch();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      let dropped = false;
      for (const id of new Set(ids)) {
        const watchers = this.#cameras.get(id);
        if (!watchers?.delete(watcher) || watchers.size > 0) continue;
        this.#cameras.delete(id);
        dropped = true;
      }
      if (this.#idle()) this.close();
      else if (dropped) this.#queueWatch();
    };
  }

  /** Asks for the wanted cameras once the current task is done (a grid's tiles mount together). */
  #queueWatch(): void {
    if (this.#watchQueued) return;
    this.#watchQueued = true;
    queueMicrotask(() => {
      this.#watchQueued = false;
      void this.#watch();
    });
  }

  /** Sends `cctv:watch` with the wanted set, one request at a time; tells the watchers of refused cameras. */
  async #watch(): Promise<void> {
    const socket = this.#socket;
    if (!socket?.connected) return;
    const generation = this.#watchGeneration;
    if (this.#watchBusy === generation) {
      this.#watchAgain = true;
      return;
    }
    this.#watchBusy = generation;
    const wanted = [...this.#cameras.keys()];
    let result: WatchResult | null = null;
    try {
      const ack = await socket
        .timeout(10_000)
        .emitWithAck('cctv:watch', { cameras: wanted.slice(0, MAX_WATCHED_CAMERAS) });
      if ('data' in ack) result = ack.data as WatchResult;
    } catch {
      // Timed out: asked again below.
    }
    if (this.#socket !== socket || this.#watchGeneration !== generation) return;
    this.#watchBusy = -1;
    const refused = [...(result?.refused.map((r) => r.camera) ?? []), ...wanted.slice(MAX_WATCHED_CAMERAS)];
    for (const id of refused) for (const watcher of this.#cameras.get(id) ?? []) watcher.ended(id, 'refused');
    if (!result) this.#rewatchLater();
    if (this.#watchAgain) {
      this.#watchAgain = false;
      void this.#watch();
    }
  }

  #rewatchLater(): void {
    if (this.#rewatchTimer) return;
    this.#rewatchTimer = setTimeout(() => {
      this.#rewatchTimer = null;
      void this.#watch();
    }, REWATCH_MS);
  }

  /** Nothing needs the socket any more. */
  #idle(): boolean {
    return (
      this.#wanted.size === 0 &&
      !this.#alarms &&
      this.#displayListeners.size === 0 &&
      this.#rightsFollowers === 0 &&
      this.#cameras.size === 0
    );
  }

  /** Sends `alarms:subscribe` now (new sites, or a gap to replay); the answer goes to the follower. */
  async subscribeAlarms(sites: AlarmSubscription[]): Promise<void> {
    const socket = this.#socket;
    const follower = this.#alarms;
    if (!socket?.connected || !follower) return;
    // The hub takes at most 100 sites per request.
    for (let i = 0; i < sites.length; i += 100) {
      let result: AlarmSubscribeResult | null = null;
      try {
        const ack = await socket.timeout(10_000).emitWithAck('alarms:subscribe', { sites: sites.slice(i, i + 100) });
        if ('data' in ack) result = ack.data as AlarmSubscribeResult;
      } catch {
        // Timed out: the follower asks again.
      }
      if (this.#socket !== socket || this.#alarms !== follower) return;
      follower.subscribed(result);
    }
  }

  #ensureSocket(): void {
    const token = sessionStore.getState().accessToken;
    if (this.#socket && this.#token === token) return;
    this.close();
    if (!token) return;
    this.#token = token;
    this.#set('connecting');
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io({
      // Read at each (re)connection: a wall renews its token while the socket lives.
      auth: (send) => send({ token: sessionStore.getState().accessToken ?? token }),
      transports: ['websocket', 'polling'],
      reconnectionDelay: 500,
      reconnectionDelayMax: 5000,
    });
    this.#socket = socket;
    socket.on('connect', () => {
      if (this.#offlineTimer) clearTimeout(this.#offlineTimer);
      this.#set('live');
      void this.#subscribe([...this.#wanted.keys()]);
      if (this.#alarms) void this.subscribeAlarms(this.#alarms.sites());
      // A new connection watches nothing yet: a request still unanswered on the old one is forgotten.
      this.#watchGeneration += 1;
      if (this.#cameras.size > 0) void this.#watch();
    });
    socket.on('disconnect', (reason) => {
      this.#set('reconnecting');
      this.#offlineTimer = setTimeout(() => this.#set('offline'), OFFLINE_AFTER_MS);
      // The hub dropped this socket (too slow to keep up, say): Socket.IO does not reconnect on its own
      // then. A socket whose session ended was closed first, so it is not this one any more.
      if (reason === 'io server disconnect' && this.#socket === socket) setTimeout(() => socket.connect(), 500);
    });
    socket.on('connect_error', (error: Error & { data?: { code?: string } }) => {
      if (error.data?.code === 'UNAUTHENTICATED') {
        this.close();
        this.onSessionEnded('unauthenticated');
        return;
      }
      if (this.connection.getState().status === 'connecting') this.#set('reconnecting');
    });
    socket.on('session:ended', ({ reason }) => {
      this.close();
      this.onSessionEnded(reason);
    });
    // An admin changed this user's role or sites: the menu and the pages follow the new rules at once
    // (the router's guard sends the user on if the page on screen is no longer theirs).
    socket.on('session:rules', ({ userAbilityRules, userData }) =>
      sessionStore.updateRights(userAbilityRules, userData),
    );
    // An admin took sites away: the page shows them refused, as a fresh subscription would.
    socket.on('live:revoked', ({ sites }) => {
      const refused = { ...this.connection.getState().refused };
      for (const siteId of sites) refused[siteId] = 'you may no longer read this site';
      this.connection.setState({ refused });
    });
    socket.on('live:frame', (siteId, bytes) => {
      if (!this.#wanted.has(siteId)) return;
      this.#store.applyFrame(siteId, decodeFrame(bytes));
    });
    socket.on('cctv:frame', (camera, capturedAt, jpeg) => {
      for (const watcher of this.#cameras.get(camera) ?? []) watcher.frame(camera, capturedAt, jpeg);
    });
    // The hub stopped a camera for this socket: its watchers hear it, and the set is asked again a little
    // later (a camera whose settings changed comes back; one the user may no longer see is refused).
    socket.on('cctv:ended', ({ camera }) => {
      for (const watcher of this.#cameras.get(camera) ?? []) watcher.ended(camera, 'ended');
      if (this.#cameras.has(camera)) this.#rewatchLater();
    });
    socket.on('alarm:events', (payloads) => {
      for (const payload of payloads) this.#alarms?.event(receivedChange(payload));
    });
    socket.on('display:changed', (payload) => {
      for (const listener of this.#displayListeners) listener(payload);
    });
  }

  async #subscribe(siteIds: string[]): Promise<void> {
    const socket = this.#socket;
    if (!socket || siteIds.length === 0) return;
    // Taken before the hub's snapshot arrives: what each series held when the gap opened.
    const resumes = new Map(siteIds.map((id) => [id, this.#store.resumePoint(id)]));
    const sites = siteIds.map((id) => {
      const progress = this.#store.progress(id);
      if (!progress) return { id };
      const resume = resumes.get(id);
      // Without a sample held there is no time to resume from (lastTs 0 would ask for a gap from 1970).
      return resume ? { id, lastSeq: progress.seq, lastTs: resume.from } : { id, lastSeq: progress.seq };
    });
    let ack: Awaited<ReturnType<typeof socket.emitWithAck>>;
    try {
      ack = await socket.timeout(10_000).emitWithAck('live:subscribe', { sites });
    } catch {
      return;
    }
    if ('error' in ack) return;
    const result = ack.data as SubscribeResult;
    const refused = { ...this.connection.getState().refused };
    for (const r of result.refused) refused[r.siteId] = r.reason;
    for (const g of result.granted) delete refused[g.siteId];
    this.connection.setState({ refused });
    for (const granted of result.granted) {
      if (granted.gap) void this.#fillGap(granted.siteId, granted.gap, resumes.get(granted.siteId)?.heldUntil);
    }
  }

  /**
   * Fetches a missed span for the series this client holds of the site; asked again a few times when the
   * request fails on the way (a hub node going away), as long as this socket is the client's.
   */
  async #fillGap(
    siteId: string,
    gap: { from: number; to: number },
    heldUntil: ReadonlyMap<number, number> | undefined,
  ): Promise<void> {
    const socket = this.#socket;
    for (let attempt = 0; this.#socket === socket; attempt++) {
      try {
        const ids: number[] = [];
        for (const s of await api(call('GET /api/sites/:id/series', { params: { id: siteId } }))) {
          if (this.#store.latest(s.id)) ids.push(s.id);
        }
        await loadHistory(this.#store, siteId, ids, gap, heldUntil ? { heldUntil } : {});
        return;
      } catch (error) {
        const wait = gapRetryDelay(error, attempt);
        if (wait === null) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  close(): void {
    if (this.#offlineTimer) clearTimeout(this.#offlineTimer);
    if (this.#rewatchTimer) clearTimeout(this.#rewatchTimer);
    this.#rewatchTimer = null;
    this.#watchGeneration += 1;
    this.#socket?.removeAllListeners();
    this.#socket?.disconnect();
    this.#socket = null;
    this.#token = null;
    this.#set('idle');
  }
}

export const liveClient = new LiveClient(liveStore);
