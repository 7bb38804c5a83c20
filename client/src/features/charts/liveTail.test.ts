import { describe, expect, it } from 'vitest';
import { type EachSample, withLiveTail } from './liveTail.ts';

const MIN = 60_000;

/** A live store of fixed samples per column. */
const store =
  (samples: [number, number][][]): EachSample =>
  (column, since, visit) => {
    for (const [t, v] of samples[column] ?? []) if (t >= since) visit(t, v);
  };

describe('withLiveTail', () => {
  it('appends live samples after the last bucket, averaged into buckets of the same width', () => {
    const history = {
      ts: [0, MIN],
      bucketMs: MIN,
      columns: [
        [10, 20],
        [1, null],
      ],
    };
    const live = store([
      [
        [MIN + 30_000, 99], // inside the last history bucket: the hub has it already
        [2 * MIN, 30],
        [2 * MIN + 30_000, 50],
        [3 * MIN + 1000, 70],
      ],
      [[2 * MIN + 5000, 2]],
    ]);
    const [xs, power, other] = withLiveTail(history, 0, live);
    expect([...xs]).toEqual([0, 60, 120, 180]);
    expect(power).toEqual([10, 20, 40, 70]);
    expect(other).toEqual([1, null, 2, null]);
  });

  it('starts the tail at the start of the range when the history is empty', () => {
    const [xs, values] = withLiveTail({ ts: [], bucketMs: MIN, columns: [[]] }, 5 * MIN, store([[[5 * MIN + 10, 4]]]));
    expect([...xs]).toEqual([300]);
    expect(values).toEqual([4]);
  });

  it('leaves the history as it is when there is nothing live', () => {
    const [xs, values] = withLiveTail({ ts: [0], bucketMs: MIN, columns: [[7]] }, 0, store([[]]));
    expect([...xs]).toEqual([0]);
    expect(values).toEqual([7]);
  });
});
