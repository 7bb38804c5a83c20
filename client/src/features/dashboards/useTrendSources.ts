// What the fleet power chart draws from: each site's export at its grid meter, and for a solar site the
// plane-of-array irradiance of its weather station (series ids found through the site's devices).
import type { SiteKind } from '@voltscope/shared/domain';
import type { Resource } from '../../data/useResource.ts';
import { seriesOf, siteDevices, useLoaded } from './siteDevices.ts';

export interface TrendSource {
  siteId: string;
  name: string;
  kind: SiteKind;
  powerId: number | undefined;
  irradianceId: number | undefined;
}

export function useTrendSources(
  sites: readonly { siteId: string; name: string; kind: SiteKind }[] | null,
): Resource<TrendSource[]> {
  const key = sites ? sites.map((s) => s.siteId).join(',') : null;
  return useLoaded(key, (signal) =>
    Promise.all(
      (sites ?? []).map(async (site): Promise<TrendSource> => {
        const devices = await siteDevices(site.siteId, signal);
        const meter = devices.find((d) => d.type === 'meter');
        const weather = site.kind === 'solar' ? devices.find((d) => d.type === 'weather_station') : undefined;
        const [meterSeries, weatherSeries] = await Promise.all([
          meter ? seriesOf(meter.id, signal) : undefined,
          weather ? seriesOf(weather.id, signal) : undefined,
        ]);
        return {
          siteId: site.siteId,
          name: site.name,
          kind: site.kind,
          powerId: meterSeries?.get('active_power'),
          irradianceId: weatherSeries?.get('irradiance_poa'),
        };
      }),
    ),
  );
}
