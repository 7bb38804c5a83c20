// The Mantine theme, built from the primary colours of the settings (one per colour scheme). `primary`
// is a virtual colour: Mantine swaps its light and dark tuples with the scheme (see primaryPalette.ts
// for why the shades are what they are).
import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineTheme,
  type MantineThemeOverride,
  virtualColor,
} from '@mantine/core';
import { darkPalette, lightPalette, readableOn } from './settings/primaryPalette.ts';

// A cool, slightly blue dark palette (index 7 is the surface, 8 the page) in the spirit of Grafana.
const dark: MantineColorsTuple = [
  '#d5d8e0',
  '#b3b8c5',
  '#9399a8',
  '#6b7183',
  '#474c5e',
  '#363b4c',
  '#2a2e3d',
  '#22263a',
  '#1a1d2b',
  '#141621',
];

const latin =
  "'Public Sans', 'Vazirmatn', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export function buildTheme(primaryLight: string, primaryDark: string): MantineThemeOverride {
  return createTheme({
    primaryColor: 'primary',
    primaryShade: { light: 6, dark: 6 },
    colors: {
      brandLight: lightPalette(primaryLight),
      brandDark: darkPalette(primaryDark),
      primary: virtualColor({ name: 'primary', light: 'brandLight', dark: 'brandDark' }),
      dark,
    },
    fontFamily: latin,
    headings: { fontFamily: latin, fontWeight: '600' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    // Seed breakpoints: xs 0, sm 600, md 960, lg 1264, xl 1904 (px), in em as Mantine expects.
    breakpoints: { xs: '0em', sm: '37.5em', md: '60em', lg: '79em', xl: '119em' },
    components: {
      Card: { defaultProps: { radius: 'md', padding: 'lg' } },
      Paper: { defaultProps: { radius: 'md' } },
      Button: { defaultProps: { radius: 'md' } },
      Tooltip: { defaultProps: { openDelay: 300, withArrow: true } },
      // Mantine's focus placeholder is a role=presentation child of role=menu, which ARIA does not allow.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    },
  });
}

/**
 * Mantine's light variant (a badge, a light button) writes shade 9 on shade 1, which is short of 4.5:1
 * for some colours (teal: 4.4): each such text colour is darkened just enough.
 */
function readableLightVariants(theme: MantineTheme): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    const [, tint, , , , , , , , text] = shades;
    if (!tint || !text || !tint.startsWith('#')) continue;
    variables[`--mantine-color-${name}-light-color`] = readableOn(text, [tint, '#ffffff']);
  }
  return variables;
}

/**
 * Colours the shell adds to Mantine's: the page and surface of each skin (the bordered skin gives the
 * page the surface's colour and draws borders instead of shadows), and a dimmed text that keeps 4.5:1 on
 * every background (Mantine's gray-6 has only 3.3:1 on white).
 */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {
    '--vs-navbar-height': '4rem',
    '--vs-hnav-height': '3.25rem',
    '--vs-vnav-width': '16.25rem',
    '--vs-vnav-collapsed-width': '4.5rem',
    '--vs-boxed-width': '1440px',
  },
  light: {
    '--vs-page-bg': '#f4f5f9',
    '--vs-surface': '#ffffff',
    '--vs-border': '#e4e6ee',
    '--vs-hover-bg': '#eef0f5',
    '--vs-subtle-bg': '#f6f7fa',
    '--mantine-color-dimmed': '#5d6273',
    '--mantine-color-default-border': '#d6d9e3',
    // Mantine's red-6 has 3.3:1 on white: errors and red text use darker and lighter reds (AA).
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-red-text': 'var(--mantine-color-red-8)',
    '--vs-primary-text': 'var(--mantine-color-primary-6)',
    '--vs-brand': 'var(--mantine-color-primary-5)',
    ...readableLightVariants(theme),
  },
  dark: {
    '--vs-page-bg': 'var(--mantine-color-dark-8)',
    '--vs-surface': 'var(--mantine-color-dark-7)',
    '--vs-border': 'var(--mantine-color-dark-5)',
    '--vs-hover-bg': 'var(--mantine-color-dark-6)',
    '--vs-subtle-bg': 'var(--mantine-color-dark-6)',
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-3)',
    '--mantine-color-red-text': 'var(--mantine-color-red-3)',
    '--vs-primary-text': 'var(--mantine-color-primary-4)',
    '--vs-brand': 'var(--mantine-color-primary-5)',
  },
});
