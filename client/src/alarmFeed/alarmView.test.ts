// One vocabulary for every count of open alarms: "active" is the condition still present (never returned
// to normal), "unacknowledged" waits for an acknowledgement (active or returned); shelved, suppressed and
// out-of-service alarms leave the working list for views of their own; the horn sounds by policy for
// active unacknowledged alarms only.
import { describe, expect, it } from 'vitest';
import { categoryOf, countByPriority, defaultHornPolicy, isAudible, tally } from './alarmView.ts';
import { testAlarm } from './testAlarm.ts';

const returned = (id: number, priority: 'critical' | 'high' = 'critical') =>
  testAlarm(id, { priority, state: 'rtn_unacknowledged', clearedAt: 2000 });

describe('alarm counts', () => {
  it('counts returned unacknowledged alarms as unacknowledged, never as active', () => {
    // The observed contradiction: 8 returned and 1 active unacknowledged, and an acknowledged one.
    const alarms = [
      ...Array.from({ length: 8 }, (_, i) => returned(i + 1, 'high')),
      testAlarm(9),
      testAlarm(10, { state: 'acknowledged' }),
    ];
    expect(tally(alarms)).toEqual({
      active: 2,
      unacknowledged: 9,
      states: { unacknowledged: 1, acknowledged: 1, rtn_unacknowledged: 8 },
      views: { working: 10, shelved: 0, suppressed: 0, out_of_service: 0 },
    });
  });

  it('gives the navbar the same figures per priority: three returned criticals are 3 unacknowledged, 0 active', () => {
    const counts = countByPriority([returned(1), returned(2), returned(3), testAlarm(4, { priority: 'low' })]);
    expect([counts.critical.unacknowledged, counts.critical.active]).toEqual([3, 0]);
    expect([counts.low.unacknowledged, counts.low.active]).toEqual([1, 1]);
    expect([counts.high.unacknowledged, counts.high.active]).toEqual([0, 0]);
  });

  it('sets shelved, suppressed and out-of-service alarms aside in their own views, out of the working figures', () => {
    const alarms = [
      testAlarm(1, { shelvedUntil: 5000 }),
      testAlarm(2, { suppressed: true }),
      testAlarm(3, { outOfService: true, outOfServiceUntil: 9000, shelvedUntil: 5000 }),
      testAlarm(4),
    ];
    expect(tally(alarms)).toMatchObject({
      active: 1,
      unacknowledged: 1,
      views: { working: 1, shelved: 1, suppressed: 1, out_of_service: 1 },
    });
    expect(alarms.map(categoryOf)).toEqual(['shelved', 'suppressed', 'out_of_service', 'unacknowledged']);
  });
});

describe('the horn policy', () => {
  it('sounds for active unacknowledged presented alarms of a priority the policy sounds', () => {
    const audible = (over: Parameters<typeof testAlarm>[1]) => isAudible(testAlarm(1, over), defaultHornPolicy);
    expect(audible({ priority: 'critical' })).toBe(true);
    expect(audible({ priority: 'medium' })).toBe(true);
    expect(audible({ priority: 'low' })).toBe(false);
    expect(audible({ priority: 'critical', state: 'rtn_unacknowledged' })).toBe(false);
    expect(audible({ priority: 'critical', state: 'acknowledged' })).toBe(false);
    expect(audible({ priority: 'critical', shelvedUntil: 5000 })).toBe(false);
    expect(isAudible(testAlarm(1, { priority: 'low' }), { ...defaultHornPolicy, low: 'once' })).toBe(true);
  });
});
