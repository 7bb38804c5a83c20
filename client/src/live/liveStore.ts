// The client's live data: per series a ring of its recent samples (shared/sampleRing.ts: typed arrays,
// mutated in place on purpose, nothing allocated per sample) and per site a version counter bumped once
// per frame.
// Samples stay out of React: charts subscribe to the counter outside React and redraw at most once per
// animation frame; only discrete state (connection, refusals) goes through React.
import type { Frame } from '@voltscope/shared/frames';
import { SampleRing } from '@voltscope/shared/sampleRing';
import { createStore } from 'zustand/vanilla';

/** 15 minutes at one sample a second: what the live pages show. */
const RING_CAPACITY = 900;
/**
 * A series whose newest sample is this much older than the site's newest is not waited for on resume: it
 * reports seldom, or has stopped (its latest value comes back in the snapshot).
 */
const RESUME_WINDOW_MS = 60_000;

export interface SiteProgress {
  /** The newest live frame number held: sent back to resume after a reconnect. */
  seq: number;
  /** The newest sample time held. */
  lastTs: number;
  /** When the last frame arrived (client clock). */
  receivedAt: number;
}

export interface LiveState {
  /** Bumped once per frame applied to a site: the one thing charts listen to. */
  versions: Record<string, number>;
}

export class LiveStore {
  readonly #capacity: number;
  readonly #rings = new Map<number, SampleRing>();
  /** The series held of each site, for resuming. */
  readonly #seriesOf = new Map<string, Set<number>>();
  readonly #progress = new Map<string, SiteProgress>();
  readonly state = createStore<LiveState>(() => ({ versions: {} }));

  /** `capacity`: samples kept per series (a wall of hour-long charts keeps 3,600). */
  constructor(capacity = RING_CAPACITY) {
    this.#capacity = capacity;
  }

  #ring(siteId: string, id: number): SampleRing {
    let ring = this.#rings.get(id);
    if (!ring) {
      ring = new SampleRing(this.#capacity);
      this.#rings.set(id, ring);
      const held = this.#seriesOf.get(siteId);
      if (held) held.add(id);
      else this.#seriesOf.set(siteId, new Set([id]));
    }
    return ring;
  }

  applyFrame(siteId: string, frame: Frame, receivedAt = Date.now()): void {
    const n = frame.series.length;
    let lastTs = this.#progress.get(siteId)?.lastTs ?? 0;
    for (let i = 0; i < n; i++) {
      const ts = frame.ts[i] as number;
      // A sample the ring already has (a replayed or snapshot frame) is not stored twice.
      this.#ring(siteId, frame.series[i] as number).push(ts, frame.values[i] as number);
      if (ts > lastTs) lastTs = ts;
    }
    const previous = this.#progress.get(siteId);
    this.#progress.set(siteId, { seq: Math.max(previous?.seq ?? 0, frame.seq), lastTs, receivedAt });
    this.#bump(siteId);
  }

  /**
   * Older samples from the history API (a gap after a long disconnection), merged in time order; with
   * `after`, only those newer than it (the series' newest sample when the gap opened).
   */
  mergeHistory(
    siteId: string,
    seriesId: number,
    ts: readonly number[],
    values: readonly (number | null)[],
    after = Number.NEGATIVE_INFINITY,
  ): void {
    const existing: [number, number][] = [];
    this.each(seriesId, 0, (t, v) => existing.push([t, v]));
    const merged = new Map<number, number>(existing);
    ts.forEach((t, i) => {
      const v = values[i];
      if (t > after && v !== null && v !== undefined && !merged.has(t)) merged.set(t, v);
    });
    const sorted = [...merged].sort((a, b) => a[0] - b[0]).slice(-this.#capacity);
    const ring = this.#ring(siteId, seriesId);
    ring.clear();
    for (const [t, v] of sorted) ring.push(t, v);
    this.#bump(siteId);
  }

  /**
   * Where to resume a site from after a drop: per series held, its newest sample time (what a missed span
   * is merged after), and the time the missed span starts: the oldest of those newest times among the
   * series that report. Not the site's newest sample: series report at times of their own, so the frames
   * missed may hold samples of one series older than another's newest.
   */
  resumePoint(siteId: string): { from: number; heldUntil: Map<number, number> } | null {
    const progress = this.#progress.get(siteId);
    if (!progress || progress.lastTs <= 0) return null;
    const heldUntil = new Map<number, number>();
    let from = progress.lastTs;
    for (const id of this.#seriesOf.get(siteId) ?? []) {
      const newest = this.#rings.get(id)?.latest()?.ts;
      if (newest === undefined) continue;
      heldUntil.set(id, newest);
      if (newest < from && newest >= progress.lastTs - RESUME_WINDOW_MS) from = newest;
    }
    return { from, heldUntil };
  }

  #bump(siteId: string): void {
    this.state.setState((s) => ({ versions: { ...s.versions, [siteId]: (s.versions[siteId] ?? 0) + 1 } }));
  }

  progress(siteId: string): SiteProgress | undefined {
    return this.#progress.get(siteId);
  }

  latest(seriesId: number): { ts: number; value: number } | null {
    return this.#rings.get(seriesId)?.latest() ?? null;
  }

  /** Each sample of a series at or after `since`, oldest first. */
  each(seriesId: number, since: number, visit: (ts: number, value: number) => void): void {
    this.#rings.get(seriesId)?.each(since, visit);
  }

  /** Calls `listener` after each frame of `siteId`; returns the unsubscribe. */
  onFrame(siteId: string, listener: () => void): () => void {
    let version = this.state.getState().versions[siteId];
    return this.state.subscribe((s) => {
      if (s.versions[siteId] === version) return;
      version = s.versions[siteId];
      listener();
    });
  }
}

export const liveStore = new LiveStore();
