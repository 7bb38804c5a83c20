import { defaultLanguage, isLanguage, type Language, languages } from '@voltscope/shared/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { documentCookies } from '../app/cookies.ts';
import { localeBackend } from './backend.ts';
import { applyDocumentLanguage } from './language.ts';

/** The cookie (path /) that remembers the language; public/boot.js reads it before first paint. */
export const LANGUAGE_COOKIE = 'language';

/** The remembered language, read synchronously so the first render is already in it. */
export function readStoredLanguage(): Language {
  const stored = documentCookies.get(LANGUAGE_COOKIE);
  return isLanguage(stored) ? stored : defaultLanguage;
}

/**
 * Resolves once the language's `common` namespace is loaded: render after it, so no raw key shows.
 * Pages load their own namespaces as they mount (useTranslation suspends until they are in), and a
 * language switch loads every namespace in use before it re-renders.
 */
export function initI18n(lng: Language = readStoredLanguage()): Promise<unknown> {
  i18next.on('languageChanged', (next) => {
    if (!isLanguage(next)) return;
    applyDocumentLanguage(next);
    documentCookies.set(LANGUAGE_COOKIE, next);
  });
  applyDocumentLanguage(lng);
  return i18next
    .use(localeBackend)
    .use(initReactI18next)
    .init({
      lng,
      // No fallback language: locales.test.ts keeps every language complete, and a fallback would
      // download a second language with the first.
      fallbackLng: false,
      supportedLngs: languages,
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      contextSeparator: '#',
    });
}
