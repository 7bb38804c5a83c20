// A 5×7 bitmap font for the overlay of a simulated camera (its name and the time): digits, Latin capitals
// and a few signs, drawn into an RGBA frame. A letter it lacks is drawn as a blank.

/** Each glyph: 7 rows of 5 bits, the high bit leftmost. */
const GLYPHS: Record<string, readonly number[]> = {
  '0': [14, 17, 19, 21, 25, 17, 14],
  '1': [4, 12, 4, 4, 4, 4, 14],
  '2': [14, 17, 1, 2, 4, 8, 31],
  '3': [31, 2, 4, 2, 1, 17, 14],
  '4': [2, 6, 10, 18, 31, 2, 2],
  '5': [31, 16, 30, 1, 1, 17, 14],
  '6': [6, 8, 16, 30, 17, 17, 14],
  '7': [31, 1, 2, 4, 8, 8, 8],
  '8': [14, 17, 17, 14, 17, 17, 14],
  '9': [14, 17, 17, 15, 1, 2, 12],
  A: [14, 17, 17, 31, 17, 17, 17],
  B: [30, 17, 17, 30, 17, 17, 30],
  C: [14, 17, 16, 16, 16, 17, 14],
  D: [28, 18, 17, 17, 17, 18, 28],
  E: [31, 16, 16, 30, 16, 16, 31],
  F: [31, 16, 16, 30, 16, 16, 16],
  G: [14, 17, 16, 23, 17, 17, 15],
  H: [17, 17, 17, 31, 17, 17, 17],
  I: [14, 4, 4, 4, 4, 4, 14],
  J: [7, 2, 2, 2, 2, 18, 12],
  K: [17, 18, 20, 24, 20, 18, 17],
  L: [16, 16, 16, 16, 16, 16, 31],
  M: [17, 27, 21, 21, 17, 17, 17],
  N: [17, 17, 25, 21, 19, 17, 17],
  O: [14, 17, 17, 17, 17, 17, 14],
  P: [30, 17, 17, 30, 16, 16, 16],
  Q: [14, 17, 17, 17, 21, 18, 13],
  R: [30, 17, 17, 30, 20, 18, 17],
  S: [15, 16, 16, 14, 1, 1, 30],
  T: [31, 4, 4, 4, 4, 4, 4],
  U: [17, 17, 17, 17, 17, 17, 14],
  V: [17, 17, 17, 17, 17, 10, 4],
  W: [17, 17, 17, 21, 21, 21, 10],
  X: [17, 17, 10, 4, 10, 17, 17],
  Y: [17, 17, 17, 10, 4, 4, 4],
  Z: [31, 1, 2, 4, 8, 16, 31],
  ':': [0, 12, 12, 0, 12, 12, 0],
  '-': [0, 0, 0, 31, 0, 0, 0],
  '.': [0, 0, 0, 0, 0, 12, 12],
  '/': [1, 1, 2, 4, 8, 16, 16],
  '+': [0, 4, 4, 31, 4, 4, 0],
  '#': [10, 10, 31, 10, 31, 10, 10],
  ' ': [0, 0, 0, 0, 0, 0, 0],
};

export const GLYPH_WIDTH = 5;
export const GLYPH_HEIGHT = 7;

/** Width in pixels of `text` drawn at `scale` (one blank column between letters). */
export function textWidth(text: string, scale: number): number {
  return text.length === 0 ? 0 : (text.length * (GLYPH_WIDTH + 1) - 1) * scale;
}

/** Draws `text` with its top-left corner at (x, y), each font pixel a `scale`×`scale` square, clipped to the frame. */
export function drawText(
  rgba: Uint8Array,
  width: number,
  height: number,
  text: string,
  x: number,
  y: number,
  scale: number,
  color: readonly [number, number, number],
): void {
  let left = x;
  for (const char of text.toUpperCase()) {
    const rows = GLYPHS[char] ?? GLYPHS[' '];
    for (let row = 0; row < GLYPH_HEIGHT; row++) {
      const bits = rows?.[row] ?? 0;
      for (let col = 0; col < GLYPH_WIDTH; col++) {
        if (!(bits & (1 << (GLYPH_WIDTH - 1 - col)))) continue;
        for (let dy = 0; dy < scale; dy++) {
          const py = y + row * scale + dy;
          if (py < 0 || py >= height) continue;
          for (let dx = 0; dx < scale; dx++) {
            const px = left + col * scale + dx;
            if (px < 0 || px >= width) continue;
            const i = (py * width + px) * 4;
            rgba[i] = color[0];
            rgba[i + 1] = color[1];
            rgba[i + 2] = color[2];
          }
        }
      }
    }
    left += (GLYPH_WIDTH + 1) * scale;
  }
}
