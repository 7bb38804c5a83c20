// A device's live status, derived from its telemetry: offline when it has been silent for longer than
// its series' period allows, in fault when its `state` series says so, otherwise online. An admin's
// "maintenance" stands above all of these.
import type { Device, DeviceState } from '@voltscope/shared/fleet';
import type { LatestValues } from '../live/latest.ts';
import type { Registry } from './registry.ts';

/** Silence longer than this many periods (and at least 10 s) makes a device offline. */
const MISSED_PERIODS = 5;
const FAULT_STATE = 2;

export function deviceStatus(
  device: Device,
  registry: Registry,
  latest: LatestValues,
  now = Date.now(),
): { state: DeviceState; lastSeen: number | null } {
  let lastSeen: number | null = null;
  let period = 1000;
  let faulted = false;
  for (const series of registry.seriesOfDevice(device.id)) {
    const sample = latest.get(series.id);
    period = Math.max(period, series.periodMs);
    if (!sample) continue;
    if (lastSeen === null || sample.ts > lastSeen) lastSeen = sample.ts;
    if (series.key === 'state' && sample.value === FAULT_STATE) faulted = true;
  }
  if (device.state === 'maintenance') return { state: 'maintenance', lastSeen };
  if (lastSeen === null || now - lastSeen > Math.max(10_000, MISSED_PERIODS * period))
    return { state: 'offline', lastSeen };
  return { state: faulted ? 'fault' : 'online', lastSeen };
}
