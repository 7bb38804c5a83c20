// The sample relay's message: one accepted batch as its three columns, byte for byte, behind a 16-byte
// header (a magic and version, the sample count, the sending node's random id). 20 bytes a sample, no
// object per sample; the float columns come first so that each sits on an 8-byte boundary.
import type { SampleBatch } from '../store/telemetry/types.ts';

/** 'VSR1', little-endian. */
const MAGIC = 0x31525356;
const HEADER_BYTES = 16;
const SAMPLE_BYTES = 20;
export const ORIGIN_BYTES = 8;

export function encodeRelayed(batch: SampleBatch, origin: Uint8Array): Buffer {
  const n = batch.series.length;
  const buffer = new ArrayBuffer(HEADER_BYTES + SAMPLE_BYTES * n);
  const header = new DataView(buffer);
  header.setUint32(0, MAGIC, true);
  header.setUint32(4, n, true);
  new Uint8Array(buffer, 8, ORIGIN_BYTES).set(origin);
  new Float64Array(buffer, HEADER_BYTES, n).set(batch.ts);
  new Float64Array(buffer, HEADER_BYTES + 8 * n, n).set(batch.values);
  new Int32Array(buffer, HEADER_BYTES + 16 * n, n).set(batch.series);
  return Buffer.from(buffer);
}

/** The batch and its sender's id; null for anything that is not a whole message of this version. */
export function decodeRelayed(message: Uint8Array): { origin: Uint8Array; batch: SampleBatch } | null {
  if (message.byteLength < HEADER_BYTES) return null;
  const header = new DataView(message.buffer, message.byteOffset, HEADER_BYTES);
  const n = header.getUint32(4, true);
  if (header.getUint32(0, true) !== MAGIC || message.byteLength !== HEADER_BYTES + SAMPLE_BYTES * n) return null;
  // Redis hands over a Buffer that may start anywhere in its pool: copied once onto an aligned one (a
  // Buffer's own slice() would be a view, as unaligned as it).
  const bytes = message.byteOffset % 8 === 0 ? message : new Uint8Array(message);
  const { buffer, byteOffset } = bytes;
  return {
    origin: bytes.subarray(8, 8 + ORIGIN_BYTES),
    batch: {
      ts: new Float64Array(buffer, byteOffset + HEADER_BYTES, n),
      values: new Float64Array(buffer, byteOffset + HEADER_BYTES + 8 * n, n),
      series: new Int32Array(buffer, byteOffset + HEADER_BYTES + 16 * n, n),
    },
  };
}

export function sameOrigin(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}
