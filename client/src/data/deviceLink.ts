// Where a device is shown: its own page for the types that have one. The dot of a device id is escaped:
// the hub's SPA fallback takes a path with a dot for a missing file (`/inverter/fr-occitanie.inv01`
// would answer 404 on a reload).
import type { DeviceType } from '@voltscope/shared/fleet';

const escapedId = (deviceId: string) => encodeURIComponent(deviceId).replaceAll('.', '%2E');

/** The address of an inverter's page. */
export const inverterPath = (deviceId: string) => `/overview/solar/inverter/${escapedId(deviceId)}`;

/** The address of a wind turbine's page. */
export const turbinePath = (deviceId: string) => `/overview/wind/turbine/${escapedId(deviceId)}`;

/** The page of a device, for the types that have one. */
export function devicePath(deviceId: string, type: DeviceType | undefined): string | null {
  if (type === 'inverter') return inverterPath(deviceId);
  if (type === 'wind_turbine') return turbinePath(deviceId);
  return null;
}
