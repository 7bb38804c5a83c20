// The picture a simulated camera sees: its site under the sky of the moment (the colour by the sun's
// height, the sun itself where it stands, drifting clouds, stars at night), panel rows on a solar site or
// turbines with turning rotors on a wind farm, a person walking or a vehicle driving while a sensor the
// camera covers is tripped, and the camera's name and the site's local time written over it. Pure: the
// same spec, state and time draw the same pixels (an RGBA buffer), so it runs in a worker and in tests.
import { sunPosition } from '../simulator/sun.ts';
import { drawText, GLYPH_HEIGHT, textWidth } from './font.ts';

export interface SceneSpec {
  kind: 'solar' | 'wind';
  latitude: number;
  longitude: number;
  timeZone: string;
  /** Written on the picture (the device's name). */
  name: string;
  /** Which way the camera looks among a site's cameras (0, 1, …): another heading, another layout. */
  view: number;
  width: number;
  height: number;
}

/** What moves in front of the camera: nothing, a person (a motion sensor) or a vehicle (a gate). */
export type Activity = 'none' | 'person' | 'vehicle';

export interface SceneState {
  time: number;
  activity: Activity;
}

type Rgb = readonly [number, number, number];

const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [lerp(a[0], b[0], t), lerp(a[1], b[1], t), lerp(a[2], b[2], t)];
const clamp01 = (x: number) => (x < 0 ? 0 : x > 1 ? 1 : x);
const shade = (c: Rgb, k: number): Rgb => [c[0] * k, c[1] * k, c[2] * k];

/** A frame to draw into: RGBA bytes and the same memory as one 32-bit word per pixel. */
class Canvas {
  readonly rgba: Uint8Array;
  readonly width: number;
  readonly height: number;
  readonly #words: Uint32Array;
  constructor(width: number, height: number, rgba?: Uint8Array) {
    this.width = width;
    this.height = height;
    this.rgba = rgba ?? new Uint8Array(width * height * 4);
    this.#words = new Uint32Array(this.rgba.buffer, this.rgba.byteOffset, width * height);
  }

  static word(c: Rgb): number {
    // Little-endian: the first byte (red) is the lowest.
    return ((255 << 24) | (Math.round(c[2]) << 16) | (Math.round(c[1]) << 8) | Math.round(c[0])) >>> 0;
  }

  span(y: number, x0: number, x1: number, c: Rgb): void {
    if (y < 0 || y >= this.height) return;
    const a = Math.max(0, Math.round(x0));
    const b = Math.min(this.width, Math.round(x1));
    if (b <= a) return;
    this.#words.fill(Canvas.word(c), y * this.width + a, y * this.width + b);
  }

  rect(x: number, y: number, w: number, h: number, c: Rgb): void {
    const y0 = Math.max(0, Math.round(y));
    const y1 = Math.min(this.height, Math.round(y + h));
    for (let row = y0; row < y1; row++) this.span(row, x, x + w, c);
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, c: Rgb): void {
    const y0 = Math.max(0, Math.floor(cy - ry));
    const y1 = Math.min(this.height - 1, Math.ceil(cy + ry));
    for (let y = y0; y <= y1; y++) {
      const dy = (y + 0.5 - cy) / ry;
      if (dy * dy > 1) continue;
      const half = rx * Math.sqrt(1 - dy * dy);
      this.span(y, cx - half, cx + half, c);
    }
  }

