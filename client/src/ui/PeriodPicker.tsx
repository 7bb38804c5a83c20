// Choosing the period a history view covers: today (since local midnight in the site's time zone), the
// last 24 hours, 7 or 30 days, or a custom range of whole days. A period is a small serialisable value
// (it fits in the URL as `?period=`); `periodRange` turns it into milliseconds in a given IANA time zone
// and `usePeriodRange` keeps a period that ends now moving forward.
//
//   const [period, setPeriod] = useState<Period>({ preset: 'today' });
//   const range = usePeriodRange(period, site.timeZone);
//   <PeriodPicker value={period} onChange={setPeriod} timeZone={site.timeZone} />
//   <HistoryChart range={range} ... />
import { Group, SegmentedControl, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const periodPresets = ['today', '24h', '7d', '30d', 'custom'] as const;
export type PeriodPreset = (typeof periodPresets)[number];

/** A day in a time zone, as `YYYY-MM-DD`. */
export type DayString = string;

export type Period =
  | { preset: Exclude<PeriodPreset, 'custom'> }
  /** Whole days from `from` to `to` inclusive, in the time zone the period is resolved in. */
  | { preset: 'custom'; from: DayString; to: DayString };

export interface TimeRange {
  from: number;
  to: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Gregorian date and 24-hour time to the minute in Latin digits: the fields code reads back, not a reader. */
export const gregorianFields: Intl.DateTimeFormatOptions = {
  calendar: 'gregory',
  numberingSystem: 'latn',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
/** Calendar fields of an instant in a time zone (Gregorian, 24-hour), from a formatter made once per zone. */
export function zonedParts(
  at: number,
  timeZone: string,
): { y: number; m: number; d: number; h: number; min: number; s: number } {
  let format = partsFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, ...gregorianFields, second: '2-digit' });
    partsFormatters.set(timeZone, format);
  }
  const fields: Record<string, number> = {};
  for (const part of format.formatToParts(at)) if (part.type !== 'literal') fields[part.type] = Number(part.value);
  return {
    y: fields.year ?? 1970,
    m: fields.month ?? 1,
    d: fields.day ?? 1,
    h: fields.hour ?? 0,
    min: fields.minute ?? 0,
    s: fields.second ?? 0,
  };
}

/** How far the zone's wall clock is ahead of UTC at that instant, in ms. */
function zoneOffset(at: number, timeZone: string): number {
  const p = zonedParts(at, timeZone);
  return Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(at / 1000) * 1000;
}

/** The day an instant falls on in a time zone. */
export function dayIn(timeZone: string, at: number): DayString {
  const p = zonedParts(at, timeZone);
  return `${String(p.y).padStart(4, '0')}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`;
}

/** The instant a day starts in a time zone (its local midnight, daylight saving time included). */
export function startOfDay(timeZone: string, day: DayString): number {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`Not a day: ${day}`);
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // The offset at a first guess, then again at the result: they differ only across a DST change.
  const guess = wall - zoneOffset(wall, timeZone);
  return wall - zoneOffset(guess, timeZone);
}

/** The day after (or `n` days after) a day, on the calendar. */
export function addDays(day: DayString, n: number): DayString {
  const match = DAY_PATTERN.exec(day);
  if (!match) throw new RangeError(`Not a day: ${day}`);
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + n)).toISOString().slice(0, 10);
}

export const isDay = (value: string): value is DayString =>
  DAY_PATTERN.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** The milliseconds a period covers in a time zone, as of `now`. A custom range ends at the end of its last day, or now. */
export function periodRange(period: Period, timeZone: string, now = Date.now()): TimeRange {
  switch (period.preset) {
    case 'today':
      return { from: startOfDay(timeZone, dayIn(timeZone, now)), to: now };
    case '24h':
      return { from: now - DAY, to: now };
    case '7d':
      return { from: now - 7 * DAY, to: now };
    case '30d':
      return { from: now - 30 * DAY, to: now };
    case 'custom': {
      const from = startOfDay(timeZone, period.from);
      const end = startOfDay(timeZone, addDays(period.to, 1));
      return { from, to: Math.max(from + 1, Math.min(end, now)) };
    }
  }
}

