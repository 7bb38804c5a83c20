// What the fleet power chart draws from: each site's export at its grid meter, and for a solar site the
// plane-of-array irradiance of its weather station, all found in one answer (GET /api/chart-sources) so
// that the chart's history request follows a single lookup. On a first load of the solar dashboard that
// lookup starts as soon as the page's code runs (`startEarlySources`, called by SolarDashboardPage.tsx
// when its module is evaluated: main.tsx fetches it beside the language's strings), instead of after the
// first render and the fleet's figures, and its answer starts the chart's history request (earlyHistory.ts).
import type { SiteKind } from '@voltscope/shared/domain';
import type { Resource } from '../../data/useResource.ts';
import { api, call } from '../../session/api.ts';
import { isAuthenticated, sessionStore } from '../../session/sessionStore.ts';
import { startEarlyHistory, trendWindowOf } from './earlyHistory.ts';
import { useLoaded } from './siteDevices.ts';

export interface TrendSource {
  siteId: string;
  name: string;
  kind: SiteKind;
  powerId: number | undefined;
  irradianceId: number | undefined;
}

type SeriesIds = Pick<TrendSource, 'powerId' | 'irradianceId'>;
type IdsBySite = Map<string, SeriesIds>;

/** The route's limit on the sites named in one request. */
const SITES_PER_REQUEST = 20;

async function chartSeries(siteIds: readonly string[] | undefined, signal: AbortSignal, early = false) {
  const query = siteIds ? { sites: siteIds.join(',') } : {};
  const list = await api(call('GET /api/chart-sources', { query }), { signal, endSessionOn401: !early });
  return new Map(
    list.map((s) => [s.siteId, { powerId: s.powerId ?? undefined, irradianceId: s.irradianceId ?? undefined }]),
  );
}

/** The chart series of these sites, looked up in as few requests as the route allows. */
async function seriesIdsOf(siteIds: readonly string[], signal: AbortSignal): Promise<IdsBySite> {
  const chunks: string[][] = [];
  for (let i = 0; i < siteIds.length; i += SITES_PER_REQUEST) chunks.push(siteIds.slice(i, i + SITES_PER_REQUEST));
  const maps = await Promise.all(chunks.map((chunk) => chartSeries(chunk, signal)));
  return new Map(maps.flatMap((m) => [...m]));
}

/** Used only this soon after it started: a later visit of the page reads the registry afresh. */
const EARLY_FOR_MS = 30_000;
let early: { startedAt: number; ids: Promise<IdsBySite> } | null = null;

/** Starts looking up every readable site's chart series now, if signed in (once per page load). */
export function startEarlySources(): void {
  if (early || !isAuthenticated(sessionStore.getState())) return;
  // A refused call here ends nothing: the page's own calls, made as before, decide about the session.
  const ids = chartSeries(undefined, new AbortController().signal, true);
  ids.then(
    (found) => {
      const series = [...found.values()].flatMap((s) => [s.powerId, s.irradianceId]);
      const span = trendWindowOf(new URLSearchParams(window.location.search).get('trend'));
      startEarlyHistory(
        series.filter((id): id is number => id !== undefined),
        span,
      );
    },
    () => {}, // unused or failed: the page looks the sites up itself
  );
  early = { startedAt: Date.now(), ids };
}

/** The early lookup, if one started lately and has every site; else a fresh one. */
async function seriesIdsNow(siteIds: readonly string[], signal: AbortSignal): Promise<IdsBySite> {
  if (early && Date.now() - early.startedAt < EARLY_FOR_MS) {
    const found = await early.ids.catch(() => undefined);
    if (found && siteIds.every((id) => found.has(id))) return found;
  }
  return seriesIdsOf(siteIds, signal);
}

export function useTrendSources(
  sites: readonly { siteId: string; name: string; kind: SiteKind }[] | null,
): Resource<TrendSource[]> {
  const key = sites ? sites.map((s) => s.siteId).join(',') : null;
  return useLoaded(key, async (signal) => {
    const list = sites ?? [];
    const ids =
      list.length > 0
        ? await seriesIdsNow(
            list.map((s) => s.siteId),
            signal,
          )
        : new Map();
    return list.map((site) => ({
      siteId: site.siteId,
      name: site.name,
      kind: site.kind,
      powerId: ids.get(site.siteId)?.powerId,
      irradianceId: ids.get(site.siteId)?.irradianceId,
    }));
  });
}
