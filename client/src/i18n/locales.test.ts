import { languages } from '@voltscope/shared/i18n';
import { describe, expect, it } from 'vitest';
import { routeTable, routeTitleKey } from '../routes.tsx';
import { namespaces } from './namespaces.ts';
import { resources } from './testResources.ts';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

// Every key as `namespace:path`, per language.
const flat = Object.fromEntries(
  languages.map((lng) => {
    const all = new Map<string, string>();
    for (const ns of namespaces) {
      for (const [k, v] of flatten((resources[lng]?.[ns] ?? {}) as Tree)) all.set(`${ns}:${k}`, v);
    }
    return [lng, all];
  }),
) as Record<(typeof languages)[number], Map<string, string>>;
const reference = flat.en;
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

// Strings that are the same in every language: the brand, and an example address.
const universal = new Set(['common:app.name', 'shell:footer.copyright', 'auth:login.emailPlaceholder']);

describe('locales', () => {
  it.each(languages)('%s has a file for every namespace, and no other', (lng) => {
    expect(Object.keys(resources[lng] ?? {}).sort()).toEqual([...namespaces].sort());
  });

  it.each(languages)('%s has every key of the English source, and no other', (lng) => {
    const keys = [...flat[lng].keys()].sort();
    expect(keys).toEqual([...reference.keys()].sort());
  });

  it.each(languages)('%s has no empty string and keeps every {{placeholder}}', (lng) => {
    for (const [key, english] of reference) {
      const text = flat[lng].get(key) ?? '';
      expect(text.trim(), key).not.toBe('');
      expect(placeholders(text), key).toEqual(placeholders(english));
    }
  });

  it.each(['fa', 'ar'] as const)('%s leaves no English sentence behind', (lng) => {
    for (const [key, text] of flat[lng]) {
      if (universal.has(key)) continue;
      // Arabic script (Persian uses it too), or nothing but placeholders, digits and symbols.
      const words = text.replace(/\{\{\w+\}\}/g, '');
      expect(/[\u0600-\u06ff]/.test(words) || !/[A-Za-z]{3}/.test(words), `${lng} ${key}: ${text}`).toBe(true);
    }
  });

  it('names every registered route in every language', () => {
    for (const route of routeTable) {
      for (const lng of languages) {
        expect(flat[lng].get(routeTitleKey(route.name)), `${lng} ${route.name}`).toBeTruthy();
      }
    }
  });
});
