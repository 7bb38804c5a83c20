// One file over 400 lines on purpose: the tables, the DCT, the Huffman coder and the row cache are one
// format's encoder, changed together for one reason (the JPEG it writes).
// A baseline JPEG encoder for the simulated cameras, written for their frames: 4:2:0 chroma (half the
// blocks of jpeg-js's 4:4:4), the standard tables, and a restart marker after each row of 16×16 blocks,
// so that each row is coded on its own (its DC predictions start afresh). A camera's encoder keeps the
// previous frame and each row's coded bytes: a row whose pixels did not change (the ground of a still
// scene, the sky between clouds) is copied, not coded again. Clouds, rotors, walkers and the clock only
// cost the rows they touch.

const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
  55, 62, 63,
];
const LUMA_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51,
  87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101,
  72, 92, 95, 98, 112, 100, 103, 99,
];
const CHROMA_QUANT = [
  17,
  18,
  24,
  47,
  99,
  99,
  99,
  99,
  18,
  21,
  26,
  66,
  99,
  99,
  99,
  99,
  24,
  26,
  56,
  99,
  99,
  99,
  99,
  99,
  47,
  66,
  99,
  99,
  99,
  99,
  99,
  99,
  ...new Array<number>(32).fill(99),
];
const DC_LUMA_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_CHROMA_BITS = [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0];
const DC_VALUES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const AC_LUMA_BITS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 125];
const AC_CHROMA_BITS = [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 119];
const AC_LUMA_VALUES = [
  0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14,
  0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09,
  0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a,
  0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65,
  0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88,
  0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9,
  0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca,
  0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea,
  0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
];
const AC_CHROMA_VALUES = [
  0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61, 0x71, 0x13, 0x22, 0x32,
  0x81, 0x08, 0x14, 0x42, 0x91, 0xa1, 0xb1, 0xc1, 0x09, 0x23, 0x33, 0x52, 0xf0, 0x15, 0x62, 0x72, 0xd1, 0x0a, 0x16,
  0x24, 0x34, 0xe1, 0x25, 0xf1, 0x17, 0x18, 0x19, 0x1a, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x35, 0x36, 0x37, 0x38, 0x39,
  0x3a, 0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64,
  0x65, 0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x82, 0x83, 0x84, 0x85, 0x86,
  0x87, 0x88, 0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7,
  0xa8, 0xa9, 0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8,
  0xc9, 0xca, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9,
  0xea, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
];

/** Code and length by symbol, from a table's counts per length and its symbols. */
function huffman(bits: readonly number[], values: readonly number[]): { code: Uint16Array; size: Uint8Array } {
  const code = new Uint16Array(256);
  const size = new Uint8Array(256);
  let next = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < (bits[length - 1] as number); i++) {
      const symbol = values[k++] as number;
      code[symbol] = next++;
      size[symbol] = length;
    }
    next <<= 1;
  }
  return { code, size };
}

const DC_LUMA = huffman(DC_LUMA_BITS, DC_VALUES);
const DC_CHROMA = huffman(DC_CHROMA_BITS, DC_VALUES);
const AC_LUMA = huffman(AC_LUMA_BITS, AC_LUMA_VALUES);
const AC_CHROMA = huffman(AC_CHROMA_BITS, AC_CHROMA_VALUES);

/** The AAN DCT's scale of each coefficient folded into the divisor of its quantizer. */
const AAN = [1, 1.387039845, 1.306562965, 1.175875602, 1, 0.785694958, 0.5411961, 0.275899379];

function quantTables(quality: number): {
  luma: number[];
  chroma: number[];
  lumaDiv: Float32Array;
  chromaDiv: Float32Array;
} {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? 5000 / q : 200 - 2 * q;
  const scaled = (base: readonly number[]) =>
    base.map((v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))));
  const divisors = (table: readonly number[]) => {
    const out = new Float32Array(64);
    for (let i = 0; i < 64; i++)
      out[i] = 1 / ((table[i] as number) * (AAN[i >> 3] as number) * (AAN[i & 7] as number) * 8);
    return out;
  };
  const luma = scaled(LUMA_QUANT);
  const chroma = scaled(CHROMA_QUANT);
  return { luma, chroma, lumaDiv: divisors(luma), chromaDiv: divisors(chroma) };
}

/** Bytes written with their bit accumulator; a 0xFF in coded data is followed by 0x00. */
class BitWriter {
  bytes = new Uint8Array(1 << 16);
  length = 0;
  #acc = 0;
  #bits = 0;

  #byte(b: number): void {
    if (this.length + 2 > this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.bytes[this.length++] = b;
    if (b === 0xff) this.bytes[this.length++] = 0;
  }

  put(value: number, size: number): void {
    this.#acc = (this.#acc << size) | (value & ((1 << size) - 1));
    this.#bits += size;
    while (this.#bits >= 8) {
      this.#bits -= 8;
      this.#byte((this.#acc >>> this.#bits) & 0xff);
    }
    this.#acc &= (1 << this.#bits) - 1;
  }

