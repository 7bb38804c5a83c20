import { describe, expect, it } from 'vitest';
import { binWindRose, prevailingSector, sectorOf, speedBinOf, WIND_ROSE_EDGES } from './WindRose.tsx';

describe('sectorOf', () => {
  it('centres sector 0 on north, wrapping around at 360°', () => {
    expect(sectorOf(0, 16)).toBe(0);
    expect(sectorOf(11.24, 16)).toBe(0);
    expect(sectorOf(11.25, 16)).toBe(1);
    expect(sectorOf(348.75, 16)).toBe(0);
    expect(sectorOf(348.74, 16)).toBe(15);
    expect(sectorOf(359.9, 16)).toBe(0);
    expect(sectorOf(360, 16)).toBe(0);
  });

  it('counts clockwise: east, south and west are sectors 4, 8 and 12 of 16', () => {
    expect(sectorOf(90, 16)).toBe(4);
    expect(sectorOf(180, 16)).toBe(8);
    expect(sectorOf(270, 16)).toBe(12);
    expect(sectorOf(315, 8)).toBe(7);
  });

  it('takes directions outside 0–360 as the same bearing', () => {
    expect(sectorOf(-10, 16)).toBe(0);
    expect(sectorOf(-90, 16)).toBe(12);
    expect(sectorOf(450, 16)).toBe(4);
  });
});

describe('speedBinOf', () => {
  it('puts a speed in the bin of the last edge at or below it, the last bin open-ended', () => {
    expect(speedBinOf(0, WIND_ROSE_EDGES)).toBe(0);
    expect(speedBinOf(2.99, WIND_ROSE_EDGES)).toBe(0);
    expect(speedBinOf(3, WIND_ROSE_EDGES)).toBe(1);
    expect(speedBinOf(14.9, WIND_ROSE_EDGES)).toBe(4);
    expect(speedBinOf(15, WIND_ROSE_EDGES)).toBe(5);
    expect(speedBinOf(40, WIND_ROSE_EDGES)).toBe(5);
  });
});

describe('binWindRose', () => {
  it('counts each pair in its sector and speed bin', () => {
    const direction = [355, 5, 90, 92, 180, 270, 10];
    const speed = [2, 7, 4, 16, 9, 12.5, 3];
    const rose = binWindRose(direction, speed, 16);
    expect(rose.total).toBe(7);
    expect(rose.counts[0]).toEqual([1, 1, 1, 0, 0, 0]);
    expect(rose.counts[4]).toEqual([0, 1, 0, 0, 0, 1]);
    expect(rose.counts[8]).toEqual([0, 0, 0, 1, 0, 0]);
    expect(rose.counts[12]).toEqual([0, 0, 0, 0, 1, 0]);
    expect(rose.counts.reduce((n, row) => n + row.reduce((a, b) => a + b, 0), 0)).toBe(7);
  });

  it('leaves out pairs with a gap on either side', () => {
    const rose = binWindRose([10, null, 20, Number.NaN], [5, 5, null, 5], 8);
    expect(rose.total).toBe(1);
    expect(rose.counts[0]).toEqual([0, 1, 0, 0, 0, 0]);
  });

  it('names the prevailing sector and its share', () => {
    const rose = binWindRose([300, 310, 315, 90], [8, 9, 10, 5], 8);
    expect(prevailingSector(rose)).toEqual({ sector: 7, share: 0.75 });
    expect(prevailingSector(binWindRose([], []))).toBeNull();
  });
});
