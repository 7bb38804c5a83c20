// Formatting for the chart pages, in the reader's language, digits and calendar: local days (a
// `YYYY-MM-DD` of the site's calendar, formatted as that calendar day wherever the reader is), clock
// hours, and energies and powers scaled to a readable unit. Formatters are made once per language.
import type { Language } from '@voltscope/shared/i18n';
import { energyParts, formatNumber, formatSiteTime, powerParts } from '../../i18n/format.ts';
import { intlLocales } from '../../i18n/language.ts';
import { fullFormat, memo } from '../../plots/historyView.ts';

/** Noon UTC of a calendar day: formatted in UTC, it is that day in every calendar. */
const noonOf = (day: string) => Date.parse(`${day}T12:00:00Z`);

/** "15 Jan" (a row label) or "Wednesday 15 January 2025" (a tooltip or a summary). */
export function formatDay(lng: Language, day: string, style: 'short' | 'long'): string {
  const options: Intl.DateTimeFormatOptions =
    style === 'short'
      ? { timeZone: 'UTC', day: 'numeric', month: 'short' }
      : { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' };
  return memo(`day|${lng}|${style}`, () => new Intl.DateTimeFormat(intlLocales[lng], options)).format(noonOf(day));
}

/** An hour of the day as two digits in the reader's script: "07". */
export function formatHour(lng: Language, hour: number): string {
  return memo(
    `hh|${lng}`,
    () => new Intl.NumberFormat(intlLocales[lng], { minimumIntegerDigits: 2, useGrouping: false }),
  ).format(hour);
}

/** "07:00". */
export const formatClockHour = (lng: Language, hour: number): string =>
  `${formatHour(lng, hour % 24)}:${formatHour(lng, 0)}`;

/** An energy given in kWh, in Wh, kWh, MWh or GWh; zero in the unit of `scale` (a legend's "0 MWh"), or kWh. */
export function formatEnergy(lng: Language, kwh: number, scale = kwh): string {
  if (kwh === 0) return `${formatNumber(lng, 0)} ${scale === 0 ? 'kWh' : energyParts(lng, scale * 1000).unit}`;
  const { value, unit } = energyParts(lng, kwh * 1000);
  return `${value} ${unit}`;
}

/** A power given in kW, in W, kW, MW or GW. */
export function formatPower(lng: Language, kw: number): string {
  const { value, unit } = powerParts(lng, kw * 1000);
  return `${value} ${unit}`;
}

/** "15 Jan" at a site: the date of an instant on the site's calendar. */
export function formatSiteDay(lng: Language, timeZone: string, at: number): string {
  return memo(
    `sd|${lng}|${timeZone}`,
    () => new Intl.DateTimeFormat(intlLocales[lng], { timeZone, day: 'numeric', month: 'short' }),
  ).format(at);
}

/** "15 Jan 2025, 13:05" at a site. */
export function formatSiteDateTime(lng: Language, timeZone: string, at: number): string {
  return fullFormat(lng, timeZone).format(at);
}

/**
 * A value with a unit that is not scaled (W/m², °C), in the reader's digits. The unit is isolated left
 * to right so that right-to-left text keeps "°C" whole (the bidi algorithm would otherwise show "C°").
 */
export const formatWithUnit = (lng: Language, value: number, unit: string, digits = 0): string =>
  `${formatNumber(lng, value, digits)} ${isolate(unit)}`;

/** A unit symbol isolated left to right (LRI … PDI): whole and in its order inside right-to-left text. */
export const isolate = (unit: string): string => `\u2066${unit}\u2069`;

/** Whether an instant is a local midnight at a site (a time axis labels those with the date). */
export function isSiteMidnight(timeZone: string, at: number): boolean {
  return (
    memo(
      `mid|${timeZone}`,
      () => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
    ).format(at) === '00:00'
  );
}

/** "13:05" at a site. */
export const formatSiteClock = (lng: Language, timeZone: string, at: number): string =>
  formatSiteTime(lng, timeZone, new Date(at));

/** A ratio as a percentage: 0.812 → "81.2 %". */
export function formatPercent(lng: Language, ratio: number): string {
  return memo(
    `pct|${lng}`,
    () => new Intl.NumberFormat(intlLocales[lng], { style: 'percent', maximumFractionDigits: 1 }),
  ).format(ratio);
}
