// The history chart's model, apart from its drawing: what it asks the hub for (the query of a view),
// the series' columns and figures (latest, minimum, mean, maximum), zooming a view inside its range,
// and the time and value formats (made once per language and time zone). Pure, tested without a DOM.
import type { AlarmPriority } from '@voltscope/shared/alarms';
import type { QueryOf } from '@voltscope/shared/contracts/common';
import type { Contracts } from '@voltscope/shared/contracts/index';
import type { HistoryReply } from '@voltscope/shared/fleet';
import type { Language } from '@voltscope/shared/i18n';
import type uPlot from 'uplot';
import { intlLocales } from '../i18n/language.ts';
export interface HistorySeriesSpec {
  /** The series id (as in /api/sites/:id/series). */
  id: number;
  label: string;
  /** Series with the same unit share a y axis. */
  unit: string;
  /** A value of this series with its unit, scaled as the reader expects (kW → MW...). */
  format: (value: number) => string;
  /** Draw each bucket's minimum-to-maximum band (default true). */
  band?: boolean;
  /** Whether this series' axis reaches down (or up) to zero (default true; false for voltage, frequency...). */
  zero?: boolean;
  /** A CSS colour; by default the next of a palette whose colours differ in lightness as well as hue. */
  color?: string;
}

export interface TimeRange {
  from: number;
  to: number;
}

/** What the chart shows now, reported after each load. */
export interface HistoryView extends TimeRange {
  zoomed: boolean;
  resolution: string;
  bucketMs: number;
}

export interface HistoryChartProps {
  series: readonly HistorySeriesSpec[];
  /** The period; the chart keeps a zoom inside it and drops a zoom it no longer contains. */
  range: TimeRange;
  /** The IANA zone the time axis and dates are shown in (the site's). */
  timeZone: string;
  /** The chart's accessible name. */
  title: string;
  height?: number;
  /** Buckets asked for across the range; by default about one per two pixels of width. */
  maxPoints?: number;
  onViewChange?: (view: HistoryView) => void;
  /** Moments drawn across the plot (an alarm raised, returned to normal), named in a list under it. */
  markers?: readonly ChartMarker[];
  /**
   * The site whose live frames carry these series: while the view reaches now, the samples since the last
   * bucket are drawn as they arrive, so that the chart's newest value is the one a live tile shows.
   */
  liveSiteId?: string;
}

/** A mark on a history chart: a moment an alarm was raised or returned to normal. */
export interface ChartMarker {
  ts: number;
  kind: 'raised' | 'cleared';
  priority: AlarmPriority;
  alarmId: number;
  /** What the mark names, in the reader's language (the alarm's message). */
  label: string;
}

/** Below this span a zoom stops (the hub's raw samples are about a second apart). */
export const MIN_ZOOM_MS = 60_000;
export const MAX_SERIES = 50;

// Light and dark palettes: neighbours differ in lightness, not only in hue, and every second series is dashed.
export const palettes = {
  light: ['#1864ab', '#f08c00', '#2b8a3e', '#c2255c', '#5f3dc4', '#0b7285'],
  dark: ['#74c0fc', '#e8590c', '#8ce99a', '#f783ac', '#9775fa', '#3bc9db'],
} as const;

export const statColumns = ['latest', 'min', 'mean', 'max'] as const;

export interface SeriesStats {
  latest: number | null;
  min: number | null;
  max: number | null;
  mean: number | null;
  trend: 'rising' | 'falling' | 'steady' | null;
}