/** Whether the period's end follows the clock (everything but a custom range that ended). */
export const periodEndsNow = (period: Period, timeZone: string, now = Date.now()): boolean =>
  period.preset !== 'custom' || startOfDay(timeZone, addDays(period.to, 1)) > now;

/** `today`, `24h`, `7d`, `30d`, or `2025-06-01..2025-06-03`: for the URL. */
export function formatPeriodParam(period: Period): string {
  return period.preset === 'custom' ? `${period.from}..${period.to}` : period.preset;
}

/** The period a `?period=` value names, or `fallback` when it names none. */
export function parsePeriodParam(value: string | null, fallback: Period = { preset: 'today' }): Period {
  if (value === 'today' || value === '24h' || value === '7d' || value === '30d') return { preset: value };
  const [from, to] = value?.split('..') ?? [];
  if (from && to && isDay(from) && isDay(to))
    return from <= to ? { preset: 'custom', from, to } : { preset: 'custom', from: to, to: from };
  return fallback;
}

/**
 * The period's range, recomputed every `refreshMs` while it ends now (so "today" and "last 24 hours"
 * move on for a screen left open); stable otherwise, so that it can feed an effect's dependencies.
 */
export function usePeriodRange(period: Period, timeZone: string, refreshMs = 60_000): TimeRange {
  const [tick, setTick] = useState(0);
  const key = formatPeriodParam(period);
  const moving = periodEndsNow(period, timeZone);
  useEffect(() => {
    if (!moving || refreshMs <= 0) return;
    const timer = setInterval(() => setTick((n) => n + 1), refreshMs);
    return () => clearInterval(timer);
  }, [moving, refreshMs]);
  // `key` stands for `period` (a new object with the same value must not give a new range); `tick` moves it on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  return useMemo(() => periodRange(period, timeZone), [key, timeZone, tick]);
}

export interface PeriodPickerProps {
  value: Period;
  onChange: (period: Period) => void;
  /** The IANA time zone "today" and custom days are counted in (the site's). */
  timeZone: string;
  /** The presets offered, in order (all by default). */
  presets?: readonly PeriodPreset[];
  size?: 'xs' | 'sm' | 'md';
}

/** Presets as a segmented control; "custom" adds two day fields (first and last day, inclusive). */
export function PeriodPicker({ value, onChange, timeZone, presets = periodPresets, size = 'sm' }: PeriodPickerProps) {
  const { t } = useTranslation(['overview', 'common']);
  const today = dayIn(timeZone, Date.now());
  const choose = (preset: string) => {
    if (preset === 'custom') {
      if (value.preset !== 'custom') onChange({ preset: 'custom', from: addDays(today, -6), to: today });
    } else if (preset === 'today' || preset === '24h' || preset === '7d' || preset === '30d') {
      onChange({ preset });
    }
  };
  const setDay = (which: 'from' | 'to', day: string) => {
    if (value.preset !== 'custom' || !isDay(day)) return;
    const next = { ...value, [which]: day };
    // Keep the range the right way round whichever end moved.
    if (next.from > next.to) {
      if (which === 'from') next.to = next.from;
      else next.from = next.to;
    }
    onChange(next);
  };
  return (
    <Group gap="xs" align="flex-end" wrap="wrap" data-testid="period-picker">
      <SegmentedControl
        size={size}
        value={value.preset}
        onChange={choose}
        aria-label={t('overview:period.label')}
        data={presets.map((p) => ({ value: p, label: t(`overview:period.${p}`) }))}
      />
      {value.preset === 'custom' && (
        <Group gap="xs" wrap="nowrap">
          {(['from', 'to'] as const).map((end) => (
            <TextInput
              key={end}
              type="date"
              size={size}
              label={t(`overview:period.${end}`)}
              value={value[end]}
              max={today}
              onChange={(e) => setDay(end, e.currentTarget.value)}
              w={160}
              data-testid={`period-${end}`}
            />
          ))}
        </Group>
      )}
    </Group>
  );
}
