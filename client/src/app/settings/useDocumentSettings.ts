import { useComputedColorScheme } from '@mantine/core';
import { useEffect, useLayoutEffect } from 'react';
import { documentCookies } from '../cookies.ts';
import { useSettings } from './settingsStore.ts';
import { usePalette } from './usePalette.ts';

/** The cookie of the seed that holds the colour scheme in use (light or dark), whatever the theme. */
export const COLOR_SCHEME_COOKIE = 'color-scheme';

/**
 * Mirrors the settings that style the whole document onto <html> (public/boot.js sets the same before
 * first paint) and records the colour scheme actually shown. `data-palette` (the palette in use, which
 * depends on the signed-in role) is set before paint of the first page that has a session.
 */
export function useDocumentSettings(): void {
  const skin = useSettings((s) => s.skin);
  const palette = usePalette();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useEffect(() => {
    document.documentElement.setAttribute('data-skin', skin);
  }, [skin]);
  useLayoutEffect(() => {
    document.documentElement.setAttribute('data-palette', palette);
  }, [palette]);
  useEffect(() => {
    if (documentCookies.get(COLOR_SCHEME_COOKIE) !== scheme) documentCookies.set(COLOR_SCHEME_COOKIE, scheme);
  }, [scheme]);
}
