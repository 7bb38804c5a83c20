// The feed's incremental order must be the full sort's, whatever a commit changed, added or closed.
import { type Alarm, alarmPriorities } from '@voltscope/shared/alarms';
import { describe, expect, it } from 'vitest';
import { byPriorityThenNewest, mergeSorted } from './sortedAlarms.ts';
import { testAlarm } from './testAlarm.ts';

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % n;
  };
}

const alarmOf = (id: number, pick: (n: number) => number, seq = 1): Alarm =>
  testAlarm(id, {
    priority: alarmPriorities[pick(alarmPriorities.length)] ?? 'high',
    raisedAt: 1000 + pick(50),
    seq,
  });

describe('mergeSorted', () => {
  it('gives the full sort after any mix of new, changed and closed alarms', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const pick = random(seed);
      const held = new Map<number, Alarm>();
      for (let id = 1; id <= 200; id++) held.set(id, alarmOf(id, pick));
      let sorted = mergeSorted([], held);
      for (let round = 0; round < 5; round++) {
        for (let k = 0; k < 30; k++) {
          const id = 1 + pick(260);
          const what = pick(3);
          if (what === 0) held.delete(id);
          else held.set(id, alarmOf(id, pick, round + 2));
        }
        sorted = mergeSorted(sorted, held);
        expect(sorted).toEqual([...held.values()].sort(byPriorityThenNewest));
      }
    }
  });

  it('keeps the same list when nothing changed', () => {
    const held = new Map([1, 2, 3].map((id) => [id, testAlarm(id)]));
    const sorted = mergeSorted([], held);
    expect(mergeSorted(sorted, held)).toBe(sorted);
  });
});
