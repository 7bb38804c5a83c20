// A site's devices and series, fetched once per site: what the real-time pages draw from.
import type { Device } from '@voltscope/shared/fleet';
import { type Resource, useResource } from '../../data/useResource.ts';

export interface SeriesInfo {
  id: number;
  deviceId: string;
  key: string;
  unit: string;
}

export interface SiteFleet {
  devices: Device[];
  /** `deviceId/key` → series id. */
  seriesId(deviceId: string, key: string): number | undefined;
}

export function useSiteFleet(siteId: string | null): Resource<SiteFleet> {
  const path = siteId ? `/api/sites/${encodeURIComponent(siteId)}` : '';
  const devices = useResource<Device[]>(path ? `${path}/devices` : '/api/sites');
  const series = useResource<SeriesInfo[]>(path ? `${path}/series` : '/api/sites');
  if (!siteId || devices.status === 'loading' || series.status === 'loading') return { status: 'loading' };
  if (devices.status === 'error') return devices;
  if (series.status === 'error') return series;
  const index = new Map(series.data.map((s) => [`${s.deviceId}/${s.key}`, s.id]));
  return {
    status: 'ready',
    data: { devices: devices.data, seriesId: (deviceId, key) => index.get(`${deviceId}/${key}`) },
  };
}

/** The unit's short label: "Inverter 07" → "07", "WTG 03" → "03". */
export const shortName = (name: string) => /(\d+)$/.exec(name)?.[1] ?? name;
