// Alarms for unit tests: every field of an open alarm filled in, so that a test names only what it is about.
import type { Alarm } from '@voltscope/shared/alarms';

/** The same text in every language. */
export const text = (s: string) => ({ en: s, fr: s, fa: s, ar: s });

/** Unacknowledged alarm `id` of inverter s1.inv01 (seq 1), with `over` in place of what the test sets. */
export function testAlarm(id: number, over: Partial<Alarm> = {}): Alarm {
  return {
    id,
    siteId: 's1',
    deviceId: 's1.inv01',
    ruleId: 1,
    priority: 'high',
    state: 'unacknowledged',
    message: text(`alarm ${id}`),
    value: 1,
    raisedAt: 1000 + id,
    clearedAt: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    closedAt: null,
    shelvedUntil: null,
    suppressed: false,
    outOfService: false,
    outOfServiceUntil: null,
    seq: 1,
    ...over,
  };
}
