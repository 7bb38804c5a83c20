import { describe, expect, it } from 'vitest';
import { SampleRing } from './sampleRing.ts';

const contents = (ring: SampleRing, since = 0) => {
  const seen: [number, number][] = [];
  ring.each(since, (ts, value) => seen.push([ts, value]));
  return seen;
};

describe('sample ring', () => {
  it('keeps the newest samples, oldest first, once it has wrapped', () => {
    const ring = new SampleRing(3);
    for (let t = 1; t <= 5; t++) ring.push(t * 1000, t);
    expect(ring.size).toBe(3);
    expect(contents(ring)).toEqual([
      [3000, 3],
      [4000, 4],
      [5000, 5],
    ]);
    expect(ring.latest()).toEqual({ ts: 5000, value: 5 });
  });

  it('stores no sample older than or as old as its newest', () => {
    const ring = new SampleRing(4);
    ring.push(2000, 2);
    ring.push(2000, 9);
    ring.push(1000, 1);
    expect(contents(ring)).toEqual([[2000, 2]]);
  });

  it('counts and visits only the samples at or after a time', () => {
    const ring = new SampleRing(5);
    for (let t = 1; t <= 7; t++) ring.push(t * 1000, t);
    expect(ring.count(5000)).toBe(3);
    expect(contents(ring, 6000)).toEqual([
      [6000, 6],
      [7000, 7],
    ]);
  });

  it('is empty again after clear', () => {
    const ring = new SampleRing(2);
    ring.push(1000, 1);
    ring.clear();
    expect(ring.latest()).toBeNull();
    expect(ring.count(0)).toBe(0);
  });
});