/** Latest, extremes, mean and trend of a series over the buckets shown (the trend compares the first and last thirds). */
export function seriesStats(
  avg: readonly (number | null)[],
  min: readonly (number | null)[],
  max: readonly (number | null)[],
): SeriesStats {
  let lo: number | null = null;
  let hi: number | null = null;
  let latest: number | null = null;
  let total = 0;
  const values: number[] = [];
  avg.forEach((v, i) => {
    if (v === null || v === undefined) return;
    values.push(v);
    total += v;
    latest = v;
    const bucketMin = min[i] ?? v;
    const bucketMax = max[i] ?? v;
    lo = lo === null ? bucketMin : Math.min(lo, bucketMin);
    hi = hi === null ? bucketMax : Math.max(hi, bucketMax);
  });
  if (values.length === 0) return { latest: null, min: null, max: null, mean: null, trend: null };
  const third = Math.max(1, Math.floor(values.length / 3));
  const average = (xs: number[]) => xs.reduce((n, x) => n + x, 0) / xs.length;
  const change = average(values.slice(-third)) - average(values.slice(0, third));
  const mean = total / values.length;
  // A change under a tenth of the spread (or 2 % of the mean) is noise, not a trend.
  const threshold = Math.max(0.1 * Math.abs((hi ?? 0) - (lo ?? 0)), 0.02 * Math.abs(mean), 1e-9);
  const trend = values.length < 2 || Math.abs(change) < threshold ? 'steady' : change > 0 ? 'rising' : 'falling';
  return { latest, min: lo, max: hi, mean, trend };
}

/** A span of `width` centred on `middle`, slid (not cut) to stay inside `range`. */
export function fitInside(middle: number, width: number, range: TimeRange): TimeRange {
  const span = Math.min(width, range.to - range.from);
  const from = Math.min(Math.max(range.from, middle - span / 2), range.to - span);
  return { from: Math.round(from), to: Math.round(from + span) };
}

/** A zoom to the middle half of `view` (`factor` 0.5) or out to twice it (2), kept inside `range`. */
export function scaleView(view: TimeRange, range: TimeRange, factor: number): TimeRange {
  return fitInside((view.from + view.to) / 2, Math.max(MIN_ZOOM_MS, (view.to - view.from) * factor), range);
}

/** A dragged selection as a zoom: at least MIN_ZOOM_MS wide, inside the range. */
export function selectionView(from: number, to: number, range: TimeRange): TimeRange {
  return fitInside((from + to) / 2, Math.max(MIN_ZOOM_MS, to - from), range);
}

/** The history query for a view: every series in one call, `maxPoints` buckets across it. */
export function historyQuery(
  ids: readonly number[],
  view: TimeRange,
  maxPoints: number,
): QueryOf<Contracts['GET /api/series/history']> {
  return {
    ids: ids.slice(0, MAX_SERIES).join(','),
    from: String(Math.floor(view.from)),
    to: String(Math.ceil(view.to)),
    maxPoints: Math.max(10, Math.min(10_000, Math.round(maxPoints))),
  };
}

export const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
export function memo<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let f = formatters.get(key) as T | undefined;
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f;
}
export const timeFormat = (lng: Language, timeZone: string) =>
  memo(
    `t|${lng}|${timeZone}`,
    () => new Intl.DateTimeFormat(intlLocales[lng], { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }),
  );
export const dayFormat = (lng: Language, timeZone: string) =>
  memo(
    `d|${lng}|${timeZone}`,
    () => new Intl.DateTimeFormat(intlLocales[lng], { timeZone, day: 'numeric', month: 'short' }),
  );
export const fullFormat = (lng: Language, timeZone: string) =>
  memo(
    `f|${lng}|${timeZone}`,
    () =>
      new Intl.DateTimeFormat(intlLocales[lng], {
        timeZone,
        dateStyle: 'medium',
        timeStyle: 'short',
        hourCycle: 'h23',
      }),
  );
export const hourInZone = (timeZone: string) =>
  memo(
    `h|${timeZone}`,
    () => new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }),
  );

/** A bucket width in the reader's words: "1 minute", "2 hours", "15 seconds". */
export function formatBucket(lng: Language, ms: number): string {
  const [unit, size] =
    ms % 3_600_000 === 0
      ? (['hour', 3_600_000] as const)
      : ms % 60_000 === 0
        ? (['minute', 60_000] as const)
        : (['second', 1000] as const);
  const value = Math.max(1, Math.round(ms / size));
  return memo(
    `u|${lng}|${unit}`,
    () => new Intl.NumberFormat(intlLocales[lng], { style: 'unit', unit, unitDisplay: 'long' }),
  ).format(value);
}

