// What the page loads: the devices of the user's sites (generator choices, names in the alarm lists),
// the alarm rules' priorities, and the two answers of the analysis API. An answer whose address moves
// (another period, a refresh) stays on screen while the next one loads, so tables and charts dim rather
// than blank out.
import type { AlarmPriority } from '@voltscope/shared/alarms';
import type { Device } from '@voltscope/shared/fleet';
import { useEffect, useMemo, useState } from 'react';
import { api, call } from '../../session/api.ts';

export const isGenerator = (d: Pick<Device, 'type'>) => d.type === 'inverter' || d.type === 'wind_turbine';

export interface SiteDevices {
  ready: boolean;
  byId: ReadonlyMap<string, Device>;
  generatorsOf: (siteId: string) => Device[];
}

/** Every device of the given sites (a request per site, a handful at most), by id. */
export function useSiteDevices(siteIds: readonly string[], lng: string): SiteDevices {
  const key = siteIds.join(',');
  const [devices, setDevices] = useState<{ key: string; list: Device[] } | null>(null);
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    Promise.all(
      key
        .split(',')
        .map((id) =>
          api(call('GET /api/sites/:id/devices', { params: { id } }), { signal: controller.signal }).catch(
            () => [] as Device[],
          ),
        ),
    ).then((lists) => {
      if (!controller.signal.aborted) setDevices({ key, list: lists.flat() });
    });
    return () => controller.abort();
  }, [key]);
  return useMemo(() => {
    const list = devices?.list ?? [];
    const collator = new Intl.Collator(lng, { numeric: true });
    return {
      ready: devices?.key === key,
      byId: new Map(list.map((d) => [d.id, d])),
      generatorsOf: (siteId: string) =>
        list.filter((d) => d.siteId === siteId && isGenerator(d)).sort((a, b) => collator.compare(a.name, b.name)),
    };
  }, [devices, key, lng]);
}

/** Each rule's priority, for the alarm lists (empty if the rules cannot be read). */
export function useRulePriorities(): ReadonlyMap<number, AlarmPriority> {
  const [map, setMap] = useState<ReadonlyMap<number, AlarmPriority>>(new Map());
  useEffect(() => {
    const controller = new AbortController();
    api(call('GET /api/alarms/rules'), { signal: controller.signal }).then(
      (rules) => setMap(new Map(rules.map((r) => [r.id, r.priority]))),
      () => {},
    );
    return () => controller.abort();
  }, []);
  return map;
}
