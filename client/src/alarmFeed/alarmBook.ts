// The open alarms of the followed sites and where each site's event stream stands, in plain TypeScript
// (no socket, no React, no clock). Events of a site carry a seq that grows by one: each seq is applied
// once and in order; a duplicate (a replay overlapping what came live) is dropped; a jump is a gap: the
// events after it wait until the missing ones are replayed (RELIABILITY invariant I3). A snapshot of
// GET /api/alarms/active and the events racing it are merged by each alarm's own seq, so neither order
// loses a change or brings back a closed alarm.
import type { Alarm, AlarmChangeOf } from '@voltscope/shared/alarms';

/** One event of an `alarm:events` message, made whole (with its message). */
export type AlarmEventPayload = AlarmChangeOf;

/** Events held past a gap before the site is reloaded instead. */
const MAX_PENDING = 2000;

interface SiteTrack {
  /** The last seq applied; null until the server granted the site. */
  held: number | null;
  /** Events past a gap (or before the grant), by seq. */
  pending: Map<number, AlarmEventPayload>;
  /** A snapshot is on its way: closed alarms are remembered (id → seq) so it cannot bring them back. */
  loading: boolean;
  closed: Map<number, number>;
  /** Non-suppressed raises (alarm id → time) for flood detection; pruned by the caller's clock. */
  raises: Map<number, number>;
}

export type ReceiveResult =
  /** Applied in order; these are the events delivered (the one received, and any it unblocked). */
  | { kind: 'applied'; delivered: AlarmEventPayload[] }
  | { kind: 'duplicate' }
  /** Held back: events are missing before it; resume from `lastSeq`. */
  | { kind: 'gap'; lastSeq: number }
  /** Too much is missing: reload the site. */
  | { kind: 'overflow' }
  | { kind: 'ignored' };

export class AlarmBook {
  readonly alarms = new Map<number, Alarm>();
  readonly #sites = new Map<string, SiteTrack>();

  #track(siteId: string): SiteTrack {
    let track = this.#sites.get(siteId);
    if (!track) {
      track = { held: null, pending: new Map(), loading: false, closed: new Map(), raises: new Map() };
      this.#sites.set(siteId, track);
    }
    return track;
  }

  has(siteId: string): boolean {
    return this.#sites.has(siteId);
  }

  siteIds(): string[] {
    return [...this.#sites.keys()];
  }

  /** The last seq applied of a site, to resume from; undefined before the server granted it. */
  lastSeq(siteId: string): number | undefined {
    return this.#sites.get(siteId)?.held ?? undefined;
  }

  /** Starts following a site (events that come before the grant wait for it). */
  add(siteId: string): void {
    this.#track(siteId);
  }

  /** Stops following a site: its alarms leave the book. */
  remove(siteId: string): void {
    this.#sites.delete(siteId);
    for (const [id, alarm] of this.alarms) if (alarm.siteId === siteId) this.alarms.delete(id);
  }

  /**
   * The server granted a site from `seq` on, with a fresh state (first subscription, or a resync):
   * events up to `seq` are in the snapshot that follows. Returns what waiting events it unblocked.
   */
  start(siteId: string, seq: number): AlarmEventPayload[] {
    const track = this.#track(siteId);
    track.held = seq;
    track.loading = true;
    track.closed.clear();
    for (const s of track.pending.keys()) if (s <= seq) track.pending.delete(s);
    return this.#drain(siteId, track);
  }

  /**
   * The site's open alarms as GET /api/alarms/active returned them, read after the grant of `baseSeq`:
   * an alarm of the book changed after it (seq > baseSeq) and missing from the snapshot stays.
   */
  applySnapshot(siteId: string, baseSeq: number, alarms: readonly Alarm[], recentSince: number): void {
    const track = this.#track(siteId);
    const inSnapshot = new Set<number>();
    for (const alarm of alarms) {
      if (alarm.siteId !== siteId) continue;
      inSnapshot.add(alarm.id);
      const closedAt = track.closed.get(alarm.id);
      if (closedAt !== undefined && closedAt >= alarm.seq) continue;
      const held = this.alarms.get(alarm.id);
      if (!held || held.seq <= alarm.seq) this.alarms.set(alarm.id, alarm);
      if (!alarm.suppressed && alarm.raisedAt >= recentSince) track.raises.set(alarm.id, alarm.raisedAt);
    }
    for (const [id, alarm] of this.alarms) {
      if (alarm.siteId === siteId && !inSnapshot.has(id) && alarm.seq <= baseSeq) this.alarms.delete(id);
    }
    track.loading = false;
    track.closed.clear();
  }

  /** One event of an `alarm:events` message from the socket. */
  receive(payload: AlarmEventPayload): ReceiveResult {
    const siteId = payload.event.siteId;
    if (siteId === null) return { kind: 'ignored' };
    const track = this.#sites.get(siteId);
    if (!track) return { kind: 'ignored' };
    const seq = payload.event.seq;
    if (track.held !== null && seq <= track.held) return { kind: 'duplicate' };
    if (track.pending.has(seq)) return { kind: 'duplicate' };
    if (track.held === null || seq > track.held + 1) {
      track.pending.set(seq, payload);
      if (track.pending.size > MAX_PENDING) {
        track.pending.clear();
        return { kind: 'overflow' };
      }
      return track.held === null ? { kind: 'ignored' } : { kind: 'gap', lastSeq: track.held };
    }
    track.pending.set(seq, payload);
    return { kind: 'applied', delivered: this.#drain(siteId, track) };
  }

  /** Whether a site still waits for events before its newest one (after a replay came back). */
  missing(siteId: string): boolean {
    const track = this.#sites.get(siteId);
    return !!track && track.held !== null && track.pending.size > 0;
  }

  #drain(_siteId: string, track: SiteTrack): AlarmEventPayload[] {
    const delivered: AlarmEventPayload[] = [];
    if (track.held === null) return delivered;
    for (let next = track.pending.get(track.held + 1); next; next = track.pending.get(track.held + 1)) {
      track.pending.delete(track.held + 1);
      track.held += 1;
      this.#apply(track, next);
      delivered.push(next);
    }
    return delivered;
  }

  #apply(track: SiteTrack, { alarm, event }: AlarmEventPayload): void {
    if (!alarm) return;
    if (event.type === 'alarm_raised' && !alarm.suppressed) track.raises.set(alarm.id, event.ts);
    const held = this.alarms.get(alarm.id);
    if (held && held.seq > alarm.seq) return;
    if (alarm.state === 'closed') {
      this.alarms.delete(alarm.id);
      if (track.loading) track.closed.set(alarm.id, alarm.seq);
      return;
    }
    this.alarms.set(alarm.id, alarm);
  }

  /** Sites with more than `limit` non-suppressed alarms raised since `since` (ISA-18.2 flood). */
  flooding(since: number, limit: number): { siteId: string; count: number }[] {
    const result: { siteId: string; count: number }[] = [];
    for (const [siteId, track] of this.#sites) {
      const count = countRecent(track.raises, since);
      if (count > limit) result.push({ siteId, count });
    }
    return result;
  }
}

/** Counts raises at or after `since` and forgets the older ones (the map stays as small as the window). */
export function countRecent(raises: Map<number, number>, since: number): number {
  let count = 0;
  for (const [id, ts] of raises) {
    if (ts >= since) count += 1;
    else raises.delete(id);
  }
  return count;
}
