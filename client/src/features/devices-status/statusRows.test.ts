import { describe, expect, it } from 'vitest';
import { indexSeries, liveStatus } from '../../live/deviceStatus.ts';
import { filterRows, pageOf, type RowWords, type StatusRow, sortRows, toCsv } from './statusRows.ts';

const row = (id: string, over: Partial<StatusRow> = {}): StatusRow => ({
  id,
  siteId: id.split('.')[0] ?? '',
  type: 'inverter',
  name: id,
  model: 'SG250HX',
  firmware: '1.0',
  state: 'online',
  lastSeen: 1000,
  dataQuality: 1,
  alarms: { open: 0, highest: null },
  maintenance: null,
  ...over,
});

const words: RowWords = {
  name: (r) => r.names?.fr ?? r.name,
  site: (r) => r.siteId,
  type: (r) => r.type,
  collator: new Intl.Collator('en', { numeric: true }),
};

describe('the status rows', () => {
  const rows = [
    row('a.inv02'),
    row('a.inv10', { state: 'offline', lastSeen: null }),
    row('b.wtg01', { type: 'wind_turbine', state: 'fault', alarms: { open: 1, highest: 'low' } }),
    row('b.wtg02', { type: 'wind_turbine', state: 'fault', alarms: { open: 2, highest: 'critical' } }),
    row('a.inv01', { state: 'stale', names: { fr: 'Onduleur 01' }, firmware: 'v2.4' }),
    row('b.met', { type: 'weather_station', state: 'maintenance' }),
  ];

  it('puts the worst first: fault (by alarm priority), offline, stale, maintenance, online', () => {
    expect(sortRows(rows, { key: 'state', order: 'asc' }, words).map((r) => r.id)).toEqual([
      'b.wtg02',
      'b.wtg01',
      'a.inv10',
      'a.inv01',
      'b.met',
      'a.inv02',
    ]);
  });

  it('sorts by a column either way, never-seen devices last both ways', () => {
    expect(sortRows(rows, { key: 'name', order: 'asc' }, words).map((r) => r.id)[0]).toBe('a.inv02');
    const seen = (order: 'asc' | 'desc') => sortRows(rows, { key: 'lastSeen', order }, words).map((r) => r.id);
    expect(seen('asc').at(-1)).toBe('a.inv10');
    expect(seen('desc').at(-1)).toBe('a.inv10');
  });

  it('filters by site, type, state and words of the reader’s name, id, model or firmware', () => {
    const none = { site: null, type: null, state: null, text: '' } as const;
    expect(filterRows(rows, { ...none, site: 'b' }, words)).toHaveLength(3);
    expect(filterRows(rows, { ...none, site: 'b', type: 'wind_turbine', state: 'fault' }, words)).toHaveLength(2);
    expect(filterRows(rows, { ...none, text: 'onduleur' }, words).map((r) => r.id)).toEqual(['a.inv01']);
    expect(filterRows(rows, { ...none, text: 'V2.4 inv' }, words).map((r) => r.id)).toEqual(['a.inv01']);
  });

  it('cuts pages, bringing a page past the end back to the last', () => {
    const numbers = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(numbers, 3, 10)).toEqual({ items: [20, 21, 22], page: 3 });
    expect(pageOf(numbers, 9, 10).page).toBe(3);
    expect(pageOf([], 2, 10)).toEqual({ items: [], page: 1 });
  });

  it('writes CSV with quotes where needed and formulas defused', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x, y', '=1+1'],
          [null, 2],
        ],
      ),
    ).toBe('\uFEFFa,b\r\n"x, y",\'=1+1\r\n,2\r\n');
  });
});

describe('a row’s live state', () => {
  const series = [
    { id: 1, deviceId: 'a.inv01', key: 'ac_power', periodMs: 1000 },
    { id: 2, deviceId: 'a.inv01', key: 'state', periodMs: 1000 },
  ];
  const info = indexSeries(series).get('a.inv01');
  const samples = new Map<number, { ts: number; value: number }>();
  const live = { latest: (id: number) => samples.get(id) ?? null };

  it('follows newer samples: a fault, then silence (stale, offline), and maintenance over all', () => {
    const base = row('a.inv01', { lastSeen: 10_000 });
    samples.set(1, { ts: 20_000, value: 50 });
    samples.set(2, { ts: 20_000, value: 2 });
    expect(liveStatus(base, info, live, 20_500)).toEqual({ state: 'fault', lastSeen: 20_000 });
    samples.set(2, { ts: 21_000, value: 1 });
    expect(liveStatus(base, info, live, 24_500)).toEqual({ state: 'stale', lastSeen: 21_000 });
    expect(liveStatus(base, info, live, 40_000).state).toBe('offline');
    const held = { ...base, maintenance: { reason: 'x', since: 0, byUserId: 1, byName: 'A' } };
    expect(liveStatus(held, info, live, 21_500).state).toBe('maintenance');
  });
});
