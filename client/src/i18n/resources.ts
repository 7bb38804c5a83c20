import { type Language, languages } from '@voltscope/shared/i18n';
import { validationMessages } from '@voltscope/shared/validation';
import { ar } from './locales/ar.ts';
import { en, type Messages } from './locales/en.ts';
import { fa } from './locales/fa.ts';
import { fr } from './locales/fr.ts';

export const locales: Record<Language, Messages> = { ar, en, fa, fr };

/** i18next resources: the app's strings in `translation`, the shared form messages in `validation`. */
export const resources = Object.fromEntries(
  languages.map((lng) => [lng, { translation: locales[lng], validation: validationMessages[lng] }]),
) as Record<Language, { translation: Messages; validation: (typeof validationMessages)[Language] }>;
