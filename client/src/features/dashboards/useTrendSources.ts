// What the fleet power chart draws from: each site's export at its grid meter, and for a solar site the
// plane-of-array irradiance of its weather station (series ids found through the site's devices: two
// request waves per site, devices then the two devices' series). On a first load of the solar dashboard
// those waves start as soon as the page's code runs (`startEarlySources`, called by SolarDashboardPage.tsx
// when its module is evaluated: main.tsx fetches it beside the language's strings), from the site list,
// instead of after the first render and the fleet's figures: one wave and the app's start-up less before
// the chart can ask for its history.
import type { SiteKind } from '@voltscope/shared/domain';
import type { Resource } from '../../data/useResource.ts';
import { api, call } from '../../session/api.ts';
import { isAuthenticated, sessionStore } from '../../session/sessionStore.ts';
import { seriesOf, siteDevices, useLoaded } from './siteDevices.ts';

export interface TrendSource {
  siteId: string;
  name: string;
  kind: SiteKind;
  powerId: number | undefined;
  irradianceId: number | undefined;
}

type SeriesIds = Pick<TrendSource, 'powerId' | 'irradianceId'>;

/** A site's grid-meter power and (solar) weather-station irradiance series. */
async function seriesIdsOf(siteId: string, kind: SiteKind, signal: AbortSignal): Promise<SeriesIds> {
  const devices = await siteDevices(siteId, signal);
  const meter = devices.find((d) => d.type === 'meter');
  const weather = kind === 'solar' ? devices.find((d) => d.type === 'weather_station') : undefined;
  const [meterSeries, weatherSeries] = await Promise.all([
    meter ? seriesOf(meter.id, signal) : undefined,
    weather ? seriesOf(weather.id, signal) : undefined,
  ]);
  return { powerId: meterSeries?.get('active_power'), irradianceId: weatherSeries?.get('irradiance_poa') };
}

/** Used only this soon after it started: a later visit of the page reads the registry afresh. */
const EARLY_FOR_MS = 30_000;
let early: { startedAt: number; ids: Promise<Map<string, Promise<SeriesIds>>> } | null = null;

/** Starts looking up every readable site's chart series now, if signed in (once per page load). */
export function startEarlySources(): void {
  if (early || !isAuthenticated(sessionStore.getState())) return;
  const signal = new AbortController().signal;
  // A refused call here ends nothing: the page's own calls, made as before, decide about the session.
  const sites = api(call('GET /api/sites'), { endSessionOn401: false });
  const ids = sites.then(
    (list) => new Map(list.map((site) => [site.id, seriesIdsOf(site.id, site.kind, signal)] as const)),
  );
  ids.catch(() => {}); // unused or failed: the page looks the sites up itself
  early = { startedAt: Date.now(), ids };
}

/** The early lookup of a site, if one started lately and has it; else a fresh one. */
async function seriesIdsNow(siteId: string, kind: SiteKind, signal: AbortSignal): Promise<SeriesIds> {
  if (early && Date.now() - early.startedAt < EARLY_FOR_MS) {
    const found = (await early.ids.catch(() => undefined))?.get(siteId);
    if (found) return found.catch(() => seriesIdsOf(siteId, kind, signal));
  }
  return seriesIdsOf(siteId, kind, signal);
}

export function useTrendSources(
  sites: readonly { siteId: string; name: string; kind: SiteKind }[] | null,
): Resource<TrendSource[]> {
  const key = sites ? sites.map((s) => s.siteId).join(',') : null;
  return useLoaded(key, (signal) =>
    Promise.all(
      (sites ?? []).map(
        async (site): Promise<TrendSource> => ({
          siteId: site.siteId,
          name: site.name,
          kind: site.kind,
          ...(await seriesIdsNow(site.siteId, site.kind, signal)),
        }),
      ),
    ),
  );
}
