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

/** An integer without digit grouping: years, HTTP status codes. */
export function formatUngrouped(lng: Language, value: number): string {
  return memo(`y|${lng}`, () => new Intl.NumberFormat(intlLocales[lng], { useGrouping: false })).format(value);
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
export function formatSiteTime(lng: Language, timeZone: string, at: Date): string {
  return memo(
    `t|${lng}|${timeZone}`,
    () => new Intl.DateTimeFormat(intlLocales[lng], { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
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
