// The Mantine theme, built from the primary colours of the settings (one per colour scheme) and the
// palette (settings/palette.ts). `primary` is a virtual colour: Mantine swaps its light and dark tuples
// with the scheme (see primaryPalette.ts for why the shades are what they are).
import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  type MantineColorsTuple,
  type MantineTheme,
  type MantineThemeOverride,
  virtualColor,
} from '@mantine/core';
import { CONTROL_ROOM_ACCENT, type Palette, priorityColors, priorityInk } from './settings/palette.ts';
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
  "'Public Sans Variable', 'Vazirmatn Variable', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

// A muted grey (a touch of blue): what the control-room palette draws every colour in that is not an alarm's.
const slate: MantineColorsTuple = [
  '#f2f3f5',
  '#e4e6ea',
  '#cacdd4',
  '#aeb2bc',
  '#9498a4',
  '#7b808d',
  '#636875',
  '#4f535e',
  '#3c3f48',
  '#292b32',
];

const { colors: mantine } = DEFAULT_THEME;

/**
 * Colours named by what they mean, so that a page asks for a meaning and the palette answers: a normal
 * running state, an equipment fault or a warning that is not an alarm, and the kind of a site.
 * In the seed's palette a normal state is green or grey, never red, orange or yellow (the priorities'
 * colours); a fault or warning of the equipment keeps red and yellow there, always with its word and icon.
 */
const standardColors = {
  running: mantine.green,
  fault: mantine.red,
  warning: mantine.yellow,
  kindSolar: mantine.orange,
  kindWind: mantine.cyan,
  kindHybrid: mantine.grape,
};

/**
 * ISA-101: grey for every state and every decoration; red, orange and yellow stay for the alarm
 * priorities (and the errors of forms), so Mantine's other hues are all drawn in slate.
 */
const controlRoomColors = Object.fromEntries(
  [...Object.keys(standardColors), 'green', 'teal', 'lime', 'cyan', 'blue', 'indigo', 'violet', 'grape', 'pink'].map(
    (name) => [name, slate],
  ),
) as Record<keyof typeof standardColors, MantineColorsTuple>;

export function buildTheme(
  primaryLight: string,
  primaryDark: string,
  palette: Palette = 'standard',
): MantineThemeOverride {
  const controlRoom = palette === 'control-room';
  // The seed's primary (#ff4c51 by default) is a red like Critical's: the priorities still differ from
  // it by their shape, their number and their word (never colour alone), and Critical's fill (#a51111)
  // is darker than the primary's filled shade (1.5:1). Normal states are never drawn in a priority's
  // colour (standardColors). The control room replaces the primary with a blue accent.
  const light = controlRoom ? CONTROL_ROOM_ACCENT.light : primaryLight;
  const darkAccent = controlRoom ? CONTROL_ROOM_ACCENT.dark : primaryDark;
  return createTheme({
    primaryColor: 'primary',
    primaryShade: { light: 6, dark: 6 },
    colors: {
      ...(controlRoom ? controlRoomColors : standardColors),
      brandLight: lightPalette(light),
      brandDark: darkPalette(darkAccent),
      primary: virtualColor({ name: 'primary', light: 'brandLight', dark: 'brandDark' }),
      dark,
    },
    other: { palette },
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

const priorityVariables = Object.fromEntries(
  Object.entries(priorityColors).flatMap(([priority, fill]) => [
    [`--vs-priority-${priority}`, fill],
    [`--vs-priority-${priority}-ink`, priorityInk[priority as keyof typeof priorityInk]],
  ]),
);

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
    ...priorityVariables,
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
    '--vs-focus': 'var(--mantine-color-primary-6)',
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
    // The filled shade is dark enough for white text, too dark for a focus ring on a dark surface (3:1).
    '--vs-focus': 'var(--mantine-color-primary-4)',
    '--vs-brand': 'var(--mantine-color-primary-5)',
  },
});
