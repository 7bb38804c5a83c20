import { frameKinds } from '@voltscope/shared/frames';
import { describe, expect, it } from 'vitest';
import { LiveStore } from './liveStore.ts';

const frame = (seq: number, rows: [number, number, number][]) => ({
  kind: frameKinds.live,
  seq,
  series: Int32Array.from(rows, (r) => r[0]),
  ts: Float64Array.from(rows, (r) => r[1]),
  values: Float64Array.from(rows, (r) => r[2]),
});

const samples = (store: LiveStore, id: number) => {
  const out: [number, number][] = [];
  store.each(id, 0, (t, v) => out.push([t, v]));
  return out;
};

describe('LiveStore', () => {
  it('keeps each series in time order, drops repeats and tracks the site’s progress', () => {
    const store = new LiveStore();
    store.applyFrame(
      's',
      frame(1, [
        [1, 1000, 10],
        [2, 1000, 20],
      ]),
      5,
    );
    store.applyFrame(
      's',
      frame(2, [
        [1, 2000, 11],
        [1, 1000, 99],
      ]),
      6,
    );
    expect(samples(store, 1)).toEqual([
      [1000, 10],
      [2000, 11],
    ]);
    expect(store.latest(2)).toEqual({ ts: 1000, value: 20 });
    expect(store.progress('s')).toEqual({ seq: 2, lastTs: 2000, receivedAt: 6 });
  });

  it('tells a listener once per frame of its site only', () => {
    const store = new LiveStore();
    let calls = 0;
    const stop = store.onFrame('a', () => calls++);
    store.applyFrame('a', frame(1, [[1, 1, 1]]));
    store.applyFrame('b', frame(1, [[2, 1, 1]]));
    store.applyFrame('a', frame(2, [[1, 2, 1]]));
    stop();
    store.applyFrame('a', frame(3, [[1, 3, 1]]));
    expect(calls).toBe(2);
  });

  it('merges older history into a ring without duplicating what it holds', () => {
    const store = new LiveStore();
    store.applyFrame('s', frame(1, [[1, 5000, 5]]));
    store.mergeHistory('s', 1, [1000, 3000, 5000], [1, 3, 50]);
    expect(samples(store, 1)).toEqual([
      [1000, 1],
      [3000, 3],
      [5000, 5],
    ]);
  });
});
