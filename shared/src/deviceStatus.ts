// A device's state on the status grid, as the hub and the client both judge it from its newest sample:
// one rule in one place, so a row's badge says on the page what the hub says (and goes on saying it as
// live frames arrive between two reads of the list).
import type { DeviceStatusState } from './contracts/fleetAdmin.ts';

/** Silence longer than this many periods (and at least MIN_OFFLINE_MS) makes a device offline. */
export const MISSED_PERIODS = 5;
export const MIN_OFFLINE_MS = 10_000;
/** Silence longer than this many periods makes it stale (late) until it is offline. */
export const STALE_PERIODS = 3;
/** The value of a `state` series that means the device is in fault. */
export const FAULT_STATE = 2;

export const isOffline = (lastSeen: number | null, periodMs: number, now: number): boolean =>
  lastSeen === null || now - lastSeen > Math.max(MIN_OFFLINE_MS, MISSED_PERIODS * periodMs);

/** Late: silent for more than three of its periods, and not yet offline. */
export const isStale = (lastSeen: number | null, periodMs: number, now: number): boolean =>
  lastSeen !== null && now - lastSeen > STALE_PERIODS * periodMs && !isOffline(lastSeen, periodMs, now);

/**
 * Maintenance above all, then offline, fault, stale (a fault outranks lateness: its last word was a
 * fault), online. `periodMs`: the longest period of its series.
 */
export function statusOf(
  heard: { maintenance: boolean; lastSeen: number | null; periodMs: number; faulted: boolean },
  now: number,
): DeviceStatusState {
  if (heard.maintenance) return 'maintenance';
  if (isOffline(heard.lastSeen, heard.periodMs, now)) return 'offline';
  if (heard.faulted) return 'fault';
  return isStale(heard.lastSeen, heard.periodMs, now) ? 'stale' : 'online';
}

/** The worst first: the status grid's default order. */
export const statusRank: Record<DeviceStatusState, number> = {
  fault: 0,
  offline: 1,
  stale: 2,
  maintenance: 3,
  online: 4,
};
