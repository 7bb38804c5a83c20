// Checks samples from outside before anything keeps them: a known series (of the key's site), a
// timestamp in milliseconds neither far in the future nor older than retention, and a finite value in
// the series' plausible range. A rejected sample is reported with its index and reason; the rest go on.
import type { Registry } from '../fleet/registry.ts';
import type { SampleBatch } from '../store/telemetry/types.ts';

export interface Rejection {
  index: number;
  reason: string;
}

export interface ValidationLimits {
  now: number;
  /** How far ahead of the server's clock a timestamp may be. */
  maxFutureMs: number;
  /** The oldest timestamp accepted (raw retention). */
  oldest: number;
  /** The site an ingest key is limited to, or null for a fleet-wide key. */
  siteId: string | null;
}

/** Stands for an NDJSON line that is not JSON, so that it is reported at its index like any other. */
export const MALFORMED = Object.freeze({ malformed: true });

const SECONDS_RANGE = [1e9, 1e10] as const;

/**
 * Samples as columns of what their fields are, judged apart from the registry: what a JSON body becomes,
 * on the main thread or in the parser worker (jsonWorker.ts), before validateColumns judges it.
 */
export interface SampleColumns {
  /** Per sample, the Shape bits its fields have. */
  shape: Uint8Array;
  /** The series id, where Shape.seriesNumber. */
  series: Float64Array;
  /** The "deviceId/key" (at most 200 characters), by sample index, where Shape.seriesKey. */
  keys: Map<number, string>;
  /** Where Shape.wholeTs. */
  ts: Float64Array;
  /** Where Shape.finiteValue. */
  values: Float64Array;
}

export const Shape = {
  malformed: 1,
  object: 2,
  seriesNumber: 4,
  seriesKey: 8,
  wholeTs: 16,
  finiteValue: 32,
} as const;

const MAX_KEY_LENGTH = 200;

/** Columns of parsed samples: one pass, no judgement yet. */
export function columnsOf(samples: readonly unknown[]): SampleColumns {
  const n = samples.length;
  const columns: SampleColumns = {
    shape: new Uint8Array(n),
    series: new Float64Array(n),
    keys: new Map(),
    ts: new Float64Array(n),
    values: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const sample = samples[i];
    if (sample === MALFORMED) {
      columns.shape[i] = Shape.malformed;
      continue;
    }
    if (typeof sample !== 'object' || sample === null || Array.isArray(sample)) continue;
    const { series, ts, value } = sample as { series?: unknown; ts?: unknown; value?: unknown };
    let shape: number = Shape.object;
    if (typeof series === 'number') {
      shape |= Shape.seriesNumber;
      columns.series[i] = series;
    } else if (typeof series === 'string' && series.length <= MAX_KEY_LENGTH) {
      shape |= Shape.seriesKey;
      columns.keys.set(i, series);
    }
    if (typeof ts === 'number' && Number.isInteger(ts)) {
      shape |= Shape.wholeTs;
      columns.ts[i] = ts;
    }
    if (typeof value === 'number' && Number.isFinite(value)) {
      shape |= Shape.finiteValue;
      columns.values[i] = value;
    }
    columns.shape[i] = shape;
  }
  return columns;
}

function resolveSeries(registry: Registry, columns: SampleColumns, i: number, shape: number): number | string {
  if (shape & Shape.seriesNumber) {
    const series = columns.series[i] as number;
    return Number.isInteger(series) && registry.seriesById(series) ? series : `unknown series ${series}`;
  }
  if (shape & Shape.seriesKey) {
    const key = columns.keys.get(i) as string;
    return registry.seriesIdByKey(key) ?? `unknown series ${JSON.stringify(key)}`;
  }
  return 'series must be a series id or "deviceId/key"';
}

/** Why sample `i` is refused, or its series id. */
function judge(registry: Registry, columns: SampleColumns, i: number, limits: ValidationLimits): number | string {
  const shape = columns.shape[i] as number;
  if (shape & Shape.malformed) return 'malformed JSON';
  if (!(shape & Shape.object)) return 'a sample must be an object { series, ts, value }';
  const id = resolveSeries(registry, columns, i, shape);
  if (typeof id === 'string') return id;
  if (limits.siteId !== null && registry.siteOfSeries(id) !== limits.siteId) {
    return `series ${id} belongs to another site than this ingest key's`;
  }
  if (!(shape & Shape.wholeTs)) return 'ts must be a whole number of milliseconds since 1970';
  const time = columns.ts[i] as number;
  if (time >= SECONDS_RANGE[0] && time < SECONDS_RANGE[1]) return 'ts looks like seconds: send milliseconds since 1970';
  if (time > limits.now + limits.maxFutureMs) return 'ts is in the future';
  if (time < limits.oldest) return 'ts is older than the raw retention';
  if (!(shape & Shape.finiteValue)) return 'value must be a finite number';
  const value = columns.values[i] as number;
  const min = registry.minById[id] as number;
  const max = registry.maxById[id] as number;
  if (value < min || value > max) return `value ${value} is outside the plausible range ${min} to ${max}`;
  return id;
}

export function validateColumns(
  registry: Registry,
  columns: SampleColumns,
  limits: ValidationLimits,
): { batch: SampleBatch; rejected: Rejection[] } {
  const n = columns.shape.length;
  const series = new Int32Array(n);
  const ts = new Float64Array(n);
  const values = new Float64Array(n);
  const rejected: Rejection[] = [];
  let kept = 0;
  for (let index = 0; index < n; index++) {
    const id = judge(registry, columns, index, limits);
    if (typeof id === 'string') {
      rejected.push({ index, reason: id });
      continue;
    }
    series[kept] = id;
    ts[kept] = columns.ts[index] as number;
    values[kept] = columns.values[index] as number;
    kept++;
  }
  return { batch: { series: series.slice(0, kept), ts: ts.slice(0, kept), values: values.slice(0, kept) }, rejected };
}

export function validateSamples(
  registry: Registry,
  samples: readonly unknown[],
  limits: ValidationLimits,
): { batch: SampleBatch; rejected: Rejection[] } {
  return validateColumns(registry, columnsOf(samples), limits);
}
