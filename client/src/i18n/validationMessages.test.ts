import { languages } from '@voltscope/shared/i18n';
import { validationMessages, validationRules } from '@voltscope/shared/validation';
import { describe, expect, it } from 'vitest';
import { resourcesOf } from './testResources.ts';

const messages = (lng: (typeof languages)[number]) => resourcesOf(lng).validation as Record<string, string>;

describe('the validation messages a form shows', () => {
  it('are in English the server’s own, the seed’s word for word', () => {
    for (const rule of validationRules) expect(messages('en')[rule], rule).toBe(validationMessages.en[rule]);
  });

  it.each(languages)('end in %s with a full stop, as the seed’s do', (lng) => {
    for (const [key, text] of Object.entries(messages(lng))) expect(text, `${lng} ${key}`).toMatch(/\.$/);
  });
});
