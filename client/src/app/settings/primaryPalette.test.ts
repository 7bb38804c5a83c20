import { describe, expect, it } from 'vitest';
import {
  contrast,
  DARK_SURFACE,
  darkPalette,
  LIGHT_BACKGROUND,
  lightPalette,
  primaryPresets,
  readableOn,
} from './primaryPalette.ts';

describe('primary palettes', () => {
  it('confirm the seed colour is short of AA with white text', () => {
    expect(contrast('#ff4c51', '#ffffff')).toBeCloseTo(3.3, 1);
    expect(contrast('#d85d5d', '#ffffff')).toBeLessThan(4.5);
  });

  it.each(primaryPresets)('keep $name recognisable and reach 4.5:1 wherever it carries text', (preset) => {
    const light = lightPalette(preset.light);
    const dark = darkPalette(preset.dark);
    expect(light[5]).toBe(preset.light);
    expect(dark[5]).toBe(preset.dark);
    // Filled buttons and active items: white text on shade 6.
    expect(contrast(light[6], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dark[6], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // Primary text on the page: shade 6 in light, shade 4 in dark.
    expect(contrast(light[6], LIGHT_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(dark[4], DARK_SURFACE)).toBeGreaterThanOrEqual(4.5);
    // The light variant: shade 9 on shade 1.
    expect(contrast(light[9], light[1])).toBeGreaterThanOrEqual(4.5);
  });

  it('leaves a colour that is already readable alone, and darkens one that is not', () => {
    expect(readableOn('#1e40af', ['#ffffff'])).toBe('#1e40af');
    const darker = readableOn('#12b886', ['#ffffff']);
    expect(contrast(darker, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