export interface Loaded {
  view: TimeRange;
  reply: HistoryReply;
}

export type LoadState =
  | { status: 'loading'; previous: Loaded | null }
  | { status: 'error'; previous: Loaded | null }
  | { status: 'ready'; data: Loaded };

/** The data of a reply as uPlot's columns: x in seconds, then mean, min and max of each series. */
export function toColumns(specs: readonly HistorySeriesSpec[], reply: HistoryReply | undefined): uPlot.AlignedData {
  const ts = reply?.ts ?? [];
  const byId = new Map(reply?.series.map((s) => [s.id, s]));
  const empty = new Array<null>(ts.length).fill(null);
  const columns: uPlot.AlignedData[number][] = [Float64Array.from(ts, (t) => t / 1000)];
  for (const spec of specs) {
    const s = byId.get(spec.id);
    columns.push(s?.avg ?? empty, s?.min ?? empty, s?.max ?? empty);
  }
  return columns as uPlot.AlignedData;
}

/** The longest tail of live samples a chart draws after its history: what the live rings hold with room to spare. */
export const MAX_LIVE_TAIL_MS = 10 * 60_000;

/**
 * Where a chart's live tail starts: at the last bucket of the reply (a bucket still filling, or read from
 * rollups behind the newest samples, is a mean of part of its span and would not match the live value),
 * no further back than MAX_LIVE_TAIL_MS before `now`. Null when the view does not reach now.
 */
export function liveTailStart(reply: HistoryReply, view: TimeRange, now: number): number | null {
  if (view.to < now - MAX_LIVE_TAIL_MS) return null;
  const last = reply.ts.at(-1);
  return Math.max(last ?? view.from, now - MAX_LIVE_TAIL_MS, view.from);
}

/**
 * The reply's columns cut before `tailFrom`, then each series' live samples from `tailFrom` on as points of
 * their own (mean, minimum and maximum the sample): the newest point is the sample a live value shows.
 * `samples(id, since, visit)` visits a series' samples at or after `since`, oldest first.
 */
export function withLiveTail(
  specs: readonly HistorySeriesSpec[],
  reply: HistoryReply,
  tailFrom: number,
  samples: (seriesId: number, since: number, visit: (ts: number, value: number) => void) => void,
): { columns: uPlot.AlignedData; latest: (number | null)[]; end: number | null } {
  const kept = reply.ts.findIndex((t) => t >= tailFrom);
  const cut = kept < 0 ? reply.ts.length : kept;
  const byId = new Map(reply.series.map((s) => [s.id, s]));
  const tails = specs.map((spec) => {
    const points = new Map<number, number>();
    samples(spec.id, tailFrom, (ts, value) => points.set(ts, value));
    return points;
  });
  const tailTs = [...new Set(tails.flatMap((points) => [...points.keys()]))].sort((a, b) => a - b);
  const ts = [...reply.ts.slice(0, cut), ...tailTs];
  const columns: uPlot.AlignedData[number][] = [Float64Array.from(ts, (t) => t / 1000)];
  const latest: (number | null)[] = [];
  specs.forEach((spec, i) => {
    const s = byId.get(spec.id);
    const points = tails[i] as Map<number, number>;
    const tail = tailTs.map((t) => points.get(t) ?? null);
    const head = (values: readonly (number | null)[] | undefined) =>
      values ? values.slice(0, cut) : new Array<null>(cut).fill(null);
    const mean = [...head(s?.avg), ...tail];
    columns.push(mean, [...head(s?.min), ...tail], [...head(s?.max), ...tail]);
    latest.push(mean.findLast((v) => v !== null && v !== undefined) ?? null);
  });
  return { columns: columns as uPlot.AlignedData, latest, end: tailTs.at(-1) ?? null };
}

/** The colour of an alarm priority's marks on a chart: the page's `--vs-priority-<p>` when it sets one. */
export const markerColors = {
  critical: '#a51111',
  high: '#f0700a',
  medium: '#e0b000',
  low: '#5c8fd6',
} as const;
