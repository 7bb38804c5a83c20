// How fresh a live value is, and what a turbine's state series means once its freshness is known. Pure,
// so that the tiles, the grid and the tests agree (RELIABILITY decision 10: a value past its expected
// period is marked stale, never shown as live).
import { turbineStates } from '@voltscope/shared/fleet';
import { staleAfterMs } from '../../live/ageWatchdog.ts';

export type Freshness = 'live' | 'stale' | 'offline';

/** Offline past five periods (at least 10 s): the hub's own rule for a silent device (fleet/status.ts). */
const OFFLINE_PERIODS = 5;
const OFFLINE_MIN_MS = 10_000;

/** Stale by the age watchdog's rule (three periods, live/ageWatchdog.ts); offline by the hub's. */
export function freshnessOf(age: number | null, periodMs: number): Freshness {
  if (age === null) return 'offline';
  if (age > Math.max(OFFLINE_MIN_MS, OFFLINE_PERIODS * periodMs)) return 'offline';
  if (age > staleAfterMs(periodMs)) return 'stale';
  return 'live';
}

export type TurbineStatus = 'running' | 'idle' | 'stopped' | 'fault' | 'offline' | 'maintenance' | 'unknown';

const byValue = new Map<number, TurbineStatus>(
  Object.entries(turbineStates).map(([name, value]) => [value, name as TurbineStatus]),
);

/** The state to show: maintenance (set by an admin) first, then silence, then what the state series says. */
export function turbineStatus(state: number | null, freshness: Freshness, maintenance = false): TurbineStatus {
  if (maintenance) return 'maintenance';
  if (freshness === 'offline' || state === null) return 'offline';
  return byValue.get(Math.round(state)) ?? 'unknown';
}

/** Yaw misalignment: the nacelle's heading minus the wind direction, signed, in (-180°, 180°]. */
export function yawMisalignment(yaw: number, windDirection: number): number {
  const d = (((yaw - windDirection) % 360) + 360) % 360;
  return d > 180 ? d - 360 : d;
}

/** The 16 points of the compass, clockwise from north. */
export const compassPoints = [
  'N',
  'NNE',
  'NE',
  'ENE',
  'E',
  'ESE',
  'SE',
  'SSE',
  'S',
  'SSW',
  'SW',
  'WSW',
  'W',
  'WNW',
  'NW',
  'NNW',
] as const;
export type CompassPoint = (typeof compassPoints)[number];

export function compassPoint(direction: number): CompassPoint {
  const d = ((direction % 360) + 360) % 360;
  return compassPoints[Math.floor((d + 11.25) / 22.5) % 16] as CompassPoint;
}
