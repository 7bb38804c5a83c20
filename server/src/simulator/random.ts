// Seeded randomness: the same seed gives the same stream, and value noise gives smooth, repeatable
// variation (clouds, wind gusts) as a function of time alone.

/** mulberry32: a small, fast 32-bit generator, good enough for simulation. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable hash of an integer lattice point and a seed, in [0, 1). */
function lattice(seed: number, i: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(i, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

/** Smooth 1-D value noise in [0, 1): lattice values with cosine interpolation. */
export function noise(seed: number, x: number): number {
  const i = Math.floor(x);
  const f = x - i;
  const w = (1 - Math.cos(Math.PI * f)) / 2;
  return lattice(seed, i) * (1 - w) + lattice(seed, i + 1) * w;
}

/** Two octaves of value noise, centred on 0 (about -0.5 to 0.5). */
export function turbulence(seed: number, x: number): number {
  return noise(seed, x) * 0.7 + noise(seed + 7919, x * 3.1) * 0.3 - 0.5;
}

/** A standard normal draw (Box–Muller). */
export function gaussian(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A string's 32-bit FNV-1a hash, to derive per-device seeds from ids. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
