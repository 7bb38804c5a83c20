// Every language and namespace at once, for tests (the app loads them lazily: backend.ts).
import type { Language } from '@voltscope/shared/i18n';
import type { Resource, ResourceLanguage } from 'i18next';

const files = import.meta.glob<ResourceLanguage[string]>('./locales/*/*.json', { eager: true, import: 'default' });

export const resources: Resource = {};
for (const [path, data] of Object.entries(files)) {
  const [, lng, ns] = /\.\/locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
  if (!lng || !ns) continue;
  resources[lng] = { ...resources[lng], [ns]: data };
}

export const resourcesOf = (lng: Language): ResourceLanguage => resources[lng] ?? {};
