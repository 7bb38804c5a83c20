import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayIn,
  formatPeriodParam,
  parsePeriodParam,
  periodEndsNow,
  periodRange,
  startOfDay,
} from './PeriodPicker.tsx';

const HOUR = 3_600_000;

describe('days in a time zone', () => {
  it('finds the local day of an instant', () => {
    // 23:30 UTC on 1 June is already 2 June in Paris (UTC+2) and still 1 June in New York.
    const at = Date.UTC(2025, 5, 1, 23, 30);
    expect(dayIn('Europe/Paris', at)).toBe('2025-06-02');
    expect(dayIn('America/New_York', at)).toBe('2025-06-01');
    expect(dayIn('Asia/Tehran', at)).toBe('2025-06-02');
  });

  it('starts a day at local midnight, daylight saving time included', () => {
    expect(startOfDay('Europe/Paris', '2025-06-02')).toBe(Date.UTC(2025, 5, 1, 22));
    expect(startOfDay('Europe/Paris', '2025-01-15')).toBe(Date.UTC(2025, 0, 14, 23));
    expect(startOfDay('Asia/Tehran', '2025-06-02')).toBe(Date.UTC(2025, 5, 1, 20, 30));
    expect(startOfDay('UTC', '2025-06-02')).toBe(Date.UTC(2025, 5, 2));
  });

  it('gives a 23-hour day when the clocks go forward', () => {
    const day = startOfDay('Europe/Paris', '2025-03-30');
    expect(startOfDay('Europe/Paris', '2025-03-31') - day).toBe(23 * HOUR);
  });

  it('adds calendar days across months', () => {
    expect(addDays('2025-01-31', 1)).toBe('2025-02-01');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });
});

describe('periodRange', () => {
  const now = Date.UTC(2025, 5, 2, 10, 0);

  it('counts today from midnight at the site', () => {
    expect(periodRange({ preset: 'today' }, 'Europe/Paris', now)).toEqual({ from: Date.UTC(2025, 5, 1, 22), to: now });
    expect(periodRange({ preset: 'today' }, 'Asia/Tehran', now)).toEqual({
      from: Date.UTC(2025, 5, 1, 20, 30),
      to: now,
    });
  });

  it('goes back 24 hours, 7 and 30 days from now', () => {
    expect(periodRange({ preset: '24h' }, 'UTC', now)).toEqual({ from: now - 24 * HOUR, to: now });
    expect(periodRange({ preset: '7d' }, 'UTC', now).from).toBe(now - 7 * 24 * HOUR);
    expect(periodRange({ preset: '30d' }, 'UTC', now).from).toBe(now - 30 * 24 * HOUR);
  });

  it('covers whole custom days, ending now when the last day is today', () => {
    const past = periodRange({ preset: 'custom', from: '2025-05-01', to: '2025-05-02' }, 'Europe/Paris', now);
    expect(past).toEqual({ from: Date.UTC(2025, 3, 30, 22), to: Date.UTC(2025, 4, 2, 22) });
    const current = periodRange({ preset: 'custom', from: '2025-06-01', to: '2025-06-02' }, 'Europe/Paris', now);
    expect(current.to).toBe(now);
    expect(periodEndsNow({ preset: 'custom', from: '2025-05-01', to: '2025-05-02' }, 'Europe/Paris', now)).toBe(false);
    expect(periodEndsNow({ preset: '7d' }, 'Europe/Paris', now)).toBe(true);
  });
});

describe('the period in the URL', () => {
  it('round-trips presets and custom ranges', () => {
    for (const period of [
      { preset: 'today' },
      { preset: '24h' },
      { preset: '7d' },
      { preset: '30d' },
      { preset: 'custom', from: '2025-05-01', to: '2025-05-03' },
    ] as const) {
      expect(parsePeriodParam(formatPeriodParam(period))).toEqual(period);
    }
  });

  it('falls back on nonsense and puts a reversed range the right way round', () => {
    expect(parsePeriodParam(null)).toEqual({ preset: 'today' });
    expect(parsePeriodParam('yesterday', { preset: '24h' })).toEqual({ preset: '24h' });
    expect(parsePeriodParam('2025-13-01..2025-13-02')).toEqual({ preset: 'today' });
    expect(parsePeriodParam('2025-05-03..2025-05-01')).toEqual({
      preset: 'custom',
      from: '2025-05-01',
      to: '2025-05-03',
    });
  });
});
