// Builds a plant's devices and series from its spec: the electrical tree (inverters or turbines under
// transformers, feeder breakers, the busbar, the main breaker and the grid meter) plus the weather and
// security devices, each with the series its type reports.
import { seriesOfType } from '@voltscope/shared/deviceTypes';
import type { Device, DeviceType, Series } from '@voltscope/shared/fleet';
import type { PlantSpec } from '../demo/fleet.ts';

export interface FleetModel {
  devices: Device[];
  /** Series without ids: the store assigns them in this order. */
  series: Omit<Series, 'id'>[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A device's series as its type defines them (shared/src/deviceTypes.ts). */
export function seriesFor(device: Device): Omit<Series, 'id'>[] {
  return seriesOfType(device.type).map((s) => ({ deviceId: device.id, scale: 1, ...s }));
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
