import { describe, expect, it } from 'vitest';
import type { DeviceType } from '../fleet.ts';
import { sourceFromVoltages, Topology } from './energise.ts';
import { generateDiagram, type TreeDevice } from './generate.ts';
import { type Diagram, type SldSymbol, terminalPoint } from './model.ts';
import { validateDiagram } from './validate.ts';

/** A plant as the demo builds one: meter, main breaker, busbar, feeders, transformers, units, extras. */
function plant(units: number, perTransformer: number, unit: DeviceType): TreeDevice[] {
  const d: TreeDevice[] = [
    { id: 's.meter', type: 'meter', parentId: null },
    { id: 's.brk-main', type: 'breaker', parentId: 's.meter' },
    { id: 's.busbar', type: 'busbar', parentId: 's.brk-main' },
    { id: 's.met', type: 'weather_station', parentId: null },
    { id: 's.cam1', type: 'camera', parentId: null },
  ];
  const transformers = Math.ceil(units / perTransformer);
  for (let t = 1; t <= transformers; t++) {
    d.push({ id: `s.brk-f${t}`, type: 'breaker', parentId: 's.busbar' });
    d.push({ id: `s.tr${t}`, type: 'transformer', parentId: `s.brk-f${t}` });
  }
  for (let i = 1; i <= units; i++) {
    d.push({ id: `s.u${i}`, type: unit, parentId: `s.tr${Math.ceil(i / perTransformer)}` });
    if (unit === 'inverter') d.push({ id: `s.cb${i}`, type: 'combiner_box', parentId: `s.u${i}` });
  }
  return d;
}

const positions = (diagram: Diagram) => diagram.symbols.map((s) => `${s.x},${s.y}`);

describe('generated diagram', () => {
  it.each([
    ['solar, 80 inverters', plant(80, 20, 'inverter')],
    ['wind, 12 turbines', plant(12, 6, 'wind_turbine')],
    ['one inverter', plant(1, 20, 'inverter')],
  ])('is valid and places every power device once, none on another (%s)', (_name, devices) => {
    const diagram = generateDiagram(devices);
    expect(validateDiagram(diagram, devices)).toEqual([]);
    const drawn = devices.filter((d) => !['weather_station', 'camera', 'combiner_box'].includes(d.type));
    expect(diagram.symbols.filter((s) => s.deviceId).map((s) => s.deviceId)).toEqual(
      expect.arrayContaining(drawn.map((d) => d.id)),
    );
    expect(diagram.symbols.filter((s) => s.kind === 'grid')).toHaveLength(1);
    expect(new Set(positions(diagram)).size).toBe(diagram.symbols.length);
    // Every wire joins two terminals that exist.
    const byId = new Map(diagram.symbols.map((s) => [s.id, s]));
    for (const c of diagram.connections) {
      expect(terminalPoint(byId.get(c.from.symbol) as never, c.from.terminal)).not.toBeNull();
      expect(terminalPoint(byId.get(c.to.symbol) as never, c.to.terminal)).not.toBeNull();
    }
  });

  it('is the same for the same devices', () => {
    expect(generateDiagram(plant(40, 20, 'inverter'))).toEqual(generateDiagram(plant(40, 20, 'inverter')));
  });
});

describe('validation', () => {
  const devices = plant(2, 20, 'inverter');
  const base = generateDiagram(devices);
  const codes = (diagram: Diagram) => validateDiagram(diagram, devices).map((i) => i.code);

  it('refuses an unbound device symbol, a device twice, a loose wire, an unknown device', () => {
    const [first, second] = base.symbols.filter((s) => s.kind === 'inverter') as [SldSymbol, SldSymbol];
    const broken: Diagram = {
      ...base,
      symbols: base.symbols.map((s) =>
        s.id === first.id ? { ...s, deviceId: null } : s.id === second.id ? { ...s, deviceId: 's.tr1' } : s,
      ),
      connections: [
        ...base.connections,
        { id: 'loose', from: { symbol: 's.tr1', terminal: 'b' }, to: { symbol: 'nowhere', terminal: 'a' }, via: [] },
      ],
    };
    expect(codes(broken)).toEqual(['unbound', 'wrongDeviceType', 'dangling']);
    const twice: Diagram = { ...base, symbols: [...base.symbols, { ...first, id: 'copy' }] };
    expect(codes(twice)).toEqual(['deviceTwice']);
    const unknown: Diagram = {
      ...base,
      symbols: [...base.symbols, { ...first, id: 'x', deviceId: 'other.inv' }],
    };
    expect(codes(unknown)).toEqual(['unknownDevice']);
  });
});

describe('energisation', () => {
  const devices = plant(40, 20, 'inverter');
  const diagram = generateDiagram(devices);
  const topology = new Topology(diagram);
  const run = (open: Set<string>, source: boolean | null = true, unknown = new Set<string>()) =>
    topology.evaluate({
      closed: (s) => (unknown.has(s.id) ? null : !open.has(s.id)),
      sourceLive: () => source,
    });

  it('is live everywhere with the breakers closed and the grid up', () => {
    const e = run(new Set());
    expect([...e.symbols.values()].every((v) => v === 'live')).toBe(true);
    expect([...e.connections.values()].every((v) => v === 'live')).toBe(true);
  });

  it('goes dead downstream of an open main breaker, upstream stays live', () => {
    const e = run(new Set(['s.brk-main']));
    expect(e.symbols.get('s.meter')).toBe('live');
    expect(e.symbols.get('s.brk-main')).toBe('live');
    expect(e.symbols.get('s.busbar')).toBe('dead');
    expect(e.symbols.get('s.u1')).toBe('dead');
    expect(e.symbols.get('s.u40')).toBe('dead');
  });

  it('darkens only the feeder whose breaker is open', () => {
    const e = run(new Set(['s.brk-f2']));
    expect(e.symbols.get('s.u1')).toBe('live');
    expect(e.symbols.get('s.tr2')).toBe('dead');
    expect(e.symbols.get('s.u21')).toBe('dead');
  });

  it('says unknown where a switch on the way has no value, dead when the grid is dead', () => {
    expect(run(new Set(), true, new Set(['s.brk-f1'])).symbols.get('s.u1')).toBe('unknown');
    expect(run(new Set(), false).symbols.get('s.u1')).toBe('dead');
    expect(run(new Set(), null).symbols.get('s.busbar')).toBe('unknown');
  });

  it('reads the grid source from its meter voltage', () => {
    const grid = diagram.symbols.find((s) => s.kind === 'grid');
    if (!grid) throw new Error('no grid symbol');
    expect(sourceFromVoltages(diagram, grid, (id) => (id === 's.meter' ? 20 : undefined))).toBe(true);
    expect(sourceFromVoltages(diagram, grid, (id) => (id === 's.meter' ? 0 : undefined))).toBe(false);
    expect(sourceFromVoltages(diagram, grid, (id) => (id === 's.meter' ? null : undefined))).toBe(null);
    expect(sourceFromVoltages(diagram, grid, () => undefined)).toBe(true);
  });
});
