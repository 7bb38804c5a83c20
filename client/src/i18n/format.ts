// Intl formatters, made once per language (and time zone) and reused: formatting is on every render of
// every card, and constructing an Intl formatter costs far more than calling one.

import type { SiteKind } from '@voltscope/shared/domain';
import type { Language } from '@voltscope/shared/i18n';
import { intlLocales } from './language.ts';

const cache = new Map<string, unknown>();
function memo<T>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (value === undefined) {
    value = make();
    cache.set(key, value);
  }
  return value;
}

export function formatNumber(lng: Language, value: number, maximumFractionDigits = 0): string {
  return memo(
    `n|${lng}|${maximumFractionDigits}`,
    () => new Intl.NumberFormat(intlLocales[lng], { maximumFractionDigits }),
  ).format(value);
}

/** A share (0 to 1) as a whole percentage in the reader's way: "97%", "٩٧٪". */
export function formatPercent(lng: Language, share: number): string {
  return memo(
    `p|${lng}`,
    () => new Intl.NumberFormat(intlLocales[lng], { style: 'percent', maximumFractionDigits: 0 }),
  ).format(share);
}

/** An integer without digit grouping: years, HTTP status codes. */
export function formatUngrouped(lng: Language, value: number): string {
  return memo(`y|${lng}`, () => new Intl.NumberFormat(intlLocales[lng], { useGrouping: false })).format(value);
}

/**
 * A text worded elsewhere (an alarm message raised by the hub, a device name) with its numbers in the
 * language's digits and decimal separator, so that a row reads in one set of digits: "Inverter 22: 350.5 kW"
 * becomes "Inverter ۲۲: ۳۵۰٫۵ kW" in Persian. Texts in Latin-digit languages come back unchanged.
 */
export function localDigits(lng: Language, text: string): string {
  const { digits, decimal } = memo(`digits|${lng}`, () => {
    const format = new Intl.NumberFormat(intlLocales[lng], { useGrouping: false, minimumFractionDigits: 1 });
    const parts = format.formatToParts(1.5);
    return {
      digits: Array.from({ length: 10 }, (_, d) => new Intl.NumberFormat(intlLocales[lng]).format(d)),
      decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    };
  });
  if (digits[0] === '0' && decimal === '.') return text;
  return text.replace(/\d+(?:\.\d+)?/g, (number) =>
    number.replace(/[0-9.]/g, (c) => (c === '.' ? decimal : (digits[Number(c)] ?? c))),
  );
}

export type CapacityUnit = 'kW' | 'MW' | 'kWp' | 'MWp';

/**
 * A nameplate capacity in the unit a reader expects: MW from 1 000 kW up, peak watts (Wp) for solar
 * since PV modules are rated at standard test conditions (IEC 61215), plain watts for wind.
 */
export function capacityParts(
  lng: Language,
  capacityKw: number,
  kind: SiteKind,
): { unit: CapacityUnit; value: string } {
  const peak = kind === 'solar';
  if (Math.abs(capacityKw) >= 1000) {
    const mw = capacityKw / 1000;
    return { unit: peak ? 'MWp' : 'MW', value: formatNumber(lng, mw, mw >= 100 ? 0 : mw >= 10 ? 1 : 2) };
  }
  return { unit: peak ? 'kWp' : 'kW', value: formatNumber(lng, capacityKw, capacityKw >= 100 ? 0 : 1) };
}

/** Wall-clock time at a site, 24-hour, in the reader's digits. */
export function formatSiteTime(lng: Language, timeZone: string, at: Date, withSeconds = false): string {
  return memo(
    `t|${lng}|${timeZone}|${withSeconds}`,
    () =>
      new Intl.DateTimeFormat(intlLocales[lng], {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        ...(withSeconds ? { second: '2-digit' } : {}),
        hourCycle: 'h23',
      }),
  ).format(at);
}

/** The site's offset from UTC at that instant, e.g. "GMT+1" (it changes with daylight saving time). */
export function formatUtcOffset(lng: Language, timeZone: string, at: Date): string {
  const parts = memo(
    `o|${lng}|${timeZone}`,
    () => new Intl.DateTimeFormat(intlLocales[lng], { timeZone, timeZoneName: 'shortOffset' }),
  ).formatToParts(at);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
}

