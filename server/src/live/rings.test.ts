import { describe, expect, it } from 'vitest';
import { SeriesRings } from './rings.ts';

const collect = (rings: SeriesRings, id: number, since = 0) => {
  const out: [number, number][] = [];
  rings.each(id, since, (ts, value) => out.push([ts, value]));
  return out;
};

describe('SeriesRings', () => {
  it('keeps the last samples of each series, oldest first', () => {
    const rings = new SeriesRings(3);
    for (let t = 1; t <= 5; t++) rings.push(7, t * 1000, t);
    rings.push(8, 1000, 99);
    expect(collect(rings, 7)).toEqual([
      [3000, 3],
      [4000, 4],
      [5000, 5],
    ]);
    expect(collect(rings, 8)).toEqual([[1000, 99]]);
    expect(collect(rings, 9)).toEqual([]);
  });

  it('ignores late and repeated samples, and reads from a time', () => {
    const rings = new SeriesRings(10);
    rings.push(1, 2000, 2);
    rings.push(1, 1000, 1);
    rings.push(1, 2000, 5);
    rings.push(1, 3000, 3);
    expect(collect(rings, 1)).toEqual([
      [2000, 2],
      [3000, 3],
    ]);
    expect(collect(rings, 1, 2500)).toEqual([[3000, 3]]);
  });
});
