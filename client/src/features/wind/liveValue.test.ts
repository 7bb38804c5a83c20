import { describe, expect, it } from 'vitest';
import { compassPoint, freshnessOf, turbineStatus, yawMisalignment } from './liveValue.ts';

describe('freshnessOf', () => {
  it('is live within three periods, stale after, offline after five (and at least 10 s)', () => {
    expect(freshnessOf(900, 1000)).toBe('live');
    expect(freshnessOf(3_000, 1000)).toBe('live');
    expect(freshnessOf(3_001, 1000)).toBe('stale');
    expect(freshnessOf(10_000, 1000)).toBe('stale');
    expect(freshnessOf(10_001, 1000)).toBe('offline');
    expect(freshnessOf(30_000, 10_000)).toBe('live');
    expect(freshnessOf(30_001, 10_000)).toBe('stale');
    expect(freshnessOf(50_001, 10_000)).toBe('offline');
    expect(freshnessOf(null, 1000)).toBe('offline');
  });
});

describe('turbineStatus', () => {
  it('reads the state series: idle, running, fault, stopped', () => {
    expect(turbineStatus(0, 'live')).toBe('idle');
    expect(turbineStatus(1, 'live')).toBe('running');
    expect(turbineStatus(2, 'stale')).toBe('fault');
    expect(turbineStatus(3, 'live')).toBe('stopped');
    expect(turbineStatus(7, 'live')).toBe('unknown');
  });

  it('says offline when silent, and maintenance above all', () => {
    expect(turbineStatus(1, 'offline')).toBe('offline');
    expect(turbineStatus(null, 'live')).toBe('offline');
    expect(turbineStatus(2, 'offline', true)).toBe('maintenance');
  });
});

describe('yawMisalignment', () => {
  it('is signed, across north too', () => {
    expect(yawMisalignment(100, 90)).toBe(10);
    expect(yawMisalignment(80, 90)).toBe(-10);
    expect(yawMisalignment(5, 355)).toBe(10);
    expect(yawMisalignment(355, 5)).toBe(-10);
    expect(yawMisalignment(270, 90)).toBe(180);
    expect(yawMisalignment(0, 0)).toBe(0);
  });
});

describe('compassPoint', () => {
  it('names the nearest of 16 points, north on both sides of 0°', () => {
    expect(compassPoint(0)).toBe('N');
    expect(compassPoint(350)).toBe('N');
    expect(compassPoint(11.25)).toBe('NNE');
    expect(compassPoint(90)).toBe('E');
    expect(compassPoint(225)).toBe('SW');
    expect(compassPoint(337)).toBe('NNW');
    expect(compassPoint(-45)).toBe('NW');
  });
});
