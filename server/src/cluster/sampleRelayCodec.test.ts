import { describe, expect, it } from 'vitest';
import { decodeRelayed, encodeRelayed, sameOrigin } from './sampleRelayCodec.ts';

const origin = Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]);
const batch = {
  series: Int32Array.from([3, 7, 7]),
  ts: Float64Array.from([1_700_000_000_000, 1_700_000_000_250, 1_700_000_000_500]),
  values: Float64Array.from([1.5, -0, Number.MAX_VALUE]),
};

describe('sample relay codec', () => {
  it('gives back the columns and the sender it was given', () => {
    const decoded = decodeRelayed(encodeRelayed(batch, origin));
    expect(decoded?.batch).toEqual(batch);
    expect(sameOrigin(decoded?.origin ?? new Uint8Array(), origin)).toBe(true);
  });

  it('reads a message that starts at an odd offset of a larger buffer', () => {
    const encoded = encodeRelayed(batch, origin);
    const shifted = new Uint8Array(encoded.byteLength + 3);
    shifted.set(encoded, 3);
    expect(decodeRelayed(shifted.subarray(3))?.batch).toEqual(batch);
    // As Redis hands it over: a Buffer within a larger pool.
    const pooled = Buffer.concat([Buffer.alloc(5), encoded]).subarray(5);
    expect(decodeRelayed(pooled)?.batch).toEqual(batch);
  });

  it('carries an empty batch', () => {
    const empty = { series: new Int32Array(0), ts: new Float64Array(0), values: new Float64Array(0) };
    expect(decodeRelayed(encodeRelayed(empty, origin))?.batch).toEqual(empty);
  });

  it('refuses a cut, padded or foreign message', () => {
    const encoded = encodeRelayed(batch, origin);
    expect(decodeRelayed(encoded.subarray(0, encoded.byteLength - 1))).toBeNull();
    expect(decodeRelayed(Buffer.concat([encoded, Buffer.alloc(20)]))).toBeNull();
    expect(decodeRelayed(Buffer.from('{"samples":[]}'))).toBeNull();
    expect(decodeRelayed(new Uint8Array(4))).toBeNull();
  });

  it('tells two senders apart', () => {
    expect(sameOrigin(origin, Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 9]))).toBe(false);
  });
});
