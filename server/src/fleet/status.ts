// A device's live status, derived from its telemetry: offline when it has been silent for longer than
// its series' period allows, in fault when its `state` series says so, otherwise online. An admin's
// "maintenance" stands above all of these. The status grid also says `stale`: late, not yet offline
// (the rule is shared/src/deviceStatus.ts, the client's too).
import type { DeviceStatusState } from '@voltscope/shared/contracts/fleetAdmin';
import { FAULT_STATE, isOffline, statusOf } from '@voltscope/shared/deviceStatus';
import type { Device, DeviceState } from '@voltscope/shared/fleet';
import type { LatestValues } from '../live/latest.ts';
import type { Registry } from './registry.ts';

/** What its telemetry says of a device: its newest sample's time, its longest period, a fault. */
function heardOf(device: Device, registry: Registry, latest: LatestValues) {
  let lastSeen: number | null = null;
  let periodMs = 1000;
  let faulted = false;
  for (const series of registry.seriesOfDevice(device.id)) {
    const sample = latest.get(series.id);
    periodMs = Math.max(periodMs, series.periodMs);
    if (!sample) continue;
    if (lastSeen === null || sample.ts > lastSeen) lastSeen = sample.ts;
    if (series.key === 'state' && sample.value === FAULT_STATE) faulted = true;
  }
  return { lastSeen, periodMs, faulted };
}

export function deviceStatus(
  device: Device,
  registry: Registry,
  latest: LatestValues,
  now = Date.now(),
): { state: DeviceState; lastSeen: number | null } {
  const { lastSeen, periodMs, faulted } = heardOf(device, registry, latest);
  if (device.state === 'maintenance') return { state: 'maintenance', lastSeen };
  if (isOffline(lastSeen, periodMs, now)) return { state: 'offline', lastSeen };
  return { state: faulted ? 'fault' : 'online', lastSeen };
}

/** The status grid's state: `inMaintenance` is the store's word (the registry's state may lag a write). */
export function gridStatus(
  device: Device,
  inMaintenance: boolean,
  registry: Registry,
  latest: LatestValues,
  now = Date.now(),
): { state: DeviceStatusState; lastSeen: number | null } {
  const heard = heardOf(device, registry, latest);
  const maintenance = inMaintenance || device.state === 'maintenance';
  return { state: statusOf({ ...heard, maintenance }, now), lastSeen: heard.lastSeen };
}
