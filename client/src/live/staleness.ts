// The app's age watchdog (ageWatchdog.ts) over the live store and the socket, and the hooks through
// which a figure, a site's banner or the connection banner follow one verdict each: a component
// re-renders when its own verdict changes, never per frame.
import { useEffect } from 'react';
import { useStore } from 'zustand';
import { AgeWatchdog, type SiteSilence } from './ageWatchdog.ts';
import { liveClient } from './liveClient.ts';
import { liveStore } from './liveStore.ts';

export const ageWatchdog = new AgeWatchdog({
  latestTs: (seriesId) => liveStore.latest(seriesId)?.ts ?? null,
  progress: (siteId) => liveStore.progress(siteId),
  lostAt: () => {
    const { status, since } = liveClient.connection.getState();
    return status === 'reconnecting' || status === 'offline' ? since : null;
  },
});

// A lost or regained connection is told at once, not at the next tick.
liveClient.connection.subscribe((state, previous) => {
  if (state.status !== previous.status) ageWatchdog.check();
});

/**
 * When the newest sample of a stale series was taken, or null while it is fresh (or has none yet).
 * `periodMs`: the series' own period, when the page knows it.
 */
export function useSeriesStaleSince(
  siteId: string | null | undefined,
  seriesId: number | null | undefined,
  periodMs?: number,
): number | null {
  useEffect(
    () => (siteId && seriesId != null ? ageWatchdog.watchSeries(siteId, seriesId, periodMs) : undefined),
    [siteId, seriesId, periodMs],
  );
  return useStore(ageWatchdog.state, (s) => (seriesId == null ? null : (s.series[seriesId] ?? null)));
}

/**
 * A figure made of several series. `any` (a ratio of two, say): stale when any part is, since the oldest
 * part's newest sample. `all` (a chart or a total of many, where one silent inverter must not hatch the
 * whole): stale when every part is, since the newest of them.
 */
export function useSeriesListStaleSince(
  siteId: string | null | undefined,
  series: readonly { id: number; periodMs?: number | undefined }[],
  mode: 'any' | 'all' = 'any',
): number | null {
  const key = series.map((s) => `${s.id}:${s.periodMs ?? ''}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the series.
  useEffect(() => {
    if (!siteId) return;
    const stops = series.map((s) => ageWatchdog.watchSeries(siteId, s.id, s.periodMs));
    return () => {
      for (const stop of stops) stop();
    };
  }, [siteId, key]);
  return useStore(ageWatchdog.state, (s) => {
    let since: number | null = null;
    for (const { id } of series) {
      const at = s.series[id];
      if (at === undefined) {
        if (mode === 'all') return null;
      } else if (since === null) since = at;
      else since = mode === 'any' ? Math.min(since, at) : Math.max(since, at);
    }
    return since;
  });
}

/** The site's silence (no frame for 10 s on a working connection), or null while frames arrive. */
export function useSiteSilence(siteId: string | null | undefined): SiteSilence | null {
  useEffect(() => (siteId ? ageWatchdog.watchSite(siteId) : undefined), [siteId]);
  return useStore(ageWatchdog.state, (s) => (siteId ? (s.sites[siteId] ?? null) : null));
}

/** The lost connection (when, whole minutes since), or null while it is up. */
export function useConnectionLost(): { at: number; minutes: number } | null {
  useEffect(() => ageWatchdog.watchConnection(), []);
  return useStore(ageWatchdog.state, (s) => s.lost);
}