export function formatRegion(lng: Language, countryCode: string): string {
  try {
    return (
      memo(`r|${lng}`, () => new Intl.DisplayNames(intlLocales[lng], { type: 'region' })).of(countryCode) ?? countryCode
    );
  } catch {
    // Not an ISO 3166 code: show what the server sent.
    return countryCode;
  }
}

export function formatList(lng: Language, items: readonly string[]): string {
  return memo(`l|${lng}`, () => new Intl.ListFormat(intlLocales[lng], { type: 'conjunction' })).format(items);
}

/** "in 30 seconds", "in 2 minutes", in the reader's language. */
export function formatRetryDelay(lng: Language, seconds: number): string {
  const rtf = memo(`rt|${lng}`, () => new Intl.RelativeTimeFormat(intlLocales[lng], { numeric: 'auto' }));
  return seconds < 90
    ? rtf.format(Math.max(1, Math.round(seconds)), 'second')
    : rtf.format(Math.ceil(seconds / 60), 'minute');
}

export function formatCoordinate(lng: Language, value: number): string {
  return formatNumber(lng, value, 2);
}

export type PowerUnit = 'W' | 'kW' | 'MW' | 'GW';
export type EnergyUnit = 'Wh' | 'kWh' | 'MWh' | 'GWh';

/** Three significant digits at most: 1.25, 12.5, 125. */
const digitsFor = (value: number): number => (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);

function scaled<U extends string>(lng: Language, base: number, units: readonly U[]): { unit: U; value: string } {
  let index = 0;
  let value = base;
  while (index < units.length - 1 && Math.abs(value) >= 1000) {
    value /= 1000;
    index++;
  }
  // 999.96 kW rounds to "1,000 kW": say 1 MW instead.
  if (index < units.length - 1 && Math.abs(Number(value.toFixed(digitsFor(value)))) >= 1000) {
    value /= 1000;
    index++;
  }
  return { unit: units[index] as U, value: formatNumber(lng, value, digitsFor(value)) };
}

/** A power in watts, in W, kW, MW or GW, whichever keeps the number readable. */
export const powerParts = (lng: Language, watts: number) =>
  scaled<PowerUnit>(lng, watts, ['W', 'kW', 'MW', 'GW'] as const);

/** An energy in watt-hours, in Wh, kWh, MWh or GWh. */
export const energyParts = (lng: Language, wattHours: number) =>
  scaled<EnergyUnit>(lng, wattHours, ['Wh', 'kWh', 'MWh', 'GWh'] as const);

/** A date and time in the reader's calendar and digits (Persian readers get the Solar Hijri calendar). */
export function formatDateTime(lng: Language, at: number | Date): string {
  return memo(
    `dt|${lng}`,
    () => new Intl.DateTimeFormat(intlLocales[lng], { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23' }),
  ).format(at);
}

/** With the seconds: for things that happen seconds apart (a webhook's retries). */
export function formatDateTimeSeconds(lng: Language, at: number | Date): string {
  return memo(
    `dts|${lng}`,
    () => new Intl.DateTimeFormat(intlLocales[lng], { dateStyle: 'medium', timeStyle: 'medium' }),
  ).format(at);
}

export function formatDate(lng: Language, at: number | Date): string {
  return memo(`d|${lng}`, () => new Intl.DateTimeFormat(intlLocales[lng], { dateStyle: 'long' })).format(at);
}

/** "5 minutes ago", "in 3 days": the nearest whole unit. */
export function formatRelativeTime(lng: Language, at: number, now = Date.now()): string {
  const rtf = memo(`rtn|${lng}`, () => new Intl.RelativeTimeFormat(intlLocales[lng], { numeric: 'auto' }));
  const seconds = (at - now) / 1000;
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 30],
    ['month', 12],
    ['year', Number.POSITIVE_INFINITY],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return rtf.format(Math.round(value), unit);
    value /= size;
  }
  return rtf.format(Math.round(value), 'year');
}
