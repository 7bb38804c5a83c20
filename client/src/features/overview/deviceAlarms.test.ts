import type { Alarm } from '@voltscope/shared/alarms';
import { describe, expect, it } from 'vitest';
import { testAlarm } from '../../alarmFeed/testAlarm.ts';
import { alarmMarkers, alarmPath, mergeAlarms } from './deviceAlarms.ts';

/** Alarm `id` of inverter 07 at Occitanie, raised at id seconds. */
const alarm = (id: number, over: Partial<Alarm> = {}): Alarm =>
  testAlarm(id, { siteId: 'fr-occitanie', deviceId: 'fr-occitanie.inv07', value: null, raisedAt: id * 1000, ...over });

describe("a device page's alarms", () => {
  it('merges the live feed into the log, the newer copy winning, newest first', () => {
    const logged = [alarm(2, { seq: 3 }), alarm(1)];
    const open = [alarm(1, { seq: 2, state: 'acknowledged' }), alarm(3), alarm(2, { seq: 2 })];
    const merged = mergeAlarms(open, logged);
    expect(merged.map((a) => a.id)).toEqual([3, 2, 1]);
    expect(merged.find((a) => a.id === 1)?.state).toBe('acknowledged');
    expect(merged.find((a) => a.id === 2)?.seq).toBe(3);
  });

  it('marks raises and returns to normal inside the view, in time order', () => {
    const alarms = [
      alarm(5, { clearedAt: 9000, priority: 'critical' }),
      alarm(1, { clearedAt: 3000 }),
      alarm(20, { raisedAt: 20_000 }),
    ];
    const marks = alarmMarkers(alarms, { from: 2000, to: 10_000 }, (a) => a.message.en);
    expect(marks.map((m) => [m.ts, m.kind, m.alarmId, m.priority])).toEqual([
      [3000, 'cleared', 1, 'high'],
      [5000, 'raised', 5, 'critical'],
      [9000, 'cleared', 5, 'critical'],
    ]);
    expect(marks[1]?.label).toBe('alarm 5');
  });

  it('opens an open alarm in the console and a closed one in the log', () => {
    expect(alarmPath(alarm(7))).toBe('/alarm/realtime?site=fr-occitanie&alarm=7');
    expect(alarmPath(alarm(7, { state: 'closed' }))).toBe('/alarm/history?alarm=7');
  });
});