  /** A convex polygon, filled by scanlines. */
  polygon(points: readonly (readonly [number, number])[], c: Rgb): void {
    let top = Number.POSITIVE_INFINITY;
    let bottom = Number.NEGATIVE_INFINITY;
    for (const [, y] of points) {
      top = Math.min(top, y);
      bottom = Math.max(bottom, y);
    }
    const y0 = Math.max(0, Math.ceil(top - 0.5));
    const y1 = Math.min(this.height - 1, Math.floor(bottom - 0.5));
    for (let y = y0; y <= y1; y++) {
      const sy = y + 0.5;
      let left = Number.POSITIVE_INFINITY;
      let right = Number.NEGATIVE_INFINITY;
      for (let i = 0; i < points.length; i++) {
        const [ax, ay] = points[i] as readonly [number, number];
        const [bx, by] = points[(i + 1) % points.length] as readonly [number, number];
        if ((sy < ay && sy < by) || (sy > ay && sy > by) || ay === by) continue;
        const x = ax + ((sy - ay) / (by - ay)) * (bx - ax);
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
      if (right > left) this.span(y, left, right, c);
    }
  }

  /** A line `thickness` wide from (x0, y0) to (x1, y1). */
  line(x0: number, y0: number, x1: number, y1: number, thickness: number, c: Rgb): void {
    const len = Math.hypot(x1 - x0, y1 - y0) || 1;
    const nx = ((y0 - y1) / len) * (thickness / 2);
    const ny = ((x1 - x0) / len) * (thickness / 2);
    this.polygon(
      [
        [x0 + nx, y0 + ny],
        [x1 + nx, y1 + ny],
        [x1 - nx, y1 - ny],
        [x0 - nx, y0 - ny],
      ],
      c,
    );
  }
}

/** A fixed pseudo-random number in [0, 1) for an integer (stars, layout). */
function hash01(n: number): number {
  let x = Math.imul(n ^ 0x9e3779b9, 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return ((x ^ (x >>> 16)) >>> 0) / 4294967296;
}

const DAY_TOP: Rgb = [58, 118, 196];
const DAY_HORIZON: Rgb = [168, 204, 236];
const DUSK_TOP: Rgb = [44, 52, 112];
const DUSK_HORIZON: Rgb = [242, 146, 92];
const NIGHT_TOP: Rgb = [4, 7, 22];
const NIGHT_HORIZON: Rgb = [18, 24, 48];

/** The sky's colours at the top and at the horizon, and the light on the ground (0.2 at night to 1), for the sun's elevation. */
export function skyColours(elevation: number): { top: Rgb; horizon: Rgb; light: number } {
  if (elevation >= 12) return { top: DAY_TOP, horizon: DAY_HORIZON, light: 1 };
  if (elevation >= 0) {
    const t = elevation / 12;
    return { top: mix(DUSK_TOP, DAY_TOP, t), horizon: mix(DUSK_HORIZON, DAY_HORIZON, t), light: lerp(0.6, 1, t) };
  }
  if (elevation >= -8) {
    const t = (elevation + 8) / 8;
    return {
      top: mix(NIGHT_TOP, DUSK_TOP, t),
      horizon: mix(NIGHT_HORIZON, DUSK_HORIZON, t),
      light: lerp(0.22, 0.6, t),
    };
  }
  return { top: NIGHT_TOP, horizon: NIGHT_HORIZON, light: 0.22 };
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** `2026-11-27 08:15:42` in the site's time zone. */
export function localTimestamp(time: number, timeZone: string): string {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const p = Object.fromEntries(format.formatToParts(time).map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** Draws the scene at `state.time` into `rgba` (allocated when not given) and returns it. */
export function renderScene(spec: SceneSpec, state: SceneState, rgba?: Uint8Array): Uint8Array {
  const { width: w, height: h } = spec;
  const canvas = new Canvas(w, h, rgba);
  const s = w / 640;
  const seconds = state.time / 1000;
  const horizon = Math.round(h * 0.46);

  // The sky, by the sun's elevation; stars at night; the sun where it stands in the camera's view.
  const sun = sunPosition(spec.latitude, spec.longitude, state.time);
  const elevation = 90 - sun.zenith;
  const sky = skyColours(elevation);
  for (let y = 0; y < horizon; y++) canvas.span(y, 0, w, mix(sky.top, sky.horizon, (y / horizon) ** 1.4));
  if (elevation < -4) {
    for (let i = 0; i < 60; i++) {
      const x = hash01(i * 2 + spec.view * 977) * w;
      const y = hash01(i * 2 + 1 + spec.view * 977) * horizon * 0.9;
      const twinkle = 140 + 100 * hash01(i + Math.floor(seconds * 2) * 131);
      canvas.rect(x, y, Math.max(1, s), Math.max(1, s), [twinkle, twinkle, twinkle]);
    }
  }
  const heading = spec.view % 2 === 0 ? 180 : 120;
  let offset = sun.azimuth - heading;
  offset = ((((offset + 180) % 360) + 360) % 360) - 180;
  if (elevation > -3 && Math.abs(offset) < 70) {
    const sx = w / 2 + (offset / 60) * (w / 2);
    const sy = horizon - (elevation / 50) * horizon;
    const glow: Rgb = elevation < 8 ? [255, 196, 120] : [255, 246, 214];
    canvas.ellipse(sx, sy, 22 * s, 22 * s, mix(sky.horizon, glow, 0.45));
    canvas.ellipse(sx, sy, 13 * s, 13 * s, glow);
  }

  // Clouds drifting with the wind: they move a little every frame.
  const cloudColour = shade([236, 238, 244], lerp(0.25, 1, (sky.light - 0.22) / 0.78));
  for (let i = 0; i < 4; i++) {
    const speed = (5 + 4 * hash01(i + 17)) * s;
    const span = w + 240 * s;
    const cx = ((hash01(i + 3 + spec.view * 31) * span + seconds * speed) % span) - 120 * s;
    const cy = horizon * (0.18 + 0.5 * hash01(i + 11 + spec.view * 7));
    const size = (26 + 22 * hash01(i + 5)) * s;
    canvas.ellipse(cx, cy, size * 1.6, size * 0.55, cloudColour);
    canvas.ellipse(cx - size * 0.8, cy + size * 0.12, size, size * 0.45, cloudColour);
    canvas.ellipse(cx + size * 0.9, cy + size * 0.1, size * 1.1, size * 0.42, cloudColour);
  }

  // The ground, lit by the sky.
  const ground: Rgb = spec.kind === 'solar' ? [158, 138, 98] : [86, 126, 66];
  for (let y = horizon; y < h; y++) {
    const depth = (y - horizon) / (h - horizon);
    canvas.span(y, 0, w, shade(ground, sky.light * (0.8 + 0.2 * depth)));
  }

  if (spec.kind === 'solar') drawPanels(canvas, horizon, sky.light, elevation, spec.view);
  else drawTurbines(canvas, horizon, sky.light, seconds, spec.view);

  // The site's fence along the ground, then whoever (or whatever) is moving in front of the camera.
  const fenceY = horizon + (h - horizon) * 0.3;
  canvas.rect(0, fenceY, w, Math.max(1, 1.5 * s), shade([120, 120, 120], sky.light));
  for (let x = 0; x < w; x += 36 * s)
    canvas.rect(x, fenceY - 14 * s, Math.max(1, 2 * s), 15 * s, shade([110, 110, 110], sky.light));
  if (state.activity === 'person') drawPerson(canvas, seconds, horizon, sky.light);
  else if (state.activity === 'vehicle') drawVehicle(canvas, seconds, horizon, sky.light);

  // The overlay: the camera's name, the site's local time, and the word when something moves.
  const scale = Math.max(1, Math.round(2 * s));
  const pad = 6 * scale;
  const band = GLYPH_HEIGHT * scale + pad;
  canvas.rect(0, 0, w, band, [0, 0, 0]);
  canvas.rect(0, h - band, w, band, [0, 0, 0]);
  drawText(canvas.rgba, w, h, spec.name, pad, pad / 2, scale, [255, 255, 255]);
  const stamp = localTimestamp(state.time, spec.timeZone);
  drawText(canvas.rgba, w, h, stamp, pad, h - band + pad / 2, scale, [255, 255, 255]);
  if (state.activity !== 'none') {
    const label = state.activity === 'person' ? 'MOTION' : 'GATE OPEN';
    drawText(canvas.rgba, w, h, label, w - pad - textWidth(label, scale), pad / 2, scale, [255, 80, 64]);
  }
  // Recording dot, blinking once a second.
  if (Math.floor(seconds) % 2 === 0)
    canvas.ellipse(w - pad - 3 * scale, h - band / 2, 3 * scale, 3 * scale, [230, 40, 40]);
  return canvas.rgba;
}

function drawPanels(canvas: Canvas, horizon: number, light: number, elevation: number, view: number): void {
  const { width: w, height: h } = canvas;
  const glint = clamp01(elevation / 40);
  const panel = shade(mix([22, 34, 70], [70, 96, 150], glint * 0.6), light);
  const frame = shade([190, 192, 196], light);
  const rows = 9;
  const skew = (view % 2 === 0 ? 0.18 : -0.22) * w;
  for (let i = 0; i < rows; i++) {
    const depth = (i + 1) / rows;
    const y = horizon + (h - horizon) * depth ** 1.7 * 0.92;
    const thick = 2 + 20 * depth ** 1.6 * (w / 640);
    const inset = (1 - depth) * w * 0.08;
    const x0 = inset + skew * (1 - depth);
    const x1 = w - inset + skew * (1 - depth);
    canvas.polygon(
      [
        [x0, y],
        [x1, y],
        [x1 - thick * 0.4, y + thick],
        [x0 - thick * 0.4, y + thick],
      ],
      panel,
    );
    canvas.rect(x0 - thick * 0.4, y + thick, x1 - x0, Math.max(1, thick * 0.12), frame);
  }
}

function drawTurbines(canvas: Canvas, horizon: number, light: number, seconds: number, view: number): void {
  const { width: w, height: h } = canvas;
  const white = shade([232, 234, 238], light);
  const grey = shade([196, 198, 204], light);
  const count = 3;
  for (let i = 0; i < count; i++) {
    const distance = 0.45 + 0.55 * hash01(i * 7 + view * 13 + 1);
    const x = w * ((i + 0.5) / count + 0.12 * (hash01(i + view * 5) - 0.5));
    const base = horizon + (h - horizon) * 0.08 * (1 - distance);
    const height = h * 0.5 * (1.15 - distance * 0.6);
    const top = base - height;
    canvas.polygon(
      [
        [x - height * 0.025, base],
        [x + height * 0.025, base],
        [x + height * 0.012, top],
        [x - height * 0.012, top],
      ],
      grey,
    );
    // Rotors turn at their own rate (about 12 to 16 rpm).
    const rpm = 12 + 4 * hash01(i + 29);
    const angle = (seconds * rpm * 2 * Math.PI) / 60 + i;
    const blade = height * 0.42;
    for (let b = 0; b < 3; b++) {
      const a = angle + (b * 2 * Math.PI) / 3;
      canvas.line(x, top, x + Math.cos(a) * blade, top + Math.sin(a) * blade, Math.max(1.5, height * 0.025), white);
    }
    canvas.ellipse(x, top, height * 0.03, height * 0.03, grey);
  }
}

function drawPerson(canvas: Canvas, seconds: number, horizon: number, light: number): void {
  const { width: w, height: h } = canvas;
  const s = w / 640;
  const span = w + 60 * s;
  const x = ((seconds * 38 * s) % span) - 30 * s;
  const feet = horizon + (h - horizon) * 0.42;
  const tall = 46 * s;
  const body = shade([40, 60, 120], Math.max(0.5, light));
  const skin = shade([222, 180, 140], Math.max(0.5, light));
  const stride = Math.sin(seconds * 7) * tall * 0.18;
  canvas.line(x, feet - tall * 0.42, x + stride, feet, 4 * s, body);
  canvas.line(x, feet - tall * 0.42, x - stride, feet, 4 * s, body);
  canvas.rect(x - 6 * s, feet - tall * 0.8, 12 * s, tall * 0.4, [230, 120, 30]);
  canvas.line(x, feet - tall * 0.76, x - stride * 0.8, feet - tall * 0.44, 3 * s, body);
  canvas.ellipse(x, feet - tall * 0.9, 5 * s, 6 * s, skin);
}

function drawVehicle(canvas: Canvas, seconds: number, horizon: number, light: number): void {
  const { width: w, height: h } = canvas;
  const s = w / 640;
  const span = w + 200 * s;
  const x = span - ((seconds * 70 * s) % span) - 100 * s;
  const ground = horizon + (h - horizon) * 0.55;
  const paint = shade([236, 236, 228], Math.max(0.5, light));
  canvas.rect(x - 60 * s, ground - 38 * s, 120 * s, 26 * s, paint);
  canvas.rect(x - 58 * s, ground - 58 * s, 52 * s, 22 * s, paint);
  canvas.rect(x - 52 * s, ground - 54 * s, 40 * s, 14 * s, [60, 80, 100]);
  canvas.rect(x - 60 * s, ground - 26 * s, 120 * s, 4 * s, [200, 60, 40]);
  for (const wx of [-38, 38]) {
    canvas.ellipse(x + wx * s, ground - 10 * s, 11 * s, 11 * s, [24, 24, 24]);
    canvas.ellipse(x + wx * s, ground - 10 * s, 4 * s, 4 * s, [150, 150, 150]);
  }
  // Headlights, bright at night.
  canvas.ellipse(x - 60 * s, ground - 30 * s, 4 * s, 4 * s, light < 0.5 ? [255, 250, 200] : [220, 220, 190]);
}
