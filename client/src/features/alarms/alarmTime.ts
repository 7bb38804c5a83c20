// Times in the console, in the reader's language, calendar and time zone: the time of day with seconds
// for today (an operator compares alarms seconds apart), the date too for older ones. Formatters are
// made once per language.
import type { Language } from '@voltscope/shared/i18n';
import { intlLocales } from '../../i18n/language.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(lng: Language, kind: 'time' | 'dateTime' | 'full'): Intl.DateTimeFormat {
  const key = `${lng}|${kind}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'time'
        ? { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }
        : kind === 'dateTime'
          ? { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
          : { dateStyle: 'full', timeStyle: 'medium', hourCycle: 'h23' };
    f = new Intl.DateTimeFormat(intlLocales[lng], options);
    formatters.set(key, f);
  }
  return f;
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** Short: "14:03:27" today, "12 Mar, 14:03" before. */
export function formatAlarmTime(lng: Language, ts: number, now = Date.now()): string {
  return formatter(lng, sameDay(new Date(ts), new Date(now)) ? 'time' : 'dateTime').format(ts);
}

/** In full, for a tooltip or the timeline. */
export const formatFullTime = (lng: Language, ts: number): string => formatter(lng, 'full').format(ts);
