// Times of webhooks and deliveries, in the reader's own time zone (they are the hub's, not a site's),
// with a formatter made once per language.
import type { Language } from '@voltscope/shared/i18n';
import { intlLocales } from '../../i18n/language.ts';

const formatters = new Map<Language, Intl.DateTimeFormat>();

export function formatDateTime(lng: Language, ms: number): string {
  let format = formatters.get(lng);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocales[lng], { dateStyle: 'medium', timeStyle: 'medium' });
    formatters.set(lng, format);
  }
  return format.format(ms);
}
