// Each language and namespace is its own chunk (Vite splits every dynamically imported JSON file), so
// the first download carries only the namespaces the first screen uses, in the reader's language; the
// others follow when a page or a language switch asks for them.
import type { BackendModule, ResourceKey } from 'i18next';

const files = import.meta.glob<ResourceKey>('./locales/*/*.json', { import: 'default' });

export const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    const load = files[`./locales/${lng}/${ns}.json`];
    if (!load) {
      callback(new Error(`no translations for ${lng}/${ns}`), false);
      return;
    }
    load().then(
      (data) => callback(null, data),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
