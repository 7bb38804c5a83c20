import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, FrameFormatError, frameKinds, MAX_FRAME_SPAN_MS } from './frames.ts';

describe('frame codec', () => {
  it('decodes to exactly the samples it encoded', () => {
    const series = [815, 816, 3001];
    const ts = [1_795_310_000_123, 1_795_310_000_050, 1_795_310_000_999];
    const values = [412.5, -0.25, 49.987654321];
    const frame = decodeFrame(encodeFrame(frameKinds.live, 42, series, ts, values));
    expect(frame.kind).toBe(frameKinds.live);
    expect(frame.seq).toBe(42);
    expect(Array.from(frame.series)).toEqual(series);
    expect(Array.from(frame.ts)).toEqual(ts);
    expect(Array.from(frame.values)).toEqual(values);
  });

  it('decodes from a misaligned view, as a Node Buffer slice may be', () => {
    const encoded = encodeFrame(frameKinds.snapshot, 7, [1], [1000], [3.5]);
    const padded = new Uint8Array(encoded.length + 3);
    padded.set(encoded, 3);
    const frame = decodeFrame(padded.subarray(3));
    expect(frame.kind).toBe(frameKinds.snapshot);
    expect(Array.from(frame.values)).toEqual([3.5]);
  });

  it('encodes an empty frame and refuses a truncated or foreign one', () => {
    expect(decodeFrame(encodeFrame(frameKinds.live, 1, [], [], [])).series.length).toBe(0);
    const encoded = encodeFrame(frameKinds.live, 1, [1, 2], [0, 1], [1, 2]);
    expect(() => decodeFrame(encoded.subarray(0, 30))).toThrow(FrameFormatError);
    const foreign = encoded.slice();
    foreign[0] = 9;
    expect(() => decodeFrame(foreign)).toThrow(/version 9/);
  });

  it('carries a span of exactly MAX_FRAME_SPAN_MS (about 49.7 days) unchanged', () => {
    const base = 1_795_310_000_000;
    const ts = [base + MAX_FRAME_SPAN_MS, base];
    expect(Array.from(decodeFrame(encodeFrame(frameKinds.live, 1, [1, 2], ts, [1, 2])).ts)).toEqual(ts);
  });

  it('refuses a span its uint32 offsets cannot hold, naming it, instead of wrapping', () => {
    const base = 1_795_310_000_000;
    const wide = () => encodeFrame(frameKinds.snapshot, 1, [1, 2], [base, base + MAX_FRAME_SPAN_MS + 1], [1, 2]);
    expect(wide).toThrow(FrameFormatError);
    expect(wide).toThrow(/span 4294967296 ms/);
    // 60 days, as a sample kept past a 49-day retention beside a new one would be.
    expect(() => encodeFrame(frameKinds.live, 1, [1, 2], [base - 60 * 86_400_000, base], [1, 2])).toThrow(
      FrameFormatError,
    );
  });

  it('refuses a timestamp that is not a finite number', () => {
    expect(() => encodeFrame(frameKinds.live, 1, [1], [Number.NaN], [1])).toThrow(FrameFormatError);
    expect(() => encodeFrame(frameKinds.live, 1, [1, 2], [0, Number.POSITIVE_INFINITY], [1, 2])).toThrow(
      FrameFormatError,
    );
  });
});
