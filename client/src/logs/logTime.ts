// When an event happened, as a reader of the log needs it: date and time to the second in their language
// and calendar, in their own time zone or in the site's, with the zone's offset said (a fleet spans
// several zones, and daylight saving time moves them). Formatters are made once per language and zone.
import type { Language } from '@voltscope/shared/i18n';
import { intlLocales } from '../i18n/language.ts';
import { gregorianFields } from '../ui/PeriodPicker.tsx';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(lng: Language, timeZone: string, kind: 'stamp' | 'offset' | 'input'): Intl.DateTimeFormat {
  const key = `${kind}|${lng}|${timeZone}`;
  let format = formatters.get(key);
  if (!format) {
    format =
      kind === 'stamp'
        ? new Intl.DateTimeFormat(intlLocales[lng], {
            timeZone,
            year: 'numeric',
            month: 'short',
            day: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
            hourCycle: 'h23',
          })
        : kind === 'offset'
          ? new Intl.DateTimeFormat(intlLocales[lng], { timeZone, timeZoneName: 'shortOffset' })
          : new Intl.DateTimeFormat('en-CA', { timeZone, ...gregorianFields });
    formatters.set(key, format);
  }
  return format;
}

/** The browser's time zone (the reader's). */
export const myTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** "20 Nov 2026, 14:03:22" in the reader's language and calendar, in `timeZone`. */
export const formatStamp = (lng: Language, timeZone: string, ts: number): string =>
  formatter(lng, timeZone, 'stamp').format(ts);

/** "GMT+1" for that zone at that instant. */
export function formatOffset(lng: Language, timeZone: string, ts: number): string {
  return (
    formatter(lng, timeZone, 'offset')
      .formatToParts(ts)
      .find((p) => p.type === 'timeZoneName')?.value ?? ''
  );
}

/** An instant as a `datetime-local` input's value (`2026-11-20T14:03`) in the reader's zone. */
export function toInputValue(ms: number): string {
  const parts = Object.fromEntries(
    formatter('en', myTimeZone(), 'input')
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A `datetime-local` input's value, read in the reader's zone (as the browser does). */
export function fromInputValue(value: string): number | null {
  const ms = new Date(value).getTime();
  return value && Number.isFinite(ms) ? ms : null;
}

const durations = new Map<string, Intl.NumberFormat>();

/** "45 s", "12 min", "3.5 h", "2 days": a span in its largest sensible unit, in the reader's language. */
export function formatDuration(lng: Language, ms: number): string {
  const seconds = Math.max(0, ms) / 1000;
  const [value, unit, digits] =
    seconds < 60
      ? [seconds, 'second', 0]
      : seconds < 3600
        ? [seconds / 60, 'minute', 0]
        : seconds < 48 * 3600
          ? [seconds / 3600, 'hour', 1]
          : [seconds / 86_400, 'day', 1];
  const key = `${lng}|${unit}|${digits}`;
  let format = durations.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocales[lng], {
      style: 'unit',
      unit,
      unitDisplay: unit === 'day' ? 'long' : 'short',
      maximumFractionDigits: digits,
    });
    durations.set(key, format);
  }
  // Seconds round (0.8 s is 1 s); minutes floor, so that 59.7 min never reads as 60 min.
  return format.format(unit === 'second' ? Math.min(59, Math.round(value)) : digits === 0 ? Math.floor(value) : value);
}
