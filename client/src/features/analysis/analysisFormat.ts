// The page's figures as a reader of each language writes them: energy scaled (kWh → MWh → GWh) with the
// units of the app's locale, ratios as percentages, days in the reader's calendar (Solar Hijri in
// Persian), instants in a site's time zone. Formatters are made once per language. A missing figure
// is a dash, never a zero.
import type { Language } from '@voltscope/shared/i18n';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { energyParts, formatNumber } from '../../i18n/format.ts';
import { intlLocales } from '../../i18n/language.ts';
import type { KeyOf } from '../../i18n/namespaces.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import type { ValueAxis } from '../../plots/valueAxis.ts';
import { dayIn, startOfDay } from '../../ui/PeriodPicker.tsx';

export const MISSING = '—';
const DAY_MS = 86_400_000;

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function memo<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (!value) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

/** A day (`YYYY-MM-DD`) as the instant the charts place it at: its UTC midnight. */
export const dayInstant = (day: string): number => Date.parse(`${day}T00:00:00Z`);

const scales = [
  { unit: 'kWh', per: 1 },
  { unit: 'MWh', per: 1e-3 },
  { unit: 'GWh', per: 1e-6 },
] as const;

/** The energy unit for an axis topping at `maxKwh`. */
const energyScale = (maxKwh: number) =>
  Math.abs(maxKwh) >= 1e6 ? scales[2] : Math.abs(maxKwh) >= 1e3 ? scales[1] : scales[0];

const tickDigits = (step: number) => (step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3);
const stepOf = (splits: readonly number[]) =>
  splits.length > 1 ? Math.abs((splits[1] as number) - (splits[0] as number)) : 1;

export interface AnalysisFormat {
  lng: Language;
  energy(kwh: number | null): string;
  percent(ratio: number | null, digits?: number): string;
  /** kWh per kWp of a solar plant, or per kW of a wind farm (`peak` false). */
  specificYield(kwhPerKw: number | null, peak?: boolean): string;
  insolation(kwhM2: number | null): string;
  number(value: number, digits?: number): string;
  /** A small rate (alarms per 10 minutes): two decimals, and "under 0.01" rather than a misleading 0. */
  rate(value: number): string;
  /** A day of the table: "17 Nov 2026" in the reader's calendar. */
  day(day: string): string;
  /** A short day for an axis or a sentence: "17 Nov". */
  shortDay(day: string): string;
  /** An instant in a time zone, date and time. */
  dateTime(ms: number, timeZone: string): string;
  /** A time-axis tick: the date at a day's step, the time (and the date at midnight) below. */
  tick(ms: number, stepMs: number, timeZone: string): string;
  axes: { energy: ValueAxis; percent: ValueAxis; count: ValueAxis };
}

export function makeAnalysisFormat(lng: Language, t: TFunction<readonly ['analysis', 'common']>): AnalysisFormat {
  const locale = intlLocales[lng];
  const or = (value: number | null, format: (v: number) => string) =>
    value === null || !Number.isFinite(value) ? MISSING : format(value);
  const unitName = (key: KeyOf<'common'>) => t(key, { value: '' }).trim();
  /** An axis' ticks in a unit `per` times the value's, with as many decimals as their step needs. */
  const ticksIn = (splits: number[], per: number) => {
    const digits = tickDigits(stepOf(splits) * per);
    return splits.map((v) => formatNumber(lng, v * per, digits));
  };
  const percentFormat = (digits: number) =>
    memo(
      `p|${lng}|${digits}`,
      () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: digits }),
    );
  const dayFormat = (style: 'long' | 'short') =>
    memo(
      `d|${lng}|${style}`,
      () =>
        new Intl.DateTimeFormat(
          locale,
          style === 'long'
            ? { timeZone: 'UTC', dateStyle: 'medium' }
            : { timeZone: 'UTC', day: 'numeric', month: 'short' },
        ),
    );
  const zoned = (kind: 'dt' | 't' | 'd', timeZone: string) =>
    memo(
      `${kind}|${lng}|${timeZone}`,
      () =>
        new Intl.DateTimeFormat(locale, {
          timeZone,
          hourCycle: 'h23',
          ...(kind === 'dt'
            ? { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' }
            : kind === 't'
              ? { hour: '2-digit', minute: '2-digit' }
              : { day: 'numeric', month: 'short' }),
        }),
    );
  const energy = (kwh: number | null) =>
    or(kwh, (v) => {
      // Under a kWh (a night, a day off) still reads in kWh: "0 kWh", not "0 Wh".
      if (Math.abs(v) < 1) return t('common:units.kWh', { value: formatNumber(lng, v, 2) });
      const parts = energyParts(lng, v * 1000);
      return t(`common:units.${parts.unit}`, { value: parts.value });
    });
  const percent = (ratio: number | null, digits = 1) => or(ratio, (v) => percentFormat(digits).format(v));
  return {
    lng,
    energy,
    percent,
    specificYield: (v, peak = true) =>
      or(v, (x) =>
        t(peak ? 'common:units.specificYield' : 'common:units.specificYieldWind', {
          value: formatNumber(lng, x, Math.abs(x) >= 10 ? 1 : 2),
        }),
      ),
    insolation: (v) => or(v, (x) => t('common:units.insolation', { value: formatNumber(lng, x, 2) })),
    number: (value, digits = 0) => formatNumber(lng, value, digits),
    rate: (value) =>
      value > 0 && value < 0.01
        ? t('analysis:health.under', { value: formatNumber(lng, 0.01, 2) })
        : formatNumber(lng, value, 2),
    day: (day) => dayFormat('long').format(dayInstant(day)),
    shortDay: (day) => dayFormat('short').format(dayInstant(day)),
    dateTime: (ms, timeZone) => zoned('dt', timeZone).format(ms),
    tick: (ms, stepMs, timeZone) => {
      if (stepMs >= DAY_MS) return zoned('d', timeZone).format(ms);
      // Midnight starts a new day: say which.
      return startOfDay(timeZone, dayIn(timeZone, ms)) === ms
        ? zoned('d', timeZone).format(ms)
        : zoned('t', timeZone).format(ms);
    },
    axes: {
      energy: {
        format: energy,
        unit: (max) => unitName(`common:units.${energyScale(max).unit}`),
        ticks: (splits, max) => ticksIn(splits, energyScale(max).per),
      },
      percent: {
        format: (v) => percent(v, 1),
        unit: () => t('analysis:unit.percentAxis'),
        ticks: (splits) => splits.map((v) => percentFormat(0).format(v)),
      },
      count: {
        format: (v) => formatNumber(lng, v),
        unit: () => t('analysis:health.perWindowAxis'),
        ticks: (splits) => ticksIn(splits, 1),
      },
    },
  };
}

/** The formatter for the current language, rebuilt only when it changes. */
export function useAnalysisFormat(): AnalysisFormat {
  const { t } = useTranslation(['analysis', 'common']);
  const lng = useLanguage();
  return useMemo(() => makeAnalysisFormat(lng, t), [lng, t]);
}
