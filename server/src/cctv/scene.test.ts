import { describe, expect, it } from 'vitest';
import { encodeFrame } from './frame.ts';
import { localTimestamp, renderScene, type SceneSpec, skyColours } from './scene.ts';

const tarifa: SceneSpec = {
  kind: 'wind',
  latitude: 36.03,
  longitude: -5.6,
  timeZone: 'Europe/Madrid',
  name: 'Tarifa Wind - Camera 1',
  view: 0,
  width: 320,
  height: 180,
};
const noon = Date.UTC(2026, 5, 21, 12, 0, 0);
const midnight = Date.UTC(2026, 5, 21, 23, 30, 0);

const pixel = (rgba: Uint8Array, width: number, x: number, y: number) => [
  ...rgba.subarray((y * width + x) * 4, (y * width + x) * 4 + 3),
];
const changed = (a: Uint8Array, b: Uint8Array) => a.reduce((n, v, i) => n + (v === b[i] ? 0 : 1), 0);

describe('a simulated camera scene', () => {
  it('lights the sky by the sun: blue by day, dark at night, warm near the horizon at dusk', () => {
    expect(skyColours(45).top).toEqual([58, 118, 196]);
    expect(skyColours(-20).light).toBeLessThan(0.3);
    const dusk = skyColours(2).horizon;
    expect(dusk[0]).toBeGreaterThan(dusk[2]);
    const day = renderScene(tarifa, { time: noon, activity: 'none' });
    const night = renderScene(tarifa, { time: midnight, activity: 'none' });
    const [r, g, b] = pixel(day, 320, 160, 30);
    expect(b).toBeGreaterThan(r as number);
    expect(pixel(night, 320, 160, 30).every((v) => v < 60)).toBe(true);
    expect(g).toBeGreaterThan(60);
  });

  it('changes from frame to frame (rotors, clouds) and draws whoever moves when a sensor trips', () => {
    const a = renderScene(tarifa, { time: noon, activity: 'none' });
    const b = renderScene(tarifa, { time: noon + 200, activity: 'none' });
    expect(changed(a, b)).toBeGreaterThan(100);
    const still = renderScene({ ...tarifa, kind: 'solar' }, { time: noon + 200, activity: 'none' });
    const walker = renderScene({ ...tarifa, kind: 'solar' }, { time: noon + 200, activity: 'person' });
    const vehicle = renderScene({ ...tarifa, kind: 'solar' }, { time: noon + 200, activity: 'vehicle' });
    expect(changed(still, walker)).toBeGreaterThan(200);
    expect(changed(still, vehicle)).toBeGreaterThan(changed(still, walker));
    // The same time draws the same picture.
    expect(changed(a, renderScene(tarifa, { time: noon, activity: 'none' }))).toBe(0);
  });

  it("writes the site's local time", () => {
    expect(localTimestamp(noon, 'Europe/Madrid')).toBe('2026-06-21 14:00:00');
    expect(localTimestamp(noon, 'Asia/Tehran')).toBe('2026-06-21 15:30:00');
  });

  it('encodes a baseline JPEG of the configured size', () => {
    const jpeg = encodeFrame({ key: 'test', spec: tarifa, state: { time: noon, activity: 'none' }, quality: 70 });
    expect([jpeg[0], jpeg[1], jpeg.at(-2), jpeg.at(-1)]).toEqual([0xff, 0xd8, 0xff, 0xd9]);
    // SOF0 carries the height then the width.
    const sof = Buffer.from(jpeg).indexOf(Buffer.from([0xff, 0xc0]));
    expect(Buffer.from(jpeg).readUInt16BE(sof + 5)).toBe(180);
    expect(Buffer.from(jpeg).readUInt16BE(sof + 7)).toBe(320);
  });
});
