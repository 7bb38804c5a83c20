import { describe, expect, it } from 'vitest';
import { heatColor } from './HeatmapChart.tsx';

/** Relative luminance (WCAG) of an `rgb(r,g,b)` colour. */
function luminance(color: string): number {
  const [r, g, b] = (color.match(/\d+/g) ?? []).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const steps = Array.from({ length: 21 }, (_, i) => i * 5);

describe('heatColor', () => {
  it('darkens steadily with the value on a light theme, so that it reads without hue', () => {
    const l = steps.map((v) => luminance(heatColor('light', v, 100)));
    for (let i = 1; i < l.length; i++) expect(l[i]).toBeLessThan(l[i - 1] as number);
  });

  it('brightens steadily with the value on a dark theme', () => {
    const l = steps.map((v) => luminance(heatColor('dark', v, 100)));
    for (let i = 1; i < l.length; i++) expect(l[i]).toBeGreaterThan(l[i - 1] as number);
  });

  it('clamps values outside the scale to its ends', () => {
    expect(heatColor('light', -5, 100)).toBe(heatColor('light', 0, 100));
    expect(heatColor('dark', 250, 100)).toBe(heatColor('dark', 100, 100));
    expect(heatColor('dark', 3, 0)).toBe(heatColor('dark', 0, 100));
  });
});
