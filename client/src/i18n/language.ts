import { type Language, rtlLanguages } from '@voltscope/shared/i18n';

export type Direction = 'ltr' | 'rtl';

export const directionOf = (lng: Language): Direction => (rtlLanguages.has(lng) ? 'rtl' : 'ltr');

/** Each language by its own name: a reader looks for their language written the way they write it. */
export const languageNames: Record<Language, string> = {
  fa: 'فارسی',
  en: 'English',
  fr: 'Français',
  ar: 'العربية',
};

/** BCP 47 tags for Intl: Persian gets Iranian conventions (Persian digits), English 24-hour clocks. */
export const intlLocales: Record<Language, string> = {
  fa: 'fa-IR',
  en: 'en-GB',
  fr: 'fr-FR',
  ar: 'ar',
};

export function applyDocumentLanguage(lng: Language): void {
  const html = document.documentElement;
  html.lang = lng;
  html.dir = directionOf(lng);
}
