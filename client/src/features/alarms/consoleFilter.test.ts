import type { Alarm } from '@voltscope/shared/alarms';
import { describe, expect, it } from 'vitest';
import { testAlarm, text } from '../../alarmFeed/testAlarm.ts';
import { facetCounts, matches, parseFilter, withFilter } from './consoleFilter.ts';

const alarm = (over: Partial<Alarm>): Alarm =>
  testAlarm(1, {
    siteId: 'es-tarifa',
    deviceId: 'es-tarifa.wtg01',
    message: text('m'),
    value: null,
    raisedAt: 0,
    ...over,
  });

describe('console filter', () => {
  it('reads sites, priorities and states from the address, ignoring unknown values', () => {
    const filter = parseFilter(new URLSearchParams('site=a,b,a&priority=critical,urgent&state=shelved,closed'));
    expect(filter).toEqual({ sites: ['a', 'b'], priorities: ['critical'], categories: ['shelved'] });
  });

  it('writes the filter back, dropping empty keys and keeping other params', () => {
    const params = withFilter(new URLSearchParams('priority=low&x=1'), {
      sites: ['a'],
      priorities: [],
      categories: ['suppressed'],
    });
    expect(params.toString()).toBe('x=1&site=a&state=suppressed');
  });

  it('puts a shelved or suppressed alarm in its own state, not in unacknowledged', () => {
    const shelved = alarm({ shelvedUntil: 10 });
    const suppressed = alarm({ suppressed: true });
    const filter = { sites: [], priorities: [], categories: ['unacknowledged'] as const };
    expect(matches(alarm({}), filter)).toBe(true);
    expect(matches(shelved, filter)).toBe(false);
    expect(matches(suppressed, filter)).toBe(false);
    expect(matches(suppressed, { ...filter, categories: ['suppressed'] })).toBe(true);
  });

  it('counts each facet under the other filters', () => {
    const alarms = [
      alarm({ id: 1, priority: 'critical' }),
      alarm({ id: 2, priority: 'high', shelvedUntil: 5 }),
      alarm({ id: 3, priority: 'high', siteId: 'fr-occitanie' }),
    ];
    const counts = facetCounts(alarms, { sites: ['es-tarifa'], priorities: ['high'], categories: [] });
    expect(counts.priorities).toEqual({ critical: 1, high: 1, medium: 0, low: 0 });
    expect(counts.categories.shelved).toBe(1);
    expect(counts.categories.unacknowledged).toBe(0);
  });
});
