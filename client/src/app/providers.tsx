import { DirectionProvider, MantineProvider } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { settingsColorSchemeManager } from './settings/colorSchemeManager.ts';
import { settingsStore, useSettings } from './settings/settingsStore.ts';
import { usePalette } from './settings/usePalette.ts';
import { buildTheme, cssVariablesResolver } from './theme.ts';

const colorSchemeManager = settingsColorSchemeManager(settingsStore);

export function AppProviders({ children }: { children: ReactNode }) {
  const primaryLight = useSettings((s) => s.lightThemePrimaryColor);
  const primaryDark = useSettings((s) => s.darkThemePrimaryColor);
  const palette = usePalette();
  const theme = useMemo(() => buildTheme(primaryLight, primaryDark, palette), [primaryLight, primaryDark, palette]);
  return (
    // Mantine watches <html dir>, which the language change sets (i18n/init.ts): menus, popovers and
    // sliders turn with the language without a second source of truth.
    <DirectionProvider initialDirection={document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'}>
      {/* Seed: the theme defaults to the system's colour scheme and follows it (cookie `theme`). */}
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={cssVariablesResolver}
      >
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
