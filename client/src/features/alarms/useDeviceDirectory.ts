// Names and types of the devices that have alarms, fetched once per site (GET /api/sites/:id/devices)
// and kept for the session: the console names devices and links inverters and turbines to their pages.
import type { DeviceNames, DeviceType } from '@voltscope/shared/fleet';
import { useEffect, useMemo } from 'react';
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { deviceName } from '../../data/deviceName.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { api, call } from '../../session/api.ts';

export interface DeviceInfo {
  name: string;
  names?: DeviceNames;
  type: DeviceType;
}

const known = new Map<string, DeviceInfo>();
const requested = new Set<string>();
/** Bumped when devices arrive: the map itself is mutated in place. */
const version = createStore(() => 0);

/** A new map whenever devices arrive, so that memoised rows see them. */
export function useDeviceDirectory(siteIds: readonly string[]): ReadonlyMap<string, DeviceInfo> {
  const v = useStore(version);
  const lng = useLanguage();
  const key = [...new Set(siteIds)].sort().join(',');
  useEffect(() => {
    for (const siteId of key.split(',').filter(Boolean)) {
      if (requested.has(siteId)) continue;
      requested.add(siteId);
      api(call('GET /api/sites/:id/devices', { params: { id: siteId } })).then(
        (devices) => {
          for (const d of devices) known.set(d.id, { name: d.name, ...(d.names && { names: d.names }), type: d.type });
          version.setState((v) => v + 1, true);
        },
        // Unnamed devices show their id; the next visit asks again.
        () => requested.delete(siteId),
      );
    }
  }, [key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `v` says when `known` changed in place.
  return useMemo(() => new Map([...known].map(([id, d]) => [id, { ...d, name: deviceName(d, lng) }])), [v, lng]);
}
