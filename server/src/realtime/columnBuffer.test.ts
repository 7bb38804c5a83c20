import { describe, expect, it } from 'vitest';
import { ColumnBuffer } from './columnBuffer.ts';

describe('ColumnBuffer', () => {
  it('keeps every sample in order past its first capacity, and empties without losing what it grew to', () => {
    const buffer = new ColumnBuffer();
    const n = 1000;
    for (let i = 0; i < n; i++) buffer.push(i + 1, 1_764_000_000_000 + i, i / 4);
    const { series, ts, values } = buffer.view();
    expect(buffer.length).toBe(n);
    expect(Array.from(series)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(ts[n - 1]).toBe(1_764_000_000_000 + n - 1);
    expect(values[n - 1]).toBe((n - 1) / 4);

    buffer.clear();
    expect(buffer.length).toBe(0);
    expect(buffer.view().series).toHaveLength(0);
    buffer.push(7, 1, 2.5);
    expect(Array.from(buffer.view().values)).toEqual([2.5]);
  });

  it('hands out a batch of its own on take, and starts over', () => {
    const buffer = new ColumnBuffer(2);
    for (let i = 0; i < 3; i++) buffer.push(i, 10 + i, i * 2);
    const batch = buffer.take();
    buffer.push(9, 99, 9);
    expect(buffer.length).toBe(1);
    expect(Array.from(batch.series)).toEqual([0, 1, 2]);
    expect(Array.from(batch.ts)).toEqual([10, 11, 12]);
    expect(Array.from(batch.values)).toEqual([0, 2, 4]);
  });
});
