// What a socket gets besides live frames: a snapshot of a site (on subscribe, or on a resume the frame
// log cannot serve) and a catch-up (after the socket was skipped). Both are plain columns built from the
// hub's live buffers, never from the store; the fan-out encodes and sends them.
import { type Frame, MAX_FRAME_SPAN_MS } from '@voltscope/shared/frames';
import type { Registry } from '../fleet/registry.ts';
import type { LatestValues } from '../live/latest.ts';
import type { SeriesRings } from '../live/rings.ts';

export interface Columns {
  series: number[];
  ts: number[];
  values: number[];
}

/** Columns to encode: plain arrays, or views of typed ones (a room's gathered samples). */
export interface ColumnsLike {
  series: ArrayLike<number>;
  ts: ArrayLike<number>;
  values: ArrayLike<number>;
}

/** Series whose last minutes go into a snapshot; the others send their latest value only. */
const TREND_KEYS = new Set(['ac_power', 'dc_power', 'active_power', 'irradiance_poa', 'wind_speed']);
/** Older values are history, not state (and well inside a frame's span, MAX_FRAME_SPAN_MS). */
const STALE_MS = 30 * 86_400_000;

const columns = (): Columns => ({ series: [], ts: [], values: [] });

function pushLatest(out: Columns, latest: LatestValues, id: number, now: number): void {
  const sample = latest.get(id);
  if (sample && sample.ts > now - STALE_MS) {
    out.series.push(id);
    out.ts.push(sample.ts);
    out.values.push(sample.value);
  }
}

/** The latest value of every series of a site (a catch-up when the missed frames are no longer kept). */
export function latestOfSite(registry: Registry, latest: LatestValues, siteId: string, now: number): Columns {
  const out = columns();
  for (const device of registry.devicesOfSite(siteId))
    for (const s of registry.seriesOfDevice(device.id)) pushLatest(out, latest, s.id, now);
  return out;
}

/**
 * A site's snapshot: the latest value of every series and the last `windowMs` of its trend series, in at
 * most `maxSamples` samples. Past that budget the trends are thinned evenly (every k-th sample, the newest
 * always kept), so a chart still spans the whole window, only coarser. A budget too small even for one
 * value per series keeps the first `maxSamples`: the others come with the next live frame.
 */
export function snapshotOfSite(
  registry: Registry,
  rings: SeriesRings,
  latest: LatestValues,
  siteId: string,
  options: { now: number; windowMs: number; maxSamples: number },
): Columns {
  const { now, windowMs, maxSamples } = options;
  const since = now - windowMs;
  const out = columns();
  const trends: { id: number; count: number }[] = [];
  let trendSamples = 0;
  for (const device of registry.devicesOfSite(siteId)) {
    for (const s of registry.seriesOfDevice(device.id)) {
      if (!TREND_KEYS.has(s.key)) {
        pushLatest(out, latest, s.id, now);
        continue;
      }
      const count = rings.count(s.id, since);
      trends.push({ id: s.id, count });
      trendSamples += count;
    }
  }
  // Every trend series keeps its newest sample; the samples before it share what is left of the budget.
  // Taking every stride-th one back from the newest gives at most 1 + (count - 1) / stride per series.
  const held = trends.filter((t) => t.count > 0).length;
  const room = maxSamples - out.series.length - held;
  const stride = room > 0 ? Math.max(1, Math.ceil((trendSamples - held) / room)) : Number.POSITIVE_INFINITY;
  for (const { id, count } of trends) {
    let k = 0;
    rings.each(id, since, (t, v) => {
      const back = count - 1 - k++;
      if (back !== 0 && back % stride !== 0) return;
      out.series.push(id);
      out.ts.push(t);
      out.values.push(v);
    });
  }
  if (out.series.length > maxSamples) {
    out.series.length = maxSamples;
    out.ts.length = maxSamples;
    out.values.length = maxSamples;
  }
  return out;
}

/** The newest sample of each series across `frames` (oldest frame first): what a skipped socket missed. */
export function latestOfFrames(frames: readonly Frame[]): Columns {
  const out = columns();
  const at = new Map<number, number>();
  for (const frame of frames) {
    for (let i = 0; i < frame.series.length; i++) {
      const id = frame.series[i] as number;
      const ts = frame.ts[i] as number;
      const index = at.get(id);
      if (index === undefined) {
        at.set(id, out.series.length);
        out.series.push(id);
        out.ts.push(ts);
        out.values.push(frame.values[i] as number);
      } else if (ts >= (out.ts[index] as number)) {
        out.ts[index] = ts;
        out.values[index] = frame.values[i] as number;
      }
    }
  }
  return out;
}

/**
 * The columns a frame can carry: all of them unless they span more than MAX_FRAME_SPAN_MS (about 49.7
 * days), which only a sample far older than the rest gives (a late backfill beside live values, or a
 * simulator warped far ahead of the clock). Then those older than the newest minus the span are left
 * out: they are history, kept in the store, not live state, and the encoder would refuse the frame.
 */
export function withinFrameSpan(input: ColumnsLike): ColumnsLike {
  const n = input.ts.length;
  let newest = Number.NEGATIVE_INFINITY;
  let oldest = Number.POSITIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const t = input.ts[i] as number;
    if (t > newest) newest = t;
    if (t < oldest) oldest = t;
  }
  if (n === 0 || newest - oldest <= MAX_FRAME_SPAN_MS) return input;
  const out = columns();
  for (let i = 0; i < n; i++) {
    const t = input.ts[i] as number;
    if (newest - t > MAX_FRAME_SPAN_MS) continue;
    out.series.push(input.series[i] as number);
    out.ts.push(t);
    out.values.push(input.values[i] as number);
  }
  return out;
}
