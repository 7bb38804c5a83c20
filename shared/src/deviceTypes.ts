// What each device type is: the series a device of it reports (with their units, plausible ranges and
// period), where it may hang in its site's electrical tree, and the alarm rules it starts with. The
// fleet builder, the management page's forms and the hub's checks of every new or moved device read it.
import { defaultRules } from './defaultAlarmRules.ts';
import { type DeviceType, deviceTypes, type Metric, metrics } from './fleet.ts';
import { turbineMetrics } from './turbineMetrics.ts';

/** A series' key: its metric, with an index where a device has several (`mppt_voltage:2`). */
export type SeriesKey = Metric | `${Metric}:${number}`;

/** How often a new device's series are expected to report, unless overridden. */
export const DEFAULT_PERIOD_MS = 1000;

export const seriesKeysOfType: Record<DeviceType, readonly SeriesKey[]> = {
  inverter: [
    'ac_power',
    'dc_power',
    'ac_voltage',
    'energy_today',
    'temperature',
    'state',
    'fault_code',
    ...[1, 2, 3, 4].flatMap((n) => [`mppt_voltage:${n}`, `mppt_current:${n}`] as const),
  ],
  combiner_box: [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `string_current:${n}` as const),
  weather_station: [
    'irradiance_poa',
    'irradiance_ghi',
    'ambient_temperature',
    'module_temperature',
    'wind_speed',
    'wind_direction',
  ],
  meter: ['active_power', 'reactive_power', 'grid_voltage', 'grid_frequency', 'energy_today'],
  transformer: ['load', 'oil_temperature'],
  breaker: ['position', 'current'],
  busbar: ['grid_voltage', 'grid_frequency'],
  wind_turbine: [...turbineMetrics],
  camera: ['online'],
  door_reader: ['door_open', 'door_forced', 'door_held_open', 'access_denied'],
  motion_sensor: ['motion'],
};

/** Devices that watch the site rather than carry its power: at the top of the tree, or under any device. */
const anywhere: readonly DeviceType[] = ['weather_station', 'camera', 'door_reader', 'motion_sensor'];

/**
 * The electrical tree, top down: the grid meter; the main breaker under it; the busbar under a breaker;
 * feeder breakers under the busbar; transformers under a feeder breaker; inverters and turbines under a
 * transformer; combiner boxes under an inverter.
 */
export const parentTypesOf: Record<DeviceType, readonly DeviceType[]> = {
  meter: [],
  breaker: ['meter', 'busbar'],
  busbar: ['breaker'],
  transformer: ['breaker'],
  inverter: ['transformer'],
  wind_turbine: ['transformer'],
  combiner_box: ['inverter'],
  weather_station: deviceTypes,
  camera: deviceTypes,
  door_reader: deviceTypes,
  motion_sensor: deviceTypes,
};

/** Whether a device of `type` may stand at the top of its site's tree (no parent). */
export const atTopAllowed = (type: DeviceType): boolean => type === 'meter' || anywhere.includes(type);

/** Whether a device of `type` may hang under one of `parentType`. */
export const mayHangUnder = (type: DeviceType, parentType: DeviceType): boolean =>
  parentTypesOf[type].includes(parentType);

export const isDeviceType = (value: unknown): value is DeviceType =>
  typeof value === 'string' && (deviceTypes as readonly string[]).includes(value);

/** A series as a new device of its type gets it. */
export interface TypeSeries {
  key: SeriesKey;
  metric: Metric;
  unit: string;
  min: number;
  max: number;
  periodMs: number;
}

export const metricOfKey = (key: string): Metric => key.split(':')[0] as Metric;

export function seriesOfType(type: DeviceType): TypeSeries[] {
  return seriesKeysOfType[type].map((key) => {
    const metric = metricOfKey(key);
    const { unit, min, max } = metrics[metric];
    return { key, metric, unit, min, max, periodMs: DEFAULT_PERIOD_MS };
  });
}

/** Every type as GET /api/device-types answers it. */
export function deviceTypeInfos() {
  return deviceTypes.map((type) => ({
    type,
    parentTypes: [...parentTypesOf[type]],
    atTop: atTopAllowed(type),
    series: seriesOfType(type),
    defaultRules: defaultRules
      .filter((rule) => rule.deviceType === type)
      .map(({ name, kind, seriesKey, threshold, priority }) => ({ name, kind, seriesKey, threshold, priority })),
  }));
}
