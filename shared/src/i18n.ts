// The languages the product speaks (seed section 9): default Persian, fallback English.
export const languages = ['fa', 'en', 'fr', 'ar'] as const;
export type Language = (typeof languages)[number];

export const defaultLanguage: Language = 'fa';
export const fallbackLanguage: Language = 'en';

export const rtlLanguages: ReadonlySet<Language> = new Set(['fa', 'ar']);

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);
