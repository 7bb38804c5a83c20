import { type Frame, frameKinds } from '@voltscope/shared/frames';
import { describe, expect, it } from 'vitest';
import { LiveStore } from '../../live/liveStore.ts';
import { readTurbine } from './turbineReading.ts';
import type { Turbine } from './useWindSite.ts';

const turbine: Turbine = {
  device: {
    id: 'es-tarifa.wtg01',
    siteId: 'es-tarifa',
    type: 'wind_turbine',
    name: 'WTG 01',
    model: 'V112-3.0 MW',
    ratedKw: 3000,
    protocol: 'modbus',
    address: '',
    parentId: null,
    state: 'online',
    lastSeen: null,
  },
  series: {
    active_power: { id: 1, periodMs: 1000 },
    wind_speed: { id: 2, periodMs: 1000 },
    state: { id: 3, periodMs: 1000 },
  },
};

const frame = (seq: number, ts: number, values: [number, number][]): Frame => ({
  kind: frameKinds.live,
  seq,
  series: Int32Array.from(values.map(([id]) => id)),
  ts: Float64Array.from(values.map(() => ts)),
  values: Float64Array.from(values.map(([, v]) => v)),
});

describe('readTurbine', () => {
  it('reads the newest values and says running while they are fresh', () => {
    const store = new LiveStore();
    store.applyFrame(
      'es-tarifa',
      frame(1, 50_000, [
        [1, 2100],
        [2, 9.5],
        [3, 1],
      ]),
      1_000,
    );
    const reading = readTurbine(store, 'es-tarifa', turbine, 1_500);
    expect(reading).toMatchObject({ status: 'running', freshness: 'live', age: 0 });
    expect(reading.values).toEqual({ active_power: 2100, wind_speed: 9.5, state: 1 });
  });

  it('turns stale, then offline, as the frames stop coming', () => {
    const store = new LiveStore();
    store.applyFrame('es-tarifa', frame(1, 50_000, [[3, 1]]), 1_000);
    expect(readTurbine(store, 'es-tarifa', turbine, 6_000)).toMatchObject({ freshness: 'stale', status: 'running' });
    expect(readTurbine(store, 'es-tarifa', turbine, 12_000)).toMatchObject({ freshness: 'offline', status: 'offline' });
  });

  it('marks a silent turbine stale while the rest of the site keeps reporting', () => {
    const store = new LiveStore();
    store.applyFrame('es-tarifa', frame(1, 50_000, [[3, 2]]), 1_000);
    store.applyFrame('es-tarifa', frame(2, 55_000, [[99, 0]]), 6_000);
    expect(readTurbine(store, 'es-tarifa', turbine, 6_000)).toMatchObject({
      freshness: 'stale',
      status: 'fault',
      age: 5_000,
    });
  });

  it('is offline when it never reported, and in maintenance when an admin says so', () => {
    const store = new LiveStore();
    expect(readTurbine(store, 'es-tarifa', turbine, 0)).toMatchObject({ status: 'offline', age: null });
    const kept = { ...turbine, device: { ...turbine.device, state: 'maintenance' as const } };
    expect(readTurbine(store, 'es-tarifa', kept, 0).status).toBe('maintenance');
  });
});
