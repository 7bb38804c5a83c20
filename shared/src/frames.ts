// The live wire format: a frame carries the samples of one room (a site) gathered over a window of
// about 100 ms, as columns of numbers in one binary buffer, encoded once per room for every socket.
//
//   offset  size        field
//   0       1           version (1)
//   1       1           kind (1 = live frame, 2 = snapshot, 3 = catch-up: the latest values a skipped socket missed)
//   2       2           reserved (0)
//   4       4           count: samples in the frame (uint32)
//   8       8           seq: the frame's number in its room (float64; snapshots and catch-ups carry the room's last seq;
//                       numbered from the hub's boot time in ms, so a later boot's numbers are higher)
//   16      8           base: the earliest timestamp, ms since 1970 (float64)
//   24      8 * count   values (float64)
//   ..      4 * count   series ids (int32)
//   ..      4 * count   timestamps as ms after base (uint32)
//
// Little-endian throughout. Values come first so that every column is aligned for its typed array.

export const FRAME_VERSION = 1;
export const frameKinds = { live: 1, snapshot: 2, catchUp: 3 } as const;
export type FrameKind = (typeof frameKinds)[keyof typeof frameKinds];
const knownKinds: ReadonlySet<number> = new Set(Object.values(frameKinds));

const HEADER_BYTES = 24;
/** The widest span of timestamps one frame can carry: its offsets are uint32 ms (about 49.7 days). */
export const MAX_FRAME_SPAN_MS = 0xffff_ffff;

export class FrameFormatError extends Error {}

export interface Frame {
  kind: FrameKind;
  seq: number;
  series: Int32Array;
  ts: Float64Array;
  values: Float64Array;
}

/**
 * Encodes samples into one frame. `ts` may span at most MAX_FRAME_SPAN_MS (uint32 ms offsets): a wider
 * span, or a timestamp that is not a finite number, throws a FrameFormatError rather than wrapping.
 */
export function encodeFrame(
  kind: FrameKind,
  seq: number,
  series: ArrayLike<number>,
  ts: ArrayLike<number>,
  values: ArrayLike<number>,
): Uint8Array {
  const count = series.length;
  const buffer = new ArrayBuffer(HEADER_BYTES + count * 16);
  const view = new DataView(buffer);
  let base = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < count; i++) {
    base = Math.min(base, ts[i] as number);
    last = Math.max(last, ts[i] as number);
  }
  if (count === 0) base = last = 0;
  // Written as a negation so that NaN (a timestamp that is not a number) is refused too.
  if (!(last - base <= MAX_FRAME_SPAN_MS))
    throw new FrameFormatError(
      `frame timestamps span ${last - base} ms (${base} to ${last}), more than the ${MAX_FRAME_SPAN_MS} ms its uint32 offsets hold`,
    );
  view.setUint8(0, FRAME_VERSION);
  view.setUint8(1, kind);
  view.setUint32(4, count, true);
  view.setFloat64(8, seq, true);
  view.setFloat64(16, base, true);
  const valueColumn = new Float64Array(buffer, HEADER_BYTES, count);
  const seriesColumn = new Int32Array(buffer, HEADER_BYTES + count * 8, count);
  const offsetColumn = new Uint32Array(buffer, HEADER_BYTES + count * 12, count);
  for (let i = 0; i < count; i++) {
    valueColumn[i] = values[i] as number;
    seriesColumn[i] = series[i] as number;
    offsetColumn[i] = (ts[i] as number) - base;
  }
  return new Uint8Array(buffer);
}

/** Decodes a frame from any byte view (a Node Buffer or a browser ArrayBuffer); copies when misaligned. */
export function decodeFrame(bytes: ArrayBuffer | ArrayBufferView): Frame {
  let view =
    bytes instanceof ArrayBuffer
      ? new Uint8Array(bytes)
      : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.byteOffset % 8 !== 0) view = view.slice();
  if (view.byteLength < HEADER_BYTES) throw new FrameFormatError('frame shorter than its header');
  const data = new DataView(view.buffer, view.byteOffset, view.byteLength);
  if (data.getUint8(0) !== FRAME_VERSION) throw new FrameFormatError(`unknown frame version ${data.getUint8(0)}`);
  const kind = data.getUint8(1) as FrameKind;
  if (!knownKinds.has(kind)) throw new FrameFormatError(`unknown frame kind ${kind}`);
  const count = data.getUint32(4, true);
  if (view.byteLength !== HEADER_BYTES + count * 16)
    throw new FrameFormatError('frame length does not match its count');
  const seq = data.getFloat64(8, true);
  const base = data.getFloat64(16, true);
  const values = new Float64Array(view.buffer, view.byteOffset + HEADER_BYTES, count);
  const series = new Int32Array(view.buffer, view.byteOffset + HEADER_BYTES + count * 8, count);
  const offsets = new Uint32Array(view.buffer, view.byteOffset + HEADER_BYTES + count * 12, count);
  const ts = new Float64Array(count);
  for (let i = 0; i < count; i++) ts[i] = base + (offsets[i] as number);
  return { kind, seq, series, ts, values };
}
