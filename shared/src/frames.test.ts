import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, FrameFormatError, frameKinds } from './frames.ts';

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
});
