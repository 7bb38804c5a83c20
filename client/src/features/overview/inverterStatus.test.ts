import { describe, expect, it } from 'vitest';
import { faultName, type InverterReading, inverterView } from './inverterStatus.ts';

const fresh = (value: number) => ({ value, age: 500 });
const old = (value: number) => ({ value, age: 60_000 });
const base: InverterReading = {
  power: fresh(180),
  state: fresh(1),
  fault: fresh(0),
  ratedKw: 250,
  deviceState: 'online',
  staleAfterMs: 3000,
};

describe('inverterView', () => {
  it('is running with its output as a share of rating', () => {
    expect(inverterView(base)).toEqual({ status: 'running', load: 0.72, faultCode: null });
  });

  it('is in standby at night, with zero output', () => {
    expect(inverterView({ ...base, power: fresh(0), state: fresh(0) })).toEqual({
      status: 'standby',
      load: 0,
      faultCode: null,
    });
  });

  it('is in fault with its code, from the state or the code alone', () => {
    expect(inverterView({ ...base, power: fresh(0), state: fresh(2), fault: fresh(101) })).toMatchObject({
      status: 'fault',
      faultCode: 101,
    });
    expect(inverterView({ ...base, state: fresh(1), fault: fresh(102) }).status).toBe('fault');
  });

  it('is stale when its values stopped arriving, offline when the hub says so too', () => {
    const silent = { ...base, power: old(180), state: old(1), fault: old(0) };
    expect(inverterView(silent).status).toBe('stale');
    expect(inverterView({ ...silent, deviceState: 'offline' }).status).toBe('offline');
  });

  it('never calls a fresh value stale because the hub last said offline', () => {
    expect(inverterView({ ...base, deviceState: 'offline' }).status).toBe('running');
  });

  it('shows maintenance above everything, and no data before the first value', () => {
    expect(inverterView({ ...base, deviceState: 'maintenance' }).status).toBe('maintenance');
    expect(inverterView({ ...base, power: null, state: null, fault: null, deviceState: null })).toEqual({
      status: 'noData',
      load: null,
      faultCode: null,
    });
  });
});

describe('faultName', () => {
  it('names the shared fault codes and no others', () => {
    expect(faultName(101)).toBe('overTemperature');
    expect(faultName(103)).toBe('insulation');
    expect(faultName(0)).toBeNull();
    expect(faultName(999)).toBeNull();
  });
});
