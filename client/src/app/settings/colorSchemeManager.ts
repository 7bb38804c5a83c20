// Mantine's colour scheme, kept in the settings store (cookie `theme`) instead of localStorage. Mantine's
// `auto` is the seed's `system`: it follows the device's colour scheme, live.
import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import type { ThemeSetting } from './layoutSettings.ts';
import type { SettingsStore } from './settingsStore.ts';

export const toMantine = (theme: ThemeSetting): MantineColorScheme => (theme === 'system' ? 'auto' : theme);
export const fromMantine = (scheme: MantineColorScheme): ThemeSetting => (scheme === 'auto' ? 'system' : scheme);

export function settingsColorSchemeManager(store: SettingsStore): MantineColorSchemeManager {
  let unsubscribe: (() => void) | null = null;
  return {
    get: () => toMantine(store.getState().theme),
    set: (value) => store.update({ theme: fromMantine(value) }),
    // A change made elsewhere (the customizer, a reset) reaches Mantine through here.
    subscribe(onUpdate) {
      unsubscribe?.();
      unsubscribe = store.subscribe((next, previous) => {
        if (next.theme !== previous.theme) onUpdate(toMantine(next.theme));
      });
    },
    unsubscribe() {
      unsubscribe?.();
      unsubscribe = null;
    },
    clear: () => store.update({ theme: 'system' }),
  };
}
