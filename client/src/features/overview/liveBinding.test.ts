import { describe, expect, it } from 'vitest';
import { type LiveBinder, readPair } from './liveBinding.ts';

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
