// The strings of the alarm rules page in the four languages, merged into each locale under `alarmRules`
// (see i18n/locales): the English object is the shape the others must fill.
import { ar } from './i18n.ar.ts';
import { en } from './i18n.en.ts';
import { fa } from './i18n.fa.ts';
import { fr } from './i18n.fr.ts';

export const alarmRulesMessages = { en, fr, fa, ar };