  /** Pads the last byte with ones (the end of a restart interval). */
  flush(): void {
    if (this.#bits > 0) this.put(0x7f, 8 - this.#bits);
  }

  reset(): void {
    this.length = 0;
    this.#acc = 0;
    this.#bits = 0;
  }
}

const block = new Float32Array(64);
const coefficients = new Int32Array(64);

/** One 8-point forward DCT (AAN, floating point) in place: the values at `o`, `o + s`, … `o + 7s` of `d`. */
function dct8(d: Float32Array, o: number, s: number): void {
  const at = (k: number) => d[o + k * s] as number;
  const t0 = at(0) + at(7);
  const t7 = at(0) - at(7);
  const t1 = at(1) + at(6);
  const t6 = at(1) - at(6);
  const t2 = at(2) + at(5);
  const t5 = at(2) - at(5);
  const t3 = at(3) + at(4);
  const t4 = at(3) - at(4);
  let t10 = t0 + t3;
  const t13 = t0 - t3;
  let t11 = t1 + t2;
  let t12 = t1 - t2;
  d[o] = t10 + t11;
  d[o + 4 * s] = t10 - t11;
  const z1 = (t12 + t13) * Math.SQRT1_2;
  d[o + 2 * s] = t13 + z1;
  d[o + 6 * s] = t13 - z1;
  t10 = t4 + t5;
  t11 = t5 + t6;
  t12 = t6 + t7;
  const z5 = (t10 - t12) * 0.382683433;
  const z2 = 0.5411961 * t10 + z5;
  const z4 = 1.306562965 * t12 + z5;
  const z3 = t11 * Math.SQRT1_2;
  const z11 = t7 + z3;
  const z13 = t7 - z3;
  d[o + 5 * s] = z13 + z2;
  d[o + 3 * s] = z13 - z2;
  d[o + s] = z11 + z4;
  d[o + 7 * s] = z11 - z4;
}

/** Forward DCT of `block` (its rows, then its columns), quantized into `coefficients` in zigzag order. */
function dctQuant(divisors: Float32Array): void {
  const d = block;
  for (let o = 0; o < 64; o += 8) dct8(d, o, 1);
  for (let o = 0; o < 8; o++) dct8(d, o, 8);
  for (let i = 0; i < 64; i++) {
    const n = ZIGZAG[i] as number;
    coefficients[i] = Math.round((d[n] as number) * (divisors[n] as number));
  }
}

/** Bits needed for |v| (the JPEG category) and v's bits as coded. */
function category(v: number): number {
  let a = v < 0 ? -v : v;
  let n = 0;
  while (a > 0) {
    n++;
    a >>= 1;
  }
  return n;
}

function codeBlock(
  out: BitWriter,
  divisors: Float32Array,
  previousDc: number,
  dc: { code: Uint16Array; size: Uint8Array },
  ac: { code: Uint16Array; size: Uint8Array },
): number {
  dctQuant(divisors);
  const value = coefficients[0] as number;
  const diff = value - previousDc;
  const dcCat = category(diff);
  out.put(dc.code[dcCat] as number, dc.size[dcCat] as number);
  if (dcCat > 0) out.put(diff < 0 ? diff - 1 : diff, dcCat);
  let last = 63;
  while (last > 0 && coefficients[last] === 0) last--;
  let run = 0;
  for (let i = 1; i <= last; i++) {
    const c = coefficients[i] as number;
    if (c === 0) {
      run++;
      continue;
    }
    while (run >= 16) {
      out.put(ac.code[0xf0] as number, ac.size[0xf0] as number);
      run -= 16;
    }
    const cat = category(c);
    const symbol = (run << 4) | cat;
    out.put(ac.code[symbol] as number, ac.size[symbol] as number);
    out.put(c < 0 ? c - 1 : c, cat);
    run = 0;
  }
  if (last < 63) out.put(ac.code[0] as number, ac.size[0] as number);
  return value;
}

function headers(
  width: number,
  height: number,
  tables: ReturnType<typeof quantTables>,
  restartInterval: number,
): Uint8Array {
  const bytes: number[] = [0xff, 0xd8];
  const segment = (marker: number, body: number[]) =>
    bytes.push(0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body);
  segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  segment(0xdb, [
    0,
    ...ZIGZAG.map((n) => tables.luma[n] as number),
    1,
    ...ZIGZAG.map((n) => tables.chroma[n] as number),
  ]);
  segment(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  segment(0xc4, [
    0x00,
    ...DC_LUMA_BITS,
    ...DC_VALUES,
    0x10,
    ...AC_LUMA_BITS,
    ...AC_LUMA_VALUES,
    0x01,
    ...DC_CHROMA_BITS,
    ...DC_VALUES,
    0x11,
    ...AC_CHROMA_BITS,
    ...AC_CHROMA_VALUES,
  ]);
  segment(0xdd, [restartInterval >> 8, restartInterval & 0xff]);
  segment(0xda, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0]);
  return Uint8Array.from(bytes);
}

/** One camera's encoder: a frame size and quality, the previous frame, and each row's coded bytes. */
export class RowCachingEncoder {
  readonly width: number;
  readonly height: number;
  readonly #tables: ReturnType<typeof quantTables>;
  readonly #head: Uint8Array;
  readonly #rows: number;
  readonly #columns: number;
  #previous: Uint8Array | null = null;
  readonly #segments: (Uint8Array | null)[];
  readonly #out = new BitWriter();
  readonly #y = new Float32Array(256);
  readonly #cb = new Float32Array(64);
  readonly #cr = new Float32Array(64);
  /** Rows coded and rows copied, over this encoder's life. */
  coded = 0;
  reused = 0;

