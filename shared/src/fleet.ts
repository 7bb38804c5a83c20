// The fleet model both sides share: device types and the metrics each one reports, with unit and
// plausible range. The server's registry (devices and series in the store) is built from it; the
// client names and formats series with it.
import type { Static } from 'typebox';
import type * as schemas from './contracts/fleet.ts';
import { type Language, languages } from './i18n.ts';

export const deviceTypes = [
  'inverter',
  'combiner_box',
  'meter',
  'weather_station',
  'wind_turbine',
  'transformer',
  'breaker',
  'busbar',
  'camera',
  'door_reader',
  'motion_sensor',
] as const;
export type DeviceType = (typeof deviceTypes)[number];

export const deviceStates = ['online', 'offline', 'fault', 'maintenance'] as const;
export type DeviceState = (typeof deviceStates)[number];

export interface MetricSpec {
  unit: string;
  /** Plausible range: a sample outside it is refused at ingest as physically impossible. */
  min: number;
  max: number;
}

/** Every metric the fleet reports. Ranges are wide on purpose: they catch nonsense, not anomalies. */
export const metrics = {
  ac_power: { unit: 'kW', min: -50, max: 10_000 },
  dc_power: { unit: 'kW', min: -50, max: 12_000 },
  ac_voltage: { unit: 'V', min: 0, max: 1_500 },
  energy_today: { unit: 'kWh', min: 0, max: 500_000 },
  temperature: { unit: '°C', min: -50, max: 150 },
  state: { unit: '', min: 0, max: 9 },
  fault_code: { unit: '', min: 0, max: 999 },
  mppt_voltage: { unit: 'V', min: 0, max: 1_600 },
  mppt_current: { unit: 'A', min: -5, max: 2_000 },
  string_current: { unit: 'A', min: -5, max: 30 },
  irradiance_poa: { unit: 'W/m²', min: 0, max: 1_600 },
  irradiance_ghi: { unit: 'W/m²', min: 0, max: 1_500 },
  ambient_temperature: { unit: '°C', min: -60, max: 65 },
  module_temperature: { unit: '°C', min: -60, max: 110 },
  wind_speed: { unit: 'm/s', min: 0, max: 75 },
  wind_direction: { unit: '°', min: 0, max: 360 },
  active_power: { unit: 'kW', min: -100_000, max: 200_000 },
  reactive_power: { unit: 'kvar', min: -100_000, max: 100_000 },
  grid_voltage: { unit: 'kV', min: 0, max: 500 },
  grid_frequency: { unit: 'Hz', min: 0, max: 70 },
  rotor_speed: { unit: 'rpm', min: 0, max: 40 },
  pitch_angle: { unit: '°', min: -10, max: 95 },
  yaw_angle: { unit: '°', min: 0, max: 360 },
  nacelle_temperature: { unit: '°C', min: -50, max: 120 },
  oil_temperature: { unit: '°C', min: -50, max: 150 },
  load: { unit: '%', min: 0, max: 200 },
  position: { unit: '', min: 0, max: 1 },
  current: { unit: 'A', min: -5, max: 100_000 },
  online: { unit: '', min: 0, max: 1 },
  door_open: { unit: '', min: 0, max: 1 },
  motion: { unit: '', min: 0, max: 1 },
  // Door readers' access log as series (server/src/access): 1 while forced or held open; denials in 5 min.
  door_forced: { unit: '', min: 0, max: 1 },
  door_held_open: { unit: '', min: 0, max: 1 },
  access_denied: { unit: '', min: 0, max: 10_000 },
} as const satisfies Record<string, MetricSpec>;
export type Metric = keyof typeof metrics;

/** Inverter operating state (`state` series). */
export const inverterStates = { standby: 0, running: 1, fault: 2 } as const;
/** Turbine operating state (`state` series). */
export const turbineStates = { idle: 0, running: 1, fault: 2, stopped: 3 } as const;
/**
 * Fault codes (`fault_code` series) by name; 0 means none. What each one means, how severe it is and what
 * to do about it, per device model: faultCodes.ts.
 */
export const faultCodes = {
  none: 0,
  overTemperature: 101,
  gridFault: 102,
  insulation: 103,
  dcArc: 104,
  fanFailure: 105,
  residualCurrent: 106,
  dcOvervoltage: 107,
  acContactor: 108,
  icing: 201,
  pitch: 202,
  yaw: 203,
  gearboxOilTemperature: 204,
  generatorTemperature: 205,
  vibration: 206,
  converter: 301,
} as const;
export type FaultName = Exclude<keyof typeof faultCodes, 'none'>;

// Device, Series, DeviceDetail, HistoryReply... are the API's replies: their schemas (with what each
// field means) are in contracts/fleet.ts.

export type Device = Static<typeof schemas.Device>;
/** A device's names in other languages than the one it was registered with. */
export type DeviceNames = NonNullable<Device['names']>;

/** A device's name in a language: its own there (`names`), else the one it was registered with. */
export const nameIn = (device: Pick<Device, 'name' | 'names'>, lng: Language): string =>
  device.names?.[lng] ?? device.name;

/** A device's name in every language, for texts filled in all of them (alarm messages, events). */
export const localisedName = (device: Pick<Device, 'name' | 'names'>): Record<Language, string> =>
  Object.fromEntries(languages.map((lng) => [lng, nameIn(device, lng)])) as Record<Language, string>;

export type Series = Static<typeof schemas.Series>;

/** A series as GET /api/sites/:id/series lists it. */
export type SeriesEntry = Static<typeof schemas.SeriesEntry>;

export type LatestValue = Static<typeof schemas.LatestValue>;

/** GET /api/devices/:id: a device with its series and their newest samples. */
export type DeviceDetail = Static<typeof schemas.DeviceDetail>;

/** GET /api/devices/:id/trips: a device's trips, newest first. */
export type TripLog = Static<typeof schemas.TripLog>;
export type Trip = Static<typeof schemas.Trip>;

/** GET /api/series/history: bucketed columns, ready for uPlot. */
export type HistoryReply = Static<typeof schemas.History>;

/** GET /api/series/latest: the newest sample of each series of a site, in columns. */
export type LatestValues = Static<typeof schemas.LatestValues>;
