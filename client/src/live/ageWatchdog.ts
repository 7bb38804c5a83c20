// The one judge of how old live data is, outside React: a series is stale after three of its periods
// without a sample, a site after 10 s without a frame, and a lost connection counts from when it was
// lost. A single timer (1 s) re-reads the ages from the live store and changes the state only when a
// verdict (or a banner's whole minutes) changes: no work per sample, no React render per frame.
// Components subscribe to one series' or one site's entry (see useStale.ts).
import { createStore } from 'zustand/vanilla';

/** A series is stale after this many periods without a sample (issue 17). */
export const STALE_PERIODS = 3;
/** A site is stale after this long without a frame. */
export const SITE_STALE_MS = 10_000;
/**
 * The period assumed for a series whose own is unknown: the hub's frames carry a sample of each series
 * every second (the simulator's SIM_PERIOD default).
 */
export const DEFAULT_PERIOD_MS = 1000;

export const staleAfterMs = (periodMs: number): number => STALE_PERIODS * periodMs;

/**
 * The age of a sample as the hub's clock sees it: how much older it is than the site's newest sample,
 * plus how long ago that arrived (so a browser clock that is off does not make everything look stale or
 * fresh). Before any frame, the browser's clock.
 */
export function sampleAge(
  sampleTs: number,
  progress: { lastTs: number; receivedAt: number } | undefined,
  now: number,
): number {
  if (!progress) return Math.max(0, now - sampleTs);
  return Math.max(0, progress.lastTs - sampleTs) + Math.max(0, now - progress.receivedAt);
}

/** A site with no frame for a while: since when (its newest sample, null before any) and for how long. */
export interface SiteSilence {
  since: number | null;
  /** Whole minutes without a frame (changes once a minute: what a banner says). */
  minutes: number;
}

export interface AgeState {
  /** Stale series: the time of their newest sample. A fresh series has no entry. */
  series: Record<number, number>;
  /** Silent sites. A site with frames has no entry. */
  sites: Record<string, SiteSilence>;
  /** The lost connection (null while connected or idle): when it was lost and whole minutes since. */
  lost: { at: number; minutes: number } | null;
}

/** What the watchdog reads: the newest sample of a series, a site's progress, the connection. */
export interface AgeSource {
  latestTs(seriesId: number): number | null;
  progress(siteId: string): { lastTs: number; receivedAt: number } | undefined;
  /** When the connection was lost, or null while it is up (or not wanted). */
  lostAt(): number | null;
}

export interface Clock {
  now(): number;
  /** Calls `tick` every `ms`; returns the stop. */
  every(ms: number, tick: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  every: (ms, tick) => {
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  },
};

interface WatchedSeries {
  siteId: string;
  periodMs: number;
  count: number;
}

interface WatchedSite {
  count: number;
  /** When the watch began: a site that never sends a frame is silent from then. */
  from: number;
}

export class AgeWatchdog {
  readonly state = createStore<AgeState>(() => ({ series: {}, sites: {}, lost: null }));
  readonly #source: AgeSource;
  readonly #clock: Clock;
  readonly #series = new Map<number, WatchedSeries>();
  readonly #sites = new Map<string, WatchedSite>();
  #connectionWatchers = 0;
  /** Whether the connection was lost at the last check, and when it last came back. */
  #wasLost = false;
  #regainedAt = 0;
  #stopTimer: (() => void) | null = null;

  constructor(source: AgeSource, clock: Clock = systemClock) {
    this.#source = source;
    this.#clock = clock;
  }

  /** Watches a series while the caller shows it (`periodMs` unknown: the default); returns the stop. */
  watchSeries(siteId: string, seriesId: number, periodMs?: number): () => void {
    const watched = this.#series.get(seriesId);
    if (watched) {
      watched.count++;
      if (periodMs) watched.periodMs = periodMs;
    } else {
      this.#series.set(seriesId, { siteId, periodMs: periodMs || DEFAULT_PERIOD_MS, count: 1 });
    }
    this.#started();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      const entry = this.#series.get(seriesId);
      if (entry && --entry.count === 0) this.#series.delete(seriesId);
      this.#maybeStop();
    };
  }

