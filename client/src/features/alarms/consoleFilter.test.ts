import type { Alarm } from '@voltscope/shared/alarms';
import { describe, expect, it } from 'vitest';
import { tally } from '../../alarmFeed/alarmView.ts';
import { testAlarm, text } from '../../alarmFeed/testAlarm.ts';
import { consoleView, facetCounts, matches, noFilter, parseFilter, withFilter } from './consoleFilter.ts';

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
  it('reads the view, sites, priorities and states from the address, ignoring unknown values', () => {
    const filter = parseFilter(new URLSearchParams('site=a,b,a&priority=critical,urgent&state=acknowledged,closed'));
    expect(filter).toEqual({ view: 'working', sites: ['a', 'b'], priorities: ['critical'], states: ['acknowledged'] });
    expect(parseFilter(new URLSearchParams('view=out_of_service')).view).toBe('out_of_service');
    // An address from before the views: a set-aside state opens its view.
    expect(parseFilter(new URLSearchParams('state=shelved'))).toEqual({ ...noFilter, view: 'shelved' });
  });

  it('writes the filter back, dropping empty keys and the default view, keeping other params', () => {
    const params = withFilter(new URLSearchParams('priority=low&x=1'), {
      view: 'suppressed',
      sites: ['a'],
      priorities: [],
      states: ['rtn_unacknowledged'],
    });
    expect(params.toString()).toBe('x=1&view=suppressed&site=a&state=rtn_unacknowledged');
    expect(withFilter(params, noFilter).toString()).toBe('x=1');
  });

  it('keeps shelved, suppressed and out-of-service alarms out of the working list, each in its view', () => {
    const shelved = alarm({ shelvedUntil: 10 });
    const suppressed = alarm({ suppressed: true });
    const out = alarm({ outOfService: true, outOfServiceUntil: 20 });
    expect(matches(alarm({}), noFilter)).toBe(true);
    for (const a of [shelved, suppressed, out]) expect(matches(a, noFilter)).toBe(false);
    expect(matches(shelved, { ...noFilter, view: 'shelved' })).toBe(true);
    expect(matches(suppressed, { ...noFilter, view: 'suppressed' })).toBe(true);
    expect(matches(out, { ...noFilter, view: 'out_of_service' })).toBe(true);
    expect(matches(alarm({}), { ...noFilter, states: ['rtn_unacknowledged'] })).toBe(false);
  });

  it('counts each facet under the other filters, and every view', () => {
    const alarms = [
      alarm({ id: 1, priority: 'critical' }),
      alarm({ id: 2, priority: 'high', shelvedUntil: 5 }),
      alarm({ id: 3, priority: 'high', siteId: 'fr-occitanie' }),
      alarm({ id: 4, priority: 'high', state: 'rtn_unacknowledged' }),
    ];
    const counts = facetCounts(alarms, { ...noFilter, sites: ['es-tarifa'], priorities: ['high'] });
    expect(counts.priorities).toEqual({ critical: 1, high: 1, medium: 0, low: 0 });
    expect(counts.states).toEqual({ unacknowledged: 0, acknowledged: 0, rtn_unacknowledged: 1 });
    expect(counts.views).toEqual({ working: 1, shelved: 1, suppressed: 0, out_of_service: 0 });
  });

  it('lists what every filter keeps, in order, with the same summary as the navbar counts', () => {
    const alarms = [
      alarm({ id: 1, priority: 'critical' }),
      alarm({ id: 2, priority: 'high', shelvedUntil: 5 }),
      alarm({ id: 3, priority: 'high', state: 'acknowledged' }),
      alarm({ id: 4, priority: 'high', state: 'rtn_unacknowledged' }),
      alarm({ id: 5, priority: 'low', siteId: 'fr-occitanie' }),
    ];
    for (const filter of [
      noFilter,
      { ...noFilter, priorities: ['high' as const] },
      { ...noFilter, view: 'shelved' as const },
      { ...noFilter, sites: ['es-tarifa'], states: ['acknowledged' as const, 'rtn_unacknowledged' as const] },
    ]) {
      const view = consoleView(alarms, filter);
      const kept = alarms.filter((a) => matches(a, filter));
      expect(view.visible).toEqual(kept);
      expect(view.shown).toEqual(tally(kept));
    }
  });
});
