// WCAG 2.2 AA, measured on the palettes' tokens as the theme resolves them: 4.5:1 for text (1.4.3) and
// 3:1 for the parts of controls and graphics (1.4.11), in both palettes and both themes. And the control
// room's promise (ISA-101): the accent is no alarm colour, and normal states are grey.
import { DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { buildTheme } from '../theme.ts';
import { DEFAULT_PRIMARY_DARK, DEFAULT_PRIMARY_LIGHT } from './layoutSettings.ts';
import { type Palette, palettes, priorityColors, priorityInk } from './palette.ts';
import { contrast, parseHex } from './primaryPalette.ts';

type Scheme = 'light' | 'dark';

/** The backgrounds and texts of theme.ts's resolver (and Mantine's text colour) per scheme. */
const surfaces: Record<Scheme, { backgrounds: Record<string, string>; text: string; dimmed: string }> = {
  light: {
    backgrounds: { page: '#f4f5f9', surface: '#ffffff', subtle: '#f6f7fa' },
    text: '#000000',
    dimmed: '#5d6273',
  },
  dark: {
    backgrounds: { page: '#1a1d2b', surface: '#22263a', subtle: '#2a2e3d' },
    text: '#d5d8e0',
    dimmed: '#b3b8c5',
  },
};

function colorsOf(palette: Palette) {
  const theme = buildTheme(DEFAULT_PRIMARY_LIGHT, DEFAULT_PRIMARY_DARK, palette);
  const colors = theme.colors as Record<string, MantineColorsTuple>;
  const tuple = (name: string): MantineColorsTuple =>
    colors[name] ?? (DEFAULT_THEME.colors[name] as MantineColorsTuple);
  return {
    tuple,
    /** The accent: the filled shade (buttons, white text on it), its text and focus shade per scheme. */
    accent: {
      light: { fill: tuple('brandLight')[6], text: tuple('brandLight')[6], focus: tuple('brandLight')[6] },
      dark: { fill: tuple('brandDark')[6], text: tuple('brandDark')[4], focus: tuple('brandDark')[4] },
    },
  };
}

function hueOf(hex: string): { hue: number; saturation: number } {
  const [r, g, b] = (parseHex(hex) ?? [0, 0, 0]).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const lightness = (max + min) / 2;
  const saturation = d === 0 ? 0 : d / (1 - Math.abs(2 * lightness - 1));
  if (d === 0) return { hue: 0, saturation };
  const hue = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return { hue: (hue * 60 + 360) % 360, saturation };
}

const priorities = Object.keys(priorityColors) as (keyof typeof priorityColors)[];

/** Every ratio the AA check rests on, named, for one palette and scheme. */
export function measure(palette: Palette, scheme: Scheme): { name: string; ratio: number; min: number }[] {
  const { accent } = colorsOf(palette);
  const { backgrounds, text, dimmed } = surfaces[scheme];
  const rows: { name: string; ratio: number; min: number }[] = [];
  for (const [bgName, bg] of Object.entries(backgrounds)) {
    rows.push({ name: `text on ${bgName}`, ratio: contrast(text, bg), min: 4.5 });
    rows.push({ name: `dimmed text on ${bgName}`, ratio: contrast(dimmed, bg), min: 4.5 });
    rows.push({ name: `accent text (links) on ${bgName}`, ratio: contrast(accent[scheme].text, bg), min: 4.5 });
    rows.push({ name: `focus ring on ${bgName}`, ratio: contrast(accent[scheme].focus, bg), min: 3 });
  }
  rows.push({ name: 'white text on accent button', ratio: contrast('#ffffff', accent[scheme].fill), min: 4.5 });
  for (const p of priorities) {
    rows.push({ name: `${p} ink on its fill`, ratio: contrast(priorityInk[p], priorityColors[p]), min: 4.5 });
  }
  return rows;
}

describe.each(palettes)('the %s palette', (palette) => {
  it.each(['light', 'dark'] as const)('meets WCAG AA in the %s theme', (scheme) => {
    for (const row of measure(palette, scheme)) {
      expect(row.ratio, `${palette} ${scheme}: ${row.name} ${row.ratio.toFixed(2)}`).toBeGreaterThanOrEqual(row.min);
    }
  });
});

describe('the control-room palette', () => {
  const { accent, tuple } = colorsOf('control-room');

  it('has an accent that is neither red, orange nor yellow, and apart from the low priority pale blue', () => {
    for (const scheme of ['light', 'dark'] as const) {
      for (const shade of [accent[scheme].fill, accent[scheme].text]) {
        const { hue } = hueOf(shade);
        // Red, orange and yellow span hues from about 330° through 0° to 70°.
        expect(hue > 70 && hue < 330, `${shade} hue ${hue.toFixed(0)}°`).toBe(true);
        for (const p of priorities) expect(shade.toLowerCase()).not.toBe(priorityColors[p]);
      }
      expect(contrast(accent[scheme].fill, priorityColors.low)).toBeGreaterThanOrEqual(3);
    }
  });

  it('draws normal states, site kinds and other hues in grey, keeping colour for the alarm priorities', () => {
    for (const name of ['running', 'kindSolar', 'kindWind', 'kindHybrid', 'green', 'teal', 'blue', 'cyan', 'grape']) {
      for (const shade of tuple(name)) expect(hueOf(shade).saturation, `${name} ${shade}`).toBeLessThan(0.15);
    }
    for (const name of ['red', 'orange', 'yellow']) {
      expect(hueOf(tuple(name)[6]).saturation, name).toBeGreaterThan(0.5);
    }
  });
});

describe('the standard palette', () => {
  const { accent, tuple } = colorsOf('standard');

  it("keeps the seed's primary colour", () => {
    expect(tuple('brandLight')[5]).toBe(DEFAULT_PRIMARY_LIGHT);
    expect(tuple('brandDark')[5]).toBe(DEFAULT_PRIMARY_DARK);
  });

  it('tells the primary red apart from Critical by lightness, and draws no normal state in an alarm colour', () => {
    // Critical's fill is darker than the primary's, though only by about 1.5:1: a priority is told by its
    // shape, number and word, never by colour alone; the control-room palette removes the clash.
    expect(contrast(accent.light.fill, priorityColors.critical)).toBeGreaterThanOrEqual(1.5);
    const alarmHues = (['critical', 'high', 'medium'] as const).map((p) => hueOf(priorityColors[p]).hue);
    for (const name of ['running', 'gray', 'blue']) {
      const shade = tuple(name)[6];
      const { hue, saturation } = hueOf(shade);
      const far = alarmHues.every((h) => Math.min(Math.abs(h - hue), 360 - Math.abs(h - hue)) >= 40);
      expect(far || saturation < 0.15, `${name} ${shade}`).toBe(true);
    }
  });
});
