// Builds a plant's devices and series from its spec: the electrical tree (inverters or turbines under
// transformers, feeder breakers, the busbar, the main breaker and the grid meter) plus the weather and
// security devices, each with the series its type reports.
import type { Device, DeviceType, Metric, Series } from '@voltscope/shared/fleet';
import { metrics } from '@voltscope/shared/fleet';
import { turbineMetrics } from '@voltscope/shared/turbineMetrics';
import type { PlantSpec } from '../demo/fleet.ts';

export interface FleetModel {
  devices: Device[];
  /** Series without ids: the store assigns them in this order. */
  series: Omit<Series, 'id'>[];
}

const PERIOD_MS = 1000;
const pad = (n: number) => String(n).padStart(2, '0');

const seriesKeys: Record<DeviceType, (Metric | `${Metric}:${number}`)[]> = {
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
  door_reader: ['door_open'],
  motion_sensor: ['motion'],
};

export function seriesFor(device: Device): Omit<Series, 'id'>[] {
  return seriesKeys[device.type].map((key) => {
    const metric = key.split(':')[0] as Metric;
    const spec = metrics[metric];
    return {
      deviceId: device.id,
      key,
      metric,
      unit: spec.unit,
      scale: 1,
      min: spec.min,
      max: spec.max,
      periodMs: PERIOD_MS,
    };
  });
}

export function buildPlant(plant: PlantSpec): FleetModel {
  const site = plant.siteId;
  const devices: Device[] = [];
  const add = (id: string, type: DeviceType, name: string, extra: Partial<Device> = {}) => {
    const device: Device = {
      id: `${site}.${id}`,
      siteId: site,
      type,
      name,
      model: '',
      ratedKw: null,
      protocol: 'modbus-tcp',
      address: `10.${devices.length >> 8}.${devices.length & 255}.10:502`,
      parentId: null,
      state: 'online',
      lastSeen: null,
      ...extra,
    };
    devices.push(device);
    return device;
  };

  const units = plant.kind === 'solar' ? plant.inverters : plant.turbines;
  const perTransformer = plant.kind === 'solar' ? 20 : 6;
  const unitKw = plant.kind === 'solar' ? plant.inverterAcKw : 3000;

  const meter = add('meter', 'meter', 'Grid meter', { model: 'ION9000', protocol: 'iec61850' });
  const main = add('brk-main', 'breaker', 'Main breaker', {
    parentId: meter.id,
    model: 'HVX 24 kV',
    protocol: 'iec61850',
  });
  const busbar = add('busbar', 'busbar', 'MV busbar 20 kV', { parentId: main.id, protocol: 'iec61850' });
  const transformers = Math.ceil(units / perTransformer);
  for (let t = 1; t <= transformers; t++) {
    const feeder = add(`brk-f${pad(t)}`, 'breaker', `Feeder breaker ${t}`, { parentId: busbar.id, model: 'SM6 24 kV' });
    const count = Math.min(perTransformer, units - (t - 1) * perTransformer);
    add(`tr${pad(t)}`, 'transformer', `Transformer ${t}`, {
      parentId: feeder.id,
      ratedKw: Math.ceil((count * unitKw * 1.1) / 100) * 100,
      model: 'Oil 20/0.8 kV',
    });
  }

  for (let i = 1; i <= units; i++) {
    const transformer = `${site}.tr${pad(Math.ceil(i / perTransformer))}`;
    if (plant.kind === 'solar') {
      const inverter = add(`inv${pad(i)}`, 'inverter', `Inverter ${pad(i)}`, {
        parentId: transformer,
        ratedKw: plant.inverterAcKw,
        model: plant.inverterModel,
      });
      // One combiner box for two inverters: it sees the 8 strings of their first two MPPT inputs.
      if (i % 2 === 1)
        add(`cb${pad((i + 1) / 2)}`, 'combiner_box', `Combiner box ${(i + 1) / 2}`, { parentId: inverter.id });
    } else {
      add(`wtg${pad(i)}`, 'wind_turbine', `WTG ${pad(i)}`, {
        parentId: transformer,
        ratedKw: 3000,
        model: plant.turbineModel,
      });
    }
  }

  add('met', 'weather_station', plant.kind === 'solar' ? 'Weather station' : 'Met mast', { model: 'Lufft WS600' });
  for (let n = 1; n <= 2; n++) {
    add(`cam${n}`, 'camera', `Camera ${n}`, { protocol: 'rtsp', model: 'PTZ 4K' });
    add(`gate${n}`, 'door_reader', n === 1 ? 'Main gate' : 'Substation door', { protocol: 'osdp' });
    add(`pir${n}`, 'motion_sensor', `Perimeter motion ${n}`, { protocol: 'osdp' });
  }
  return { devices, series: devices.flatMap(seriesFor) };
}

export function buildFleet(plants: readonly PlantSpec[]): FleetModel {
  const parts = plants.map(buildPlant);
  return { devices: parts.flatMap((p) => p.devices), series: parts.flatMap((p) => p.series) };
}
