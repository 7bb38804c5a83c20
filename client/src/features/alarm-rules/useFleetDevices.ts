// The fleet's devices as this page wants them: by id with their site's name (to name a rule's
// overrides) and by type, ordered by site then name (to offer the devices of a rule's type).
import { useMemo } from 'react';
import { useFleetDirectory } from '../../data/useFleetDirectory.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';

export interface FleetDevice {
  id: string;
  name: string;
  type: string;
  siteName: string;
}

export interface FleetDevices {
  ready: boolean;
  byId: ReadonlyMap<string, FleetDevice>;
  /** The devices of a type, by site then name. */
  ofType: (type: string) => readonly FleetDevice[];
}

export function useFleetDevices(): FleetDevices {
  const lng = useLanguage();
  const fleet = useFleetDirectory();
  return useMemo(() => {
    const all = [...fleet.deviceById.values()]
      .map(({ id, name, type, siteId }) => ({ id, name, type, siteName: fleet.siteById.get(siteId)?.name ?? siteId }))
      .sort(
        (a, b) => a.siteName.localeCompare(b.siteName, lng) || a.name.localeCompare(b.name, lng, { numeric: true }),
      );
    const byType = new Map<string, FleetDevice[]>();
    for (const d of all) byType.set(d.type, [...(byType.get(d.type) ?? []), d]);
    return {
      ready: fleet.status !== 'loading',
      byId: new Map(all.map((d) => [d.id, d])),
      ofType: (type: string) => byType.get(type) ?? [],
    };
  }, [fleet, lng]);
}
