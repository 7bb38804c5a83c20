import { modelFaultCodes } from '@voltscope/shared/faultCodes';
import { describe, expect, it } from 'vitest';
import { demoPlants, demoSites } from '../demo/fleet.ts';
import { buildFleet } from '../fleet/build.ts';
import { Registry } from '../fleet/registry.ts';
import { dcPower, invert } from './pv.ts';
import { FleetSimulator } from './simulator.ts';
import { clearSky, sunPosition } from './sun.ts';
import { powerCurve, turbine3MW } from './wind.ts';

const fleet = buildFleet(demoPlants);
const registry = new Registry(
  fleet.devices,
  fleet.series.map((s, i) => ({ ...s, id: i + 1 })),
);
const simulator = (seed: number, faults = 1) =>
  new FleetSimulator(registry, demoSites, demoPlants, { seed, warp: 1, faults: { scale: faults } });
const sampleOf = (batch: ReturnType<FleetSimulator['step']>, key: string) => {
  const i = batch.series.indexOf(registry.seriesIdByKey(key) ?? -1);
  return i < 0 ? undefined : batch.values[i];
};
const SOLSTICE_NOON_MA = Date.UTC(2026, 5, 21, 12, 30);
const MIDNIGHT_MA = Date.UTC(2026, 5, 21, 0, 30);

describe('sun and sky', () => {
  it('puts the sun near the zenith at noon in Ouarzazate in June, and below the horizon at midnight', () => {
    expect(sunPosition(30.92, -6.89, SOLSTICE_NOON_MA).zenith).toBeLessThan(9);
    expect(sunPosition(30.92, -6.89, MIDNIGHT_MA).zenith).toBeGreaterThan(90);
  });

  it('gives no irradiance at night and about 1000 W/m² on a tilted plane at a clear noon', () => {
    expect(clearSky(sunPosition(30.92, -6.89, MIDNIGHT_MA), 26, 180)).toEqual({ ghi: 0, poa: 0 });
    const noon = clearSky(sunPosition(30.92, -6.89, SOLSTICE_NOON_MA), 26, 180);
    expect(noon.ghi).toBeGreaterThan(900);
    expect(noon.poa).toBeGreaterThan(850);
    expect(noon.poa).toBeLessThan(1100);
  });
});

describe('photovoltaic and inverter', () => {
  it('loses power as the modules heat up (temperature coefficient)', () => {
    expect(dcPower(100, 1000, 65)).toBeLessThan(dcPower(100, 1000, 25) * 0.87);
  });

  it('clips the AC output at the inverter rating', () => {
    const clipped = invert(400, 250);
    expect(clipped.ac).toBe(250);
    expect(clipped.clipping).toBe(true);
    expect(clipped.dc).toBeLessThan(400);
    const normal = invert(150, 250);
    expect(normal.ac / normal.dc).toBeGreaterThan(0.97);
    expect(normal.clipping).toBe(false);
  });
});

describe('wind turbine', () => {
  it('makes no power below cut-in or from cut-out, and rated power in between', () => {
    expect(powerCurve(turbine3MW, 2.9)).toBe(0);
    expect(powerCurve(turbine3MW, 25)).toBe(0);
    expect(powerCurve(turbine3MW, 14)).toBe(3000);
    expect(powerCurve(turbine3MW, 8)).toBeGreaterThan(0);
    expect(powerCurve(turbine3MW, 8)).toBeLessThan(3000);
  });
});

describe('fleet simulator', () => {
  it('reports a few thousand series a step', () => {
    const batch = simulator(1, 0).step(SOLSTICE_NOON_MA, 1);
    expect(batch.series.length).toBeGreaterThan(2500);
  });

  it('gives the same stream for the same seed and another for another seed', () => {
    const a = simulator(7);
    const b = simulator(7);
    const c = simulator(8);
    for (let i = 0; i < 30; i++) {
      const t = SOLSTICE_NOON_MA + i * 1000;
      const [x, y, z] = [a.step(t, 1), b.step(t, 1), c.step(t, 1)];
      expect(Array.from(x.values)).toEqual(Array.from(y.values));
      if (i === 29) expect(Array.from(x.values)).not.toEqual(Array.from(z.values));
    }
  });

  it('produces nothing from the panels at night', () => {
    const batch = simulator(3, 0).step(MIDNIGHT_MA, 1);
    expect(sampleOf(batch, 'ma-ouarzazate.met/irradiance_poa')).toBe(0);
    expect(sampleOf(batch, 'ma-ouarzazate.inv01/ac_power')).toBe(0);
    expect(sampleOf(batch, 'ma-ouarzazate.inv01/state')).toBe(0);
    expect(sampleOf(batch, 'ma-ouarzazate.meter/active_power')).toBe(0);
  });

  it('produces power from the panels at noon, never above the inverters’ rating', () => {
    const batch = simulator(3, 0).step(SOLSTICE_NOON_MA, 1);
    for (let i = 1; i <= 80; i++) {
      const ac = sampleOf(batch, `ma-ouarzazate.inv${String(i).padStart(2, '0')}/ac_power`) ?? -1;
      expect(ac).toBeGreaterThan(0);
      expect(ac).toBeLessThanOrEqual(500);
    }
    expect(sampleOf(batch, 'ma-ouarzazate.meter/grid_frequency')).toBeCloseTo(50, 0);
  });

  it('shows faults in the values themselves: a tripped inverter stops, a grid outage opens the breaker', () => {
    const sim = simulator(5, 5000);
    let tripped = false;
    let outage = false;
    for (let i = 0; i < 600 && !(tripped && outage); i++) {
      // Outages are rarer than trips: one the seed has not brought by half-way is switched on.
      if (i === 300 && !outage) sim.setFault('ma-ouarzazate', 'gridOutage', 5);
      const batch = sim.step(SOLSTICE_NOON_MA + i * 1000, 1);
      for (let n = 1; n <= 80; n++) {
        const id = `ma-ouarzazate.inv${String(n).padStart(2, '0')}`;
        if (sampleOf(batch, `${id}/state`) === 2 && sampleOf(batch, `${id}/fault_code`) !== 102) {
          expect(sampleOf(batch, `${id}/ac_power`)).toBe(0);
          expect(modelFaultCodes['Sunny Central 500']).toContain(sampleOf(batch, `${id}/fault_code`));
          tripped = true;
        }
      }
      if (sampleOf(batch, 'ma-ouarzazate.brk-main/position') === 0) {
        expect(sampleOf(batch, 'ma-ouarzazate.meter/active_power')).toBe(0);
        expect(sampleOf(batch, 'ma-ouarzazate.meter/grid_voltage')).toBe(0);
        // The inverters heard show the grid fault; one already tripped on a fault of its own keeps that code.
        const codes = Array.from({ length: 80 }, (_, k) =>
          sampleOf(batch, `ma-ouarzazate.inv${String(k + 1).padStart(2, '0')}/fault_code`),
        ).filter((code) => code !== undefined);
        expect(codes).toContain(102);
        for (const code of codes) expect([102, ...(modelFaultCodes['Sunny Central 500'] ?? [])]).toContain(code);
        outage = true;
      }
    }
    expect(tripped).toBe(true);
    expect(outage).toBe(true);
  });
});
