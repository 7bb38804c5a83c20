// Mantine colour tuples made from one brand colour, so that the brand stays recognisable while every
// place where the primary colour carries text meets WCAG 2.2 AA (1.4.3, 4.5:1 for normal text). The
// seed's #ff4c51 has only about 3.3:1 with white: the shade used for filled buttons and for text is the
// closest darker (light theme) or lighter (dark theme) mix of the same hue that reaches the ratio.
import type { MantineColorsTuple } from '@mantine/core';

type Rgb = readonly [number, number, number];

/** AA for normal text is 4.5:1; a small margin absorbs rounding to 8-bit channels. */
export const TEXT_CONTRAST = 4.6;

/** Backgrounds the primary colour's text sits on: page backgrounds and surfaces of each theme. */
export const LIGHT_BACKGROUND = '#f4f5f9';
export const DARK_SURFACE = '#363b4c';

export function parseHex(hex: string): Rgb | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  const n = Number.parseInt(match[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export const toHex = (rgb: Rgb): string =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** WCAG 2.2 relative luminance. */
export function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = Math.round(c) / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrast(a: string | Rgb, b: string | Rgb): number {
  const ra = typeof a === 'string' ? parseHex(a) : a;
  const rb = typeof b === 'string' ? parseHex(b) : b;
  if (!ra || !rb) return 1;
  const [hi, lo] = [luminance(ra), luminance(rb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** The least mix of `color` towards `towards` that has `ratio` against every background. */
function reach(color: Rgb, towards: Rgb, backgrounds: readonly Rgb[], ratio: number): Rgb {
  for (let t = 0; t <= 1; t += 0.01) {
    const candidate = mix(color, towards, t).map(Math.round) as unknown as Rgb;
    if (backgrounds.every((bg) => contrast(candidate, bg) >= ratio)) return candidate;
  }
  return towards;
}

/** `color`, darkened just enough to reach `ratio` on every background (unchanged if it already does). */
export function readableOn(color: string, backgrounds: readonly string[], ratio = TEXT_CONTRAST): string {
  const fg = parseHex(color);
  const bgs = backgrounds.map(parseHex);
  if (!fg || bgs.some((bg) => bg === null)) return color;
  return toHex(reach(fg, BLACK, bgs as Rgb[], ratio));
}

/**
 * The light theme's tuple: 0-4 tints, 5 the brand itself, 6 the filled shade (white text on it, and
 * the primary text colour on light backgrounds), 7-9 darker (hover, and text on the light tint).
 */
export function lightPalette(brand: string): MantineColorsTuple {
  const base = parseHex(brand) ?? (parseHex('#ff4c51') as Rgb);
  const fill = reach(base, BLACK, [WHITE, parseHex(LIGHT_BACKGROUND) as Rgb], TEXT_CONTRAST);
  const tints = [0.92, 0.84, 0.68, 0.5, 0.3].map((t) => toHex(mix(base, WHITE, t)));
  const tint1 = mix(base, WHITE, 0.84);
  const onTint = reach(fill, BLACK, [tint1], 7);
  return [
    ...tints,
    toHex(base),
    toHex(fill),
    toHex(mix(fill, BLACK, 0.12)),
    toHex(mix(fill, BLACK, 0.24)),
    toHex(onTint),
  ] as unknown as MantineColorsTuple;
}

/**
 * The dark theme's tuple: 0 text on the dark tint, 1-3 tints, 4 the primary text colour on dark
 * surfaces, 5 the brand itself, 6 the filled shade (white text on it), 7-9 darker.
 */
export function darkPalette(brand: string): MantineColorsTuple {
  const base = parseHex(brand) ?? (parseHex('#d85d5d') as Rgb);
  const fill = reach(base, BLACK, [WHITE], TEXT_CONTRAST);
  const text = reach(base, WHITE, [parseHex(DARK_SURFACE) as Rgb], TEXT_CONTRAST);
  return [
    toHex(mix(base, WHITE, 0.85)),
    toHex(mix(base, WHITE, 0.7)),
    toHex(mix(base, WHITE, 0.5)),
    toHex(mix(base, WHITE, 0.3)),
    toHex(text),
    toHex(base),
    toHex(fill),
    toHex(mix(fill, BLACK, 0.12)),
    toHex(mix(fill, BLACK, 0.24)),
    toHex(mix(fill, BLACK, 0.4)),
  ] as unknown as MantineColorsTuple;
}

/** Presets of the customizer: a colour for the light theme and its darker variant for the dark one. */
export const primaryPresets = [
  { name: 'coral', light: '#ff4c51', dark: '#d85d5d' },
  { name: 'indigo', light: '#7367f0', dark: '#675dd8' },
  { name: 'teal', light: '#0d9394', dark: '#0c8485' },
  { name: 'blue', light: '#2092ec', dark: '#1d83d4' },
  { name: 'green', light: '#28a745', dark: '#24963e' },
] as const;
export type PrimaryPresetName = (typeof primaryPresets)[number]['name'];

/** The darker variant of a custom colour, for the dark theme: 10% towards black, as #ff4c51 → #d85d5d. */
export function darkVariantOf(hex: string): string {
  const rgb = parseHex(hex);
  return rgb ? toHex(mix(rgb, [30, 34, 52], 0.12)) : hex;
}
