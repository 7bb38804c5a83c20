// Property tests of the frame codec (fast-check): encoding then decoding gives back every sample, and any
// bytes at all either decode to a frame whose columns match its header or are refused with a
// FrameFormatError, never another error (a socket may carry anything).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, FrameFormatError, frameKinds, MAX_FRAME_SPAN_MS } from './frames.ts';

const kinds = Object.values(frameKinds);

/** Samples as the hub has them: int32 series ids, whole-ms timestamps within one frame's span, any float64 value. */
const samples = fc
  .record({
    base: fc.integer({ min: -(2 ** 52), max: 2 ** 52 }),
    rows: fc.array(
      fc.record({
        series: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
        offset: fc.integer({ min: 0, max: MAX_FRAME_SPAN_MS }),
        value: fc.double(),
      }),
      { maxLength: 200 },
    ),
  })
  .map(({ base, rows }) => ({
    series: rows.map((r) => r.series),
    ts: rows.map((r) => base + r.offset),
    values: rows.map((r) => r.value),
  }));

/** A frame's bytes, at any offset of a larger buffer (a Node Buffer slice may be misaligned). */
function atOffset(bytes: Uint8Array, offset: number): Uint8Array {
  const padded = new Uint8Array(bytes.length + offset);
  padded.set(bytes, offset);
  return padded.subarray(offset);
}

describe('frame codec properties', () => {
  it('decodes exactly what it encoded, from any alignment', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.double(),
        samples,
        fc.integer({ min: 0, max: 7 }),
        (kind, seq, { series, ts, values }, offset) => {
          const frame = decodeFrame(atOffset(encodeFrame(kind, seq, series, ts, values), offset));
          expect(frame.kind).toBe(kind);
          expect(frame.seq).toBe(seq);
          expect(Array.from(frame.series)).toEqual(series);
          expect(Array.from(frame.ts)).toEqual(ts);
          expect(Array.from(frame.values)).toEqual(values);
        },
      ),
    );
  });

  /** Bytes that look like a frame more often than random ones: version 1, a count, a body of about that length. */
  const frameLike = fc
    .record({
      header: fc.uint8Array({ minLength: 24, maxLength: 24 }),
      count: fc.integer({ min: 0, max: 8 }),
      // Usually the body the count says, else a few bytes short or long.
      skew: fc.oneof(fc.constant(0), fc.integer({ min: -16, max: 16 })),
    })
    .chain(({ header, count, skew }) =>
      fc
        .uint8Array({ minLength: Math.max(0, count * 16 + skew), maxLength: Math.max(0, count * 16 + skew) })
        .map((body) => {
          const bytes = new Uint8Array(24 + body.length);
          bytes.set(header);
          bytes.set(body, 24);
          bytes[0] = 1;
          bytes[1] = (header[1] as number) % 4; // a kind the hub sends, or (one in four) 0, which it does not
          new DataView(bytes.buffer).setUint32(4, count, true);
          return bytes;
        }),
    );

  it('decodes any bytes to a well-formed frame or refuses them with a FrameFormatError', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.uint8Array({ maxLength: 300 }), frameLike),
        fc.integer({ min: 0, max: 7 }),
        (bytes, offset) => {
          let frame: ReturnType<typeof decodeFrame>;
          try {
            frame = decodeFrame(atOffset(bytes, offset));
          } catch (error) {
            expect(error).toBeInstanceOf(FrameFormatError);
            return;
          }
          // Only the kinds the hub sends decode.
          expect(kinds).toContain(frame.kind);
          expect(frame.kind).toBe(bytes[1]);
          expect(frame.seq).toBe(new DataView(bytes.buffer, bytes.byteOffset).getFloat64(8, true));
          expect(frame.series.length).toBe(frame.values.length);
          expect(frame.ts.length).toBe(frame.values.length);
          expect(bytes.length).toBe(24 + frame.values.length * 16);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('refuses to encode timestamps it could not carry, with a FrameFormatError', () => {
    fc.assert(
      fc.property(fc.array(fc.double(), { minLength: 1, maxLength: 20 }), (ts) => {
        const ids = ts.map((_, i) => i);
        try {
          encodeFrame(frameKinds.live, 1, ids, ts, ids);
        } catch (error) {
          expect(error).toBeInstanceOf(FrameFormatError);
        }
      }),
    );
  });
});