  constructor(width: number, height: number, quality: number) {
    this.width = width;
    this.height = height;
    this.#tables = quantTables(quality);
    this.#columns = Math.ceil(width / 16);
    this.#rows = Math.ceil(height / 16);
    this.#head = headers(width, height, this.#tables, this.#columns);
    this.#segments = new Array(this.#rows).fill(null);
  }

  encode(rgba: Uint8Array): Uint8Array {
    const { width, height } = this;
    const rowBytes = width * 4;
    const previous = this.#previous;
    const parts: Uint8Array[] = [this.#head];
    let total = this.#head.length + 2;
    for (let row = 0; row < this.#rows; row++) {
      const start = row * 16 * rowBytes;
      const end = Math.min(height, row * 16 + 16) * rowBytes;
      let segment = this.#segments[row];
      if (!segment || !previous || !sameBytes(rgba, previous, start, end)) {
        segment = this.#codeRow(rgba, row);
        this.#segments[row] = segment;
        this.coded++;
      } else {
        this.reused++;
      }
      parts.push(segment);
      total += segment.length;
    }
    if (previous) previous.set(rgba);
    else this.#previous = Uint8Array.from(rgba);
    const jpeg = new Uint8Array(total);
    let at = 0;
    for (const part of parts) {
      jpeg.set(part, at);
      at += part.length;
    }
    jpeg[at] = 0xff;
    jpeg[at + 1] = 0xd9;
    return jpeg;
  }

  /** One row of 16×16 blocks (four Y, one Cb, one Cr each), then its restart marker unless it is the last. */
  #codeRow(rgba: Uint8Array, row: number): Uint8Array {
    const { width, height } = this;
    const out = this.#out;
    out.reset();
    const y = this.#y;
    const cb = this.#cb;
    const cr = this.#cr;
    let dcY = 0;
    let dcCb = 0;
    let dcCr = 0;
    for (let column = 0; column < this.#columns; column++) {
      cb.fill(0);
      cr.fill(0);
      for (let py = 0; py < 16; py++) {
        const sy = Math.min(height - 1, row * 16 + py);
        for (let px = 0; px < 16; px++) {
          const sx = Math.min(width - 1, column * 16 + px);
          const i = (sy * width + sx) * 4;
          const r = rgba[i] as number;
          const g = rgba[i + 1] as number;
          const b = rgba[i + 2] as number;
          y[py * 16 + px] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
          const c = (py >> 1) * 8 + (px >> 1);
          cb[c] = (cb[c] as number) + (-0.168736 * r - 0.331264 * g + 0.5 * b) * 0.25;
          cr[c] = (cr[c] as number) + (0.5 * r - 0.418688 * g - 0.081312 * b) * 0.25;
        }
      }
      for (let b = 0; b < 4; b++) {
        const ox = (b & 1) * 8;
        const oy = (b >> 1) * 8;
        for (let i = 0; i < 64; i++) block[i] = y[(oy + (i >> 3)) * 16 + ox + (i & 7)] as number;
        dcY = codeBlock(out, this.#tables.lumaDiv, dcY, DC_LUMA, AC_LUMA);
      }
      block.set(cb);
      dcCb = codeBlock(out, this.#tables.chromaDiv, dcCb, DC_CHROMA, AC_CHROMA);
      block.set(cr);
      dcCr = codeBlock(out, this.#tables.chromaDiv, dcCr, DC_CHROMA, AC_CHROMA);
    }
    out.flush();
    const last = row === this.#rows - 1;
    const segment = new Uint8Array(out.length + (last ? 0 : 2));
    segment.set(out.bytes.subarray(0, out.length));
    if (!last) {
      segment[out.length] = 0xff;
      segment[out.length + 1] = 0xd0 + (row % 8);
    }
    return segment;
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array, start: number, end: number): boolean {
  return Buffer.from(a.buffer, a.byteOffset + start, end - start).equals(
    Buffer.from(b.buffer, b.byteOffset + start, end - start),
  );
}
