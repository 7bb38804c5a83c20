// Colours for canvas charts, read from Mantine's CSS variables so that charts follow the theme.
import type uPlot from 'uplot';

export interface ChartColors {
  primary: string;
  primaryFill: string;
  text: string;
  dimmed: string;
  grid: string;
}

/** Read when a chart is built: a chart is rebuilt when the colour scheme changes. */
export function chartColors(element: Element, scheme: 'light' | 'dark'): ChartColors {
  const style = getComputedStyle(element);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  const dark = scheme === 'dark';
  const primary = read('--mantine-primary-color-filled', dark ? '#d85d5d' : '#ff4c51');
  return {
    primary,
    primaryFill: `color-mix(in srgb, ${primary} 70%, transparent)`,
    text: read('--mantine-color-text', dark ? '#d5d8e0' : '#333'),
    dimmed: read('--mantine-color-dimmed', dark ? '#9399a8' : '#888'),
    grid: read('--mantine-color-default-border', dark ? '#363b4c' : '#ddd'),
  };
}

/** An axis in the theme's dimmed text with grid lines, its tick labels written by `format`; `options` add to or override it. */
export function themedAxis(
  colors: ChartColors,
  format: (value: number) => string,
  options: uPlot.Axis = {},
): uPlot.Axis {
  return {
    stroke: colors.dimmed,
    grid: { stroke: colors.grid, width: 1 },
    values: (_u, splits) => splits.map(format),
    ...options,
  };
}
