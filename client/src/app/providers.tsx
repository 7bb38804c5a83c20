import { DirectionProvider, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from './theme.ts';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    // Mantine watches <html dir>, which the language change sets (i18n/init.ts): menus, popovers and
    // sliders turn with the language without a second source of truth.
    <DirectionProvider initialDirection={document.documentElement.dir === 'rtl' ? 'rtl' : 'ltr'}>
      {/* Seed: the theme defaults to the system's colour scheme and follows it. */}
      <MantineProvider theme={theme} defaultColorScheme="auto">
        {children}
      </MantineProvider>
    </DirectionProvider>
  );
}