  /** Watches a site's frames while the caller shows it; returns the stop. */
  watchSite(siteId: string): () => void {
    const watched = this.#sites.get(siteId);
    if (watched) watched.count++;
    else this.#sites.set(siteId, { count: 1, from: this.#clock.now() });
    this.#started();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      const entry = this.#sites.get(siteId);
      if (entry && --entry.count === 0) this.#sites.delete(siteId);
      this.#maybeStop();
    };
  }

  /** Watches the connection while the caller shows it; returns the stop. */
  watchConnection(): () => void {
    this.#connectionWatchers++;
    this.#started();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.#connectionWatchers--;
      this.#maybeStop();
    };
  }

  #started(): void {
    this.check();
    if (!this.#stopTimer) this.#stopTimer = this.#clock.every(1000, () => this.check());
  }

  #maybeStop(): void {
    if (this.#series.size > 0 || this.#sites.size > 0 || this.#connectionWatchers > 0) return;
    this.#stopTimer?.();
    this.#stopTimer = null;
    this.state.setState({ series: {}, sites: {}, lost: null });
  }

  /** Re-judges every watched series and site now; notifies only when a verdict changed. */
  check(): void {
    const now = this.#clock.now();
    const before = this.state.getState();
    const lostAt = this.#source.lostAt();
    if (lostAt === null && this.#wasLost) this.#regainedAt = now;
    this.#wasLost = lostAt !== null;
    const series = this.#judgeSeries(now, before.series);
    const sites = this.#judgeSites(now, before.sites, lostAt === null);
    const lost =
      lostAt === null || this.#connectionWatchers === 0 ? null : { at: lostAt, minutes: wholeMinutes(now - lostAt) };
    const lostChanged = lost?.at !== before.lost?.at || lost?.minutes !== before.lost?.minutes;
    if (series === before.series && sites === before.sites && !lostChanged) return;
    this.state.setState({ series, sites, lost: lostChanged ? lost : before.lost });
  }

  /** The stale series now; the same object when nothing changed. */
  #judgeSeries(now: number, before: Record<number, number>): Record<number, number> {
    let next: Record<number, number> | null = null;
    const set = (id: number, since: number | undefined) => {
      next ??= { ...before };
      if (since === undefined) delete next[id];
      else next[id] = since;
    };
    for (const [id, watched] of this.#series) {
      const since = this.#staleSince(id, watched, now);
      if (since !== before[id]) set(id, since);
    }
    for (const key of Object.keys(before)) if (!this.#series.has(Number(key))) set(Number(key), undefined);
    return next ?? before;
  }

  /** When a stale series' newest sample was taken, or undefined while it is fresh (or has none yet). */
  #staleSince(id: number, watched: WatchedSeries, now: number): number | undefined {
    const ts = this.#source.latestTs(id);
    if (ts === null) return undefined;
    return sampleAge(ts, this.#source.progress(watched.siteId), now) > staleAfterMs(watched.periodMs) ? ts : undefined;
  }

  #judgeSites(now: number, before: Record<string, SiteSilence>, connected: boolean): Record<string, SiteSilence> {
    let next: Record<string, SiteSilence> | null = null;
    for (const [siteId, watched] of this.#sites) {
      const progress = this.#source.progress(siteId);
      // A site has 10 s from when it is first shown, and again from when the connection comes back.
      const heard = Math.max(progress?.receivedAt ?? 0, watched.from, this.#regainedAt);
      // While the connection is down its banner says so; a site is judged on a working connection.
      const silence: SiteSilence | undefined =
        connected && now - heard > SITE_STALE_MS
          ? { since: progress && progress.lastTs > 0 ? progress.lastTs : null, minutes: wholeMinutes(now - heard) }
          : undefined;
      const old = before[siteId];
      if (old?.since === silence?.since && old?.minutes === silence?.minutes) continue;
      next ??= { ...before };
      if (silence) next[siteId] = silence;
      else delete next[siteId];
    }
    for (const key of Object.keys(before)) {
      if (this.#sites.has(key)) continue;
      next ??= { ...before };
      delete next[key];
    }
    return next ?? before;
  }
}

const wholeMinutes = (ms: number): number => Math.floor(ms / 60_000);
