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

  it('resumes a site from the oldest newest sample of its reporting series, and merges a gap per series after its own', () => {
    const store = new LiveStore();
    expect(store.resumePoint('s')).toBeNull();
    // Series 1 ran ahead of series 2; series 3 has not reported for two minutes.
    store.applyFrame(
      's',
      frame(1, [
        [3, 880_000, 7],
        [1, 1_000_486, 10],
        [2, 1_000_481, 20],
      ]),
    );
    store.applyFrame('t', frame(1, [[9, 1_000_100, 1]]));
    const resume = store.resumePoint('s');
    expect(resume?.from).toBe(1_000_481);
    expect([...(resume?.heldUntil ?? [])]).toEqual([
      [3, 880_000],
      [1, 1_000_486],
      [2, 1_000_481],
    ]);
    // The span from 1_000_481 comes back for both: series 1 keeps what it held, series 2 gains the missed ones.
    const ts = [1_000_482, 1_000_484, 1_000_486];
    store.mergeHistory('s', 1, ts, [0, 0, 0], resume?.heldUntil.get(1));
    store.mergeHistory('s', 2, ts, [21, 22, 23], resume?.heldUntil.get(2));
    expect(samples(store, 1)).toEqual([[1_000_486, 10]]);
    expect(samples(store, 2)).toEqual([
      [1_000_481, 20],
      [1_000_482, 21],
      [1_000_484, 22],
      [1_000_486, 23],
    ]);
  });
});
