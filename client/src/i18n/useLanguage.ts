import { fallbackLanguage, isLanguage, type Language } from '@voltscope/shared/i18n';
import { useTranslation } from 'react-i18next';

/** The active language as a typed code, for Intl formatting. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(lng) ? lng : fallbackLanguage;
}
