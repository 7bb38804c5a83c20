import type { AccessEvent, AccessPage } from '@voltscope/shared/contracts/access';
import { describe, expect, it } from 'vitest';
import { type AccessFilterView, matchesFilter, withLiveEvent } from './accessLogView.ts';

const entry = (id: number, over: Partial<AccessEvent> = {}): AccessEvent => ({
  id,
  siteId: 'fr-occitanie',
  deviceId: 'fr-occitanie.gate1',
  ts: 1000 + id,
  badge: `FR-0${id}`,
  person: `Person ${id}`,
  holder: 'crew',
  result: 'granted',
  reason: null,
  alarmId: null,
  ...over,
});
const view: AccessFilterView = { sites: ['fr-occitanie'], door: null, result: null, from: 0, to: null, q: '' };
const page = (items: AccessEvent[], over: Partial<AccessPage> = {}): AccessPage => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 3,
  ...over,
});

describe('the access log page', () => {
  it('puts a live entry at the top of the first page, keeping the page size', () => {
    const next = withLiveEvent(page([entry(3), entry(2), entry(1)]), entry(4));
    expect(next.items.map((e) => e.id)).toEqual([4, 3, 2]);
    expect(next.total).toBe(4);
  });

  it('replaces an entry pushed again with its alarm, without counting it twice', () => {
    const next = withLiveEvent(page([entry(2), entry(1)]), entry(1, { result: 'forced', alarmId: 9 }));
    expect(next.items[1]).toMatchObject({ id: 1, alarmId: 9 });
    expect(next.total).toBe(2);
  });

  it('only counts a live entry on a later page', () => {
    const next = withLiveEvent(page([entry(1)], { page: 2, total: 4 }), entry(5));
    expect(next.items.map((e) => e.id)).toEqual([1]);
    expect(next.total).toBe(5);
  });

  it('leaves out entries of other sites, doors, results, times or names', () => {
    expect(matchesFilter(entry(1), view)).toBe(true);
    expect(matchesFilter(entry(1, { siteId: 'es-tarifa' }), view)).toBe(false);
    expect(matchesFilter(entry(1), { ...view, door: 'fr-occitanie.gate2' })).toBe(false);
    expect(matchesFilter(entry(1), { ...view, result: 'forced' })).toBe(false);
    expect(matchesFilter(entry(1), { ...view, to: 1000 })).toBe(false);
    expect(matchesFilter(entry(1), { ...view, q: 'person 1' })).toBe(true);
    expect(matchesFilter(entry(1), { ...view, q: 'fr-01' })).toBe(true);
    expect(matchesFilter(entry(1, { person: null }), { ...view, q: 'someone' })).toBe(false);
  });
});
