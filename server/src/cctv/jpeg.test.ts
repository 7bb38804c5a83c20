import jpeg from 'jpeg-js';
import { describe, expect, it } from 'vitest';
import { RowCachingEncoder } from './jpeg.ts';
import { renderScene, type SceneSpec } from './scene.ts';

const spec: SceneSpec = {
  kind: 'solar',
  latitude: 43.61,
  longitude: 3.88,
  timeZone: 'Europe/Paris',
  name: 'Occitanie Solar - Camera 1',
  view: 0,
  width: 330,
  height: 170,
};
const noon = Date.UTC(2026, 5, 21, 11, 0, 0);

const meanError = (a: Uint8Array, b: Uint8Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) if (i % 4 !== 3) sum += Math.abs((a[i] as number) - (b[i] as number));
  return sum / ((a.length / 4) * 3);
};

describe('the row-caching JPEG encoder', () => {
  it('encodes a picture any decoder reads back close to the original, at any size', () => {
    const rgba = renderScene(spec, { time: noon, activity: 'person' });
    const bytes = new RowCachingEncoder(spec.width, spec.height, 80).encode(rgba);
    const decoded = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
    expect([decoded.width, decoded.height]).toEqual([330, 170]);
    expect(meanError(rgba, decoded.data)).toBeLessThan(6);
  });

  it('copies the rows that did not change and codes the others, to the same bytes as from scratch', () => {
    const encoder = new RowCachingEncoder(spec.width, spec.height, 70);
    encoder.encode(renderScene(spec, { time: noon, activity: 'none' }));
    const next = renderScene(spec, { time: noon + 1000, activity: 'none' });
    const cached = encoder.encode(next);
    expect(encoder.reused).toBeGreaterThan(0);
    expect(encoder.coded).toBeGreaterThan(11);
    expect(
      Buffer.from(cached).equals(Buffer.from(new RowCachingEncoder(spec.width, spec.height, 70).encode(next))),
    ).toBe(true);
    expect(meanError(next, jpeg.decode(cached, { useTArray: true }).data)).toBeLessThan(8);
  });
});
