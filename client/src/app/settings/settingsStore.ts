// The live display settings: read from cookies once, synchronously, before the first render (so the first
// frame is already right), and written back to cookies on every change. A plain zustand store: the
// colour scheme manager and the customizer both reach it, inside and outside React.
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type CookieJar, documentCookies } from '../cookies.ts';
import {
  applyChange,
  defaultSettings,
  type LayoutSettings,
  readSettings,
  settingKeys,
  writeSettings,
} from './layoutSettings.ts';

export interface SettingsStore extends StoreApi<LayoutSettings> {
  update(patch: Partial<LayoutSettings>): void;
  /** Back to the seed's defaults, forgetting every stored preference. */
  reset(): void;
}

export function createSettingsStore(jar: CookieJar): SettingsStore {
  const store = createStore<LayoutSettings>()(() => readSettings(jar));
  return Object.assign(store, {
    update(patch: Partial<LayoutSettings>) {
      const before = store.getState();
      const after = applyChange(before, patch);
      if (settingKeys.every((key) => before[key] === after[key])) return;
      writeSettings(jar, before, after);
      store.setState(after, true);
    },
    reset() {
      for (const key of settingKeys) jar.remove(key);
      store.setState({ ...defaultSettings }, true);
    },
  });
}

export const settingsStore = createSettingsStore(documentCookies);

export function useSettings<T>(selector: (settings: LayoutSettings) => T): T {
  return useStore(settingsStore, selector);
}
