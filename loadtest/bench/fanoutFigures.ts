// The fan-out runs as figures: the real hub's median over rounds (with its range) beside a baseline's.
// Each pattern's figures are named `fanout.<pattern>.c<N>.<figure>`, and `fanout.<pattern>.<figure>` for
// its largest client count; `one` is also named as before patterns existed (`fanout.<figure>`,
// `fanout.c<N>.<figure>`) so that earlier results stay comparable.
import type { Mode, Pattern, Run } from './fanoutRun.ts';
import type { Figure } from './report.ts';

/** One event per sample queues without bound in Engine.IO: the naive hub is measured up to this many clients. */
export const NAIVE_MAX_CLIENTS = 500;

interface Spec {
  name: string;
  unit: string;
  key: keyof Run;
  baseline?: Mode;
  lowerIsBetter?: boolean;
  /** False where a ratio says nothing better or worse (bytes: snapshots add, skipped frames remove). */
  ratio?: boolean;
}

const legacySpecs: Spec[] = [
  { name: 'delivered_samples_per_s', unit: 'samples/s', key: 'deliveredSamplesPerS', baseline: 'naive' },
  { name: 'delivered_frames_per_s', unit: 'frames/s', key: 'framesPerS' },
  { name: 'frames_per_cpu_s', unit: 'frames/CPU-s', key: 'framesPerCpuS', baseline: 'broadcast' },
  { name: 'latency.p50_ms', unit: 'ms', key: 'latencyP50', baseline: 'broadcast', lowerIsBetter: true },
  { name: 'latency.p95_ms', unit: 'ms', key: 'latencyP95', baseline: 'broadcast', lowerIsBetter: true },
  { name: 'latency.p99_ms', unit: 'ms', key: 'latencyP99', baseline: 'broadcast', lowerIsBetter: true },
  { name: 'skipped_frames', unit: 'frames', key: 'skipped' },
  {
    name: 'memory_per_connection_kb',
    unit: 'KB',
    key: 'memoryPerConnectionKb',
    baseline: 'broadcast',
    lowerIsBetter: true,
  },
  { name: 'hub_cpu', unit: 'cores', key: 'hubCpu', baseline: 'broadcast', lowerIsBetter: true },
];

function patternSpecs(pattern: Pattern): Spec[] {
  return [
    { name: 'latency.p50_ms', unit: 'ms', key: 'latencyP50', baseline: 'broadcast', lowerIsBetter: true },
    { name: 'latency.p95_ms', unit: 'ms', key: 'latencyP95', baseline: 'broadcast', lowerIsBetter: true },
    { name: 'latency.p99_ms', unit: 'ms', key: 'latencyP99', baseline: 'broadcast', lowerIsBetter: true },
    // Every client's, the probes' and the load's, queued on the bench's core (clientPool.ts).
    {
      name: 'all_clients_latency.p99_ms',
      unit: 'ms',
      key: 'allLatencyP99',
      baseline: 'broadcast',
      lowerIsBetter: true,
    },
    // The ideal is one per site subscribed: 1 for `one`, 4 for `fleet`, 1.6 for `mix`.
    { name: 'snapshots_per_client', unit: 'frames', key: 'snapshotsPerClient' },
    { name: 'catchups_per_client', unit: 'frames', key: 'catchupsPerClient' },
    { name: 'skipped_frames', unit: 'frames', key: 'skipped' },
    { name: 'hub_loop_lag.p99_ms', unit: 'ms', key: 'loopLagP99', baseline: 'broadcast', lowerIsBetter: true },
    { name: 'bytes_per_client_s', unit: 'bytes/s', key: 'bytesPerClientS', baseline: 'broadcast', ratio: false },
    {
      name: 'wire_bytes_per_client_s',
      unit: 'bytes/s',
      key: 'wireBytesPerClientS',
      baseline: 'broadcast',
      lowerIsBetter: true,
    },
    { name: 'subscribe_wire_kb_per_client', unit: 'KB', key: 'subscribeWireKbPerClient', ratio: false },
    { name: 'subscribe_cpu_ms_per_client', unit: 'ms', key: 'subscribeCpuMsPerClient', ratio: false },
    {
      name: 'delivered_samples_per_s',
      unit: 'samples/s',
      key: 'deliveredSamplesPerS',
      baseline: pattern === 'one' ? 'naive' : 'broadcast',
    },
    { name: 'delivered_frames_per_s', unit: 'frames/s', key: 'framesPerS', baseline: 'broadcast' },
    { name: 'frames_per_cpu_s', unit: 'frames/CPU-s', key: 'framesPerCpuS', baseline: 'broadcast' },
    { name: 'hub_cpu', unit: 'cores', key: 'hubCpu', baseline: 'broadcast', lowerIsBetter: true },
    { name: 'clients_cpu', unit: 'cores', key: 'clientsCpu', baseline: 'broadcast', ratio: false },
    {
      name: 'memory_per_connection_kb',
      unit: 'KB',
      key: 'memoryPerConnectionKb',
      baseline: 'broadcast',
      lowerIsBetter: true,
    },
  ];
}

const median = (xs: number[]) =>
  xs.length === 0 ? Number.NaN : ([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number);
const range = (xs: number[]): [number, number] => [Math.min(...xs), Math.max(...xs)];

/** The figures of one pattern at one client count, each named by `prefix`. */
function figuresAt(runs: readonly Run[], clients: number, prefix: string, specs: readonly Spec[]): Figure[] {
  const pick = (mode: Mode, key: keyof Run) =>
    runs.filter((r) => r.mode === mode && r.clients === clients).map((r) => r[key] as number);
  // Past its limit the naive design is compared at its best: the best of all its runs.
  const naiveBest = (key: keyof Run) => {
    const values = runs.filter((r) => r.mode === 'naive').map((r) => r[key] as number);
    return values.length === 0 ? [] : [Math.max(...values)];
  };
  const figures: Figure[] = [{ name: `${prefix}.clients`, unit: 'clients', value: clients }];
  for (const spec of specs) {
    const values = pick('voltscope', spec.key);
    const value = median(values);
    const figure: Figure = { name: `${prefix}.${spec.name}`, unit: spec.unit, value, range: range(values) };
    if (spec.baseline) {
      const measured =
        spec.baseline === 'naive' && clients > NAIVE_MAX_CLIENTS ? naiveBest(spec.key) : pick(spec.baseline, spec.key);
      const baseline = median(measured);
      figure.baseline = baseline;
      if (spec.ratio !== false) figure.ratio = spec.lowerIsBetter ? baseline / value : value / baseline;
    }
    figures.push(figure);
  }
  return figures;
}

export function fanoutFigures(runs: readonly Run[], patterns: readonly Pattern[], counts: readonly number[]): Figure[] {
  const figures: Figure[] = [];
  for (const pattern of patterns) {
    const own = runs.filter((r) => r.pattern === pattern);
    const measured = counts.filter((c) => own.some((r) => r.mode === 'voltscope' && r.clients === c));
    if (measured.length === 0) continue;
    const largest = Math.max(...measured);
    const specs = patternSpecs(pattern);
    if (pattern === 'one') {
      for (const clients of measured) {
        figures.push(...figuresAt(own, clients, clients === largest ? 'fanout' : `fanout.c${clients}`, legacySpecs));
      }
    }
    for (const clients of measured) figures.push(...figuresAt(own, clients, `fanout.${pattern}.c${clients}`, specs));
    figures.push(...figuresAt(own, largest, `fanout.${pattern}`, specs));
  }
  return figures;
}
