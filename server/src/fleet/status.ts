// A device's live status, derived from its telemetry: offline when it has been silent for longer than
// its series' period allows, in fault when its `state` series says so, otherwise online. An admin's
// "maintenance" stands above all of these. The status grid also says `stale`: late, not yet offline.
import type { DeviceStatusState } from '@voltscope/shared/contracts/fleetAdmin';
import type { Device, DeviceState } from '@voltscope/shared/fleet';
import type { LatestValues } from '../live/latest.ts';
import type { Registry } from './registry.ts';

/** Silence longer than this many periods (and at least 10 s) makes a device offline. */
const MISSED_PERIODS = 5;
/** Silence longer than this many periods makes it stale (late) until it is offline. */
const STALE_PERIODS = 3;
const MIN_OFFLINE_MS = 10_000;
const FAULT_STATE = 2;

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

const isOffline = (lastSeen: number | null, periodMs: number, now: number) =>
  lastSeen === null || now - lastSeen > Math.max(MIN_OFFLINE_MS, MISSED_PERIODS * periodMs);

/** Late: silent for more than three of its periods, and not yet offline. */
export const isStale = (lastSeen: number | null, periodMs: number, now: number): boolean =>
  lastSeen !== null && now - lastSeen > STALE_PERIODS * periodMs && !isOffline(lastSeen, periodMs, now);

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

/**
 * The status grid's state: maintenance above all (`inMaintenance`, from the store), then offline, fault,
 * stale (a fault outranks lateness: its last word was a fault), online.
 */
export function gridStatus(
  device: Device,
  inMaintenance: boolean,
  registry: Registry,
  latest: LatestValues,
  now = Date.now(),
): { state: DeviceStatusState; lastSeen: number | null } {
  const { lastSeen, periodMs, faulted } = heardOf(device, registry, latest);
  if (inMaintenance || device.state === 'maintenance') return { state: 'maintenance', lastSeen };
  if (isOffline(lastSeen, periodMs, now)) return { state: 'offline', lastSeen };
  if (faulted) return { state: 'fault', lastSeen };
  return { state: isStale(lastSeen, periodMs, now) ? 'stale' : 'online', lastSeen };
}
