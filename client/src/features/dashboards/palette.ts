import type { Palette } from '../../app/settings/palette.ts';

// Line colours for sites and units, one set per colour scheme. Neighbours differ in lightness as well as
// hue (dark blue, light orange, mid green...) so that lines stay apart for colour-blind readers and in
// greyscale; past eight lines, dashes tell them apart.
const light = ['#1c5fa8', '#e8590c', '#2b8a3e', '#c2255c', '#7048e8', '#0b7285', '#a67c00', '#495057'];
const dark = ['#74c0fc', '#ff922b', '#69db7c', '#f783ac', '#b197fc', '#3bc9db', '#ffd43b', '#ced4da'];
// The control room (ISA-101) draws series that are not alarms in muted greys: three lightnesses, each
// 3:1 or more on its surface, times three dash patterns.
const mutedLight = ['#3c3f48', '#6b7080', '#9498a4'];
const mutedDark = ['#e4e6ea', '#aeb2bc', '#7b808d'];
const dashes: (number[] | undefined)[] = [undefined, [8, 4], [2, 3]];

export interface LineStyle {
  color: string;
  dash: number[] | undefined;
}

export function lineStyle(index: number, scheme: 'light' | 'dark', palette: Palette = 'standard'): LineStyle {
  const colors =
    palette === 'control-room' ? (scheme === 'dark' ? mutedDark : mutedLight) : scheme === 'dark' ? dark : light;
  return {
    color: colors[index % colors.length] as string,
    dash: dashes[Math.floor(index / colors.length) % dashes.length],
  };
}

/** The fleet total: the text colour, so that it reads as the sum of the others. */
export const totalColor = (scheme: 'light' | 'dark') => (scheme === 'dark' ? '#e9ecef' : '#212529');
