// Where a device is shown: its own page (`/devices/:id`, which every device link opens: a search result,
// an alarm's or an event's device); inverters and turbines also on their detail pages, every other device
// (breakers, meters, transformers, busbars, sensors, cameras...) in its site's equipment list on the site's
// overview, scrolled to and highlighted (`?device=`). The site is the device id's prefix before the dot; the solar
// overview sends a wind farm's device on to the wind overview, so a caller needs no site kind. The dot of
// a device id is escaped in a path: the hub's SPA fallback takes a path with a dot for a missing file
// (`/inverter/fr-occitanie.inv01` would answer 404 on a reload).
import type { DeviceType } from '@voltscope/shared/fleet';

const escapedId = (deviceId: string) => encodeURIComponent(deviceId).replaceAll('.', '%2E');

/** The address of an inverter's page. */
export const inverterPath = (deviceId: string) => `/overview/solar/inverter/${escapedId(deviceId)}`;

/** The address of a wind turbine's page. */
export const turbinePath = (deviceId: string) => `/overview/wind/turbine/${escapedId(deviceId)}`;

/** The site of a device: its id up to the first dot (`fr-occitanie.brk-main` is on `fr-occitanie`). */
export const siteOfDevice = (deviceId: string): string => deviceId.split('.')[0] ?? deviceId;

/** The overview of a site (`solar` or `wind`) scrolled to one of its devices, highlighted. */
export const equipmentPath = (deviceId: string, overview: 'solar' | 'wind' = 'solar') =>
  `/overview/${overview}?${new URLSearchParams({ site: siteOfDevice(deviceId), device: deviceId })}`;

/** A device's own page: what it is, its state and maintenance, series, alarms, events and history. */
export const devicePath = (deviceId: string): string => `/devices/${escapedId(deviceId)}`;

/** Its detail page (an inverter's, a turbine's), or its line of its site's equipment list. */
export function deviceDetailPath(deviceId: string, type: DeviceType | undefined): string {
  if (type === 'inverter') return inverterPath(deviceId);
  if (type === 'wind_turbine') return turbinePath(deviceId);
  return equipmentPath(deviceId);
}
