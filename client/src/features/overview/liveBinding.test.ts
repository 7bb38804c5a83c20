import { describe, expect, it } from 'vitest';
import { sampleAge } from '../../live/ageWatchdog.ts';
import { type LiveBinder, readPair } from './liveBinding.ts';

describe('sampleAge', () => {
  it('measures on the hub clock: how much newer the site is, plus the time since its last frame', () => {
    // The browser clock is an hour ahead: ages stay right.
    const skew = 3_600_000;
    const progress = { lastTs: 100_000, receivedAt: 100_200 + skew };
    expect(sampleAge(99_000, progress, 100_700 + skew)).toBe(1000 + 500);
  });

  it('falls back on the browser clock before any frame', () => {
    expect(sampleAge(1000, undefined, 4000)).toBe(3000);
  });
});

describe('readPair', () => {
  const readings = new Map([
    [1, { value: 400, age: 800 }],
    [2, { value: 300, age: 2500 }],
  ]);
  const binder = { read: (id: number | undefined) => (id === undefined ? null : (readings.get(id) ?? null)) };

  it('gives both values with the older age', () => {
    expect(readPair(binder as unknown as LiveBinder, { id: 1 }, { id: 2 }, 0)).toEqual({ a: 400, b: 300, age: 2500 });
  });

  it('gives nothing until both series have a value', () => {
    expect(readPair(binder as unknown as LiveBinder, { id: 1 }, { id: 3 }, 0)).toBeNull();
    expect(readPair(binder as unknown as LiveBinder, undefined, { id: 2 }, 0)).toBeNull();
  });
});
