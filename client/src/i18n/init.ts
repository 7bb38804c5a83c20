import { defaultLanguage, fallbackLanguage, isLanguage, type Language, languages } from '@voltscope/shared/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { documentCookies } from '../app/cookies.ts';
import { applyDocumentLanguage } from './language.ts';
import { resources } from './resources.ts';

/** The cookie (path /) that remembers the language; public/boot.js reads it before first paint. */
export const LANGUAGE_COOKIE = 'language';

/** The remembered language, read synchronously so the first render is already in it. */
export function readStoredLanguage(): Language {
  const stored = documentCookies.get(LANGUAGE_COOKIE);
  return isLanguage(stored) ? stored : defaultLanguage;
}

export function initI18n(lng: Language = readStoredLanguage()): typeof i18next {
  i18next.on('languageChanged', (next) => {
    if (!isLanguage(next)) return;
    applyDocumentLanguage(next);
    documentCookies.set(LANGUAGE_COOKIE, next);
  });
  void i18next.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: fallbackLanguage,
    supportedLngs: languages,
    defaultNS: 'translation',
    ns: ['translation', 'validation'],
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  applyDocumentLanguage(lng);
  return i18next;
}
