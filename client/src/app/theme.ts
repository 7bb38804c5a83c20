import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Seed section 9: primary #ff4c51, with #d85d5d as the darker variant used on dark backgrounds.
const primary: MantineColorsTuple = [
  '#ffeced',
  '#ffd8d9',
  '#ffb0b2',
  '#ff878a',
  '#ff6a6e',
  '#ff5a5f',
  '#ff4c51',
  '#d85d5d',
  '#c2474a',
  '#a8383b',
];

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

const fontFamily =
  "'Public Sans', 'Vazirmatn', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

export const theme = createTheme({
  primaryColor: 'voltscope',
  primaryShade: { light: 6, dark: 7 },
  colors: { voltscope: primary, dark },
  fontFamily,
  headings: { fontFamily, fontWeight: '600' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Seed breakpoints: sm 600, md 960, lg 1264, xl 1904 (px), in em as Mantine expects.
  breakpoints: { xs: '0em', sm: '37.5em', md: '60em', lg: '79em', xl: '119em' },
  components: {
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'md' } },
    Button: { defaultProps: { radius: 'md' } },
  },
});
