import { describe, expect, it } from 'vitest';
import {
  type AnalysisView,
  alarmHistoryLink,
  dailyQuery,
  dayRange,
  instantsOf,
  listDays,
  parseView,
  writeView,
} from './analysisQuery.ts';

const HOUR = 3_600_000;
const base: AnalysisView = { sites: [], byGenerator: false, devices: [], preset: '7d', from: null, to: null };

describe('the view in the address', () => {
  it('round-trips sites, generators and periods, leaving defaults out', () => {
    const views: AnalysisView[] = [
      base,
      { ...base, sites: ['fr-occitanie', 'es-tarifa'], preset: '90d' },
      { ...base, sites: ['es-tarifa'], byGenerator: true, devices: ['es-tarifa.wtg01'] },
      { ...base, preset: 'custom', from: '2026-01-01', to: '2026-01-31' },
    ];
    for (const view of views) expect(parseView(writeView(view))).toEqual(view);
    expect(writeView(base).toString()).toBe('');
  });

  it('drops generators unless exactly one site is chosen, and turns a reversed range round', () => {
    expect(parseView(new URLSearchParams('sites=a,b&by=generator&devices=x'))).toMatchObject({
      byGenerator: false,
      devices: [],
    });
    expect(parseView(new URLSearchParams('period=2026-02-10..2026-02-01'))).toMatchObject({
      preset: 'custom',
      from: '2026-02-01',
      to: '2026-02-10',
    });
    expect(parseView(new URLSearchParams('period=yesterday&sites=<script>'))).toEqual(base);
  });
});

describe('the days of a view', () => {
  const now = Date.UTC(2026, 10, 22, 10);

  it('ends a preset today in the given zone', () => {
    expect(dayRange({ ...base, preset: '7d' }, 'Europe/Paris', now)).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
      days: 7,
    });
    expect(dayRange({ ...base, preset: '90d' }, 'UTC', now).days).toBe(90);
    // 23:30 UTC is already the next day in Tehran.
    expect(dayRange(base, 'Asia/Tehran', Date.UTC(2026, 10, 22, 23, 30)).to).toBe('2026-11-23');
  });

  it('keeps a custom range out of the future and within a year', () => {
    expect(dayRange({ ...base, preset: 'custom', from: '2026-11-20', to: '2026-12-31' }, 'UTC', now)).toEqual({
      from: '2026-11-20',
      to: '2026-11-22',
      days: 3,
    });
    expect(dayRange({ ...base, preset: 'custom', from: '2020-01-01', to: '2026-11-22' }, 'UTC', now).days).toBe(366);
  });

  it('lists every day and gives the instants from the first midnight to now', () => {
    const range = dayRange(base, 'Europe/Paris', now);
    expect(listDays(range)).toHaveLength(7);
    expect(listDays(range)[6]).toBe('2026-11-22');
    expect(instantsOf(range, 'Europe/Paris', now)).toEqual({ from: Date.UTC(2026, 10, 15, 23), to: now });
    const past = { from: '2026-11-01', to: '2026-11-01', days: 1 };
    expect(instantsOf(past, 'UTC', now)).toEqual({
      from: Date.UTC(2026, 10, 1),
      to: Date.UTC(2026, 10, 1) + 24 * HOUR,
    });
  });
});

describe('queries and links', () => {
  it('asks the daily API for sites or generators, as JSON or CSV', () => {
    const range = { from: '2026-11-16', to: '2026-11-22', days: 7 };
    expect(dailyQuery([], null, range)).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(dailyQuery(['es-tarifa'], ['es-tarifa.wtg01', 'es-tarifa.wtg02'], range, 'csv')).toEqual({
      sites: 'es-tarifa',
      devices: 'es-tarifa.wtg01,es-tarifa.wtg02',
      from: '2026-11-16',
      to: '2026-11-22',
      format: 'csv',
    });
  });

  it('links the alarm history of a device over whole minutes holding the span', () => {
    const link = alarmHistoryLink(
      { sites: ['es-tarifa'], deviceId: 'es-tarifa.wtg03' },
      { from: Date.UTC(2026, 10, 1, 8, 0, 30), to: Date.UTC(2026, 10, 1, 9, 0, 10) },
    );
    const url = new URL(link, 'http://x');
    expect(url.pathname).toBe('/alarm/history');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sites: 'es-tarifa',
      devices: 'es-tarifa.wtg03',
      period: 'custom',
      from: '2026-11-01T08:00Z',
      to: '2026-11-01T09:01Z',
    });
  });
});
