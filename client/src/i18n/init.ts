import { defaultLanguage, fallbackLanguage, isLanguage, type Language, languages } from '@voltscope/shared/i18n';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage } from './language.ts';
import { resources } from './resources.ts';

export const LANGUAGE_STORAGE_KEY = 'language';

/** The remembered language, read synchronously so the first render is already in it. */
export function readStoredLanguage(): Language {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

export function initI18n(lng: Language = readStoredLanguage()): typeof i18next {
  i18next.on('languageChanged', (next) => {
    if (!isLanguage(next)) return;
    applyDocumentLanguage(next);
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // Private mode or storage full: the choice lasts for this page only.
    }
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
