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

function resolveSeries(registry: Registry, series: unknown): number | string {
  if (typeof series === 'number') {
    return Number.isInteger(series) && registry.seriesById(series) ? series : `unknown series ${series}`;
  }
  if (typeof series === 'string' && series.length <= 200) {
    const id = registry.seriesIdByKey(series);
    return id ?? `unknown series ${JSON.stringify(series)}`;
  }
  return 'series must be a series id or "deviceId/key"';
}

export function validateSamples(
  registry: Registry,
  samples: readonly unknown[],
  limits: ValidationLimits,
): { batch: SampleBatch; rejected: Rejection[] } {
  const n = samples.length;
  const series = new Int32Array(n);
  const ts = new Float64Array(n);
  const values = new Float64Array(n);
  const rejected: Rejection[] = [];
  let kept = 0;

  for (let index = 0; index < n; index++) {
    const sample = samples[index];
    const reject = (reason: string) => rejected.push({ index, reason });
    if (sample === MALFORMED) {
      reject('malformed JSON');
      continue;
    }
    if (typeof sample !== 'object' || sample === null || Array.isArray(sample)) {
      reject('a sample must be an object { series, ts, value }');
      continue;
    }
    const raw = sample as { series?: unknown; ts?: unknown; value?: unknown };
    const id = resolveSeries(registry, raw.series);
    if (typeof id === 'string') {
      reject(id);
      continue;
    }
    if (limits.siteId !== null && registry.siteOfSeries(id) !== limits.siteId) {
      reject(`series ${id} belongs to another site than this ingest key's`);
      continue;
    }
    const time = raw.ts;
    if (typeof time !== 'number' || !Number.isInteger(time)) {
      reject('ts must be a whole number of milliseconds since 1970');
      continue;
    }
    if (time >= SECONDS_RANGE[0] && time < SECONDS_RANGE[1]) {
      reject('ts looks like seconds: send milliseconds since 1970');
      continue;
    }
    if (time > limits.now + limits.maxFutureMs) {
      reject('ts is in the future');
      continue;
    }
    if (time < limits.oldest) {
      reject('ts is older than the raw retention');
      continue;
    }
    const value = raw.value;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      reject('value must be a finite number');
      continue;
    }
    const min = registry.minById[id] as number;
    const max = registry.maxById[id] as number;
    if (value < min || value > max) {
      reject(`value ${value} is outside the plausible range ${min} to ${max}`);
      continue;
    }
    series[kept] = id;
    ts[kept] = time;
    values[kept] = value;
    kept++;
  }
  return { batch: { series: series.slice(0, kept), ts: ts.slice(0, kept), values: values.slice(0, kept) }, rejected };
}
