// The run's figures: the workers' reports merged into one row per second (what the terminal prints and
// the report draws), running totals, and the summary at the end, with the verdict on whether the
// generator itself was the bottleneck.
import { Histogram } from './histogram.ts';
import { type Counters, counterNames, type Delta, zeroCounters } from './loadgenProtocol.ts';

/**
 * When the generator, not the hub, sets the latencies: its process uses nearly every core it may, one
 * of its threads is busy nearly all the time, or its event loops run late (a frame then waits in the
 * generator, and that wait is counted as latency). The run is called saturated when a tenth of its
 * seconds were.
 */
export const SATURATION = { cpu: 0.9, threadCpu: 0.9, loopDelayMs: 50, shareOfSeconds: 0.1 } as const;

export interface Second {
  /** Seconds since the ramp began, at the end of this second. */
  t: number;
  phase: 'ramp' | 'hold';
  started: number;
  connected: number;
  subscribed: number;
  framesPerS: number;
  samplesPerS: number;
  /** Latency of the samples that arrived in this second; null when none did. */
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
  gaps: number;
  reconnects: number;
  refused: number;
  errors: number;
  /** The generator's CPU, as a share of the machine's cores (1 = all of them). */
  cpu: number;
  /** The busiest worker thread's CPU, as a share of one core. */
  busiestThread: number;
  /** The worst worker event-loop delay, 99th percentile (ms). */
  loopDelayP99Ms: number;
  saturated: boolean;
}

export interface LatencySummary {
  count: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  p999: number | null;
  max: number | null;
  mean: number | null;
}

export interface RunParameters {
  url: string;
  clients: number;
  rampS: number;
  durationS: number;
  sites: string[];
  threads: number;
  cores: number;
  auth: 'token' | 'shared sign-in' | 'sign-in per client';
}

export interface Summary {
  parameters: RunParameters;
  startedAt: string;
  elapsedS: number;
  interrupted: boolean;
  clients: { target: number; started: number; peakConnected: number; connectedAtEnd: number; subscribedAtEnd: number };
  totals: Counters;
  /** Sequence gaps plus the spans the hub reported it could not replay. */
  gaps: number;
  /** Means over the hold (after the ramp); over the whole run when it ended during the ramp. */
  rates: { seconds: number; framesPerS: number; samplesPerS: number };
  latencyMs: { run: LatencySummary; hold: LatencySummary };
  signInMs: LatencySummary | null;
  generator: {
    cores: number;
    threads: number;
    cpuMean: number;
    cpuPeak: number;
    busiestThreadPeak: number;
    loopDelayP99MaxMs: number;
    loopDelayMaxMs: number;
    saturatedSeconds: number;
    saturated: boolean;
    /** Why, in words, when saturated. */
    reason: string | null;
  };
  /** What went wrong, most frequent first. */
  errors: { message: string; count: number }[];
  seconds: Second[];
}

const orNull = (value: number) => (Number.isFinite(value) ? Math.round(value * 10) / 10 : null);

export function summarizeLatency(histogram: Histogram): LatencySummary {
  return {
    count: histogram.count,
    p50: orNull(histogram.percentile(50)),
    p95: orNull(histogram.percentile(95)),
    p99: orNull(histogram.percentile(99)),
    p999: orNull(histogram.percentile(99.9)),
    max: orNull(histogram.max),
    mean: orNull(histogram.mean),
  };
}

export class RunStats {
  readonly seconds: Second[] = [];
  readonly totals = zeroCounters();
  readonly latency = new Histogram();
  readonly latencyHold = new Histogram();
  readonly signIn = new Histogram();
  readonly #rampMs: number;
  readonly #cores: number;
  readonly #errors = new Map<string, number>();
  #gauges = { started: 0, connected: 0, subscribed: 0 };
  #peakConnected = 0;
  #hold = { frames: 0, samples: 0, ms: 0 };
  #all = { frames: 0, samples: 0, ms: 0, cpuMs: 0 };
  #loopDelayMaxMs = 0;

  constructor(rampMs: number, cores: number) {
    this.#rampMs = rampMs;
    this.#cores = cores;
  }

  /**
   * Adds the workers' reports for the interval that ends `endMs` after the start and lasted `wallMs`,
   * in which the whole process used `cpuMs` of CPU. A final, partial interval counts in the totals only.
   */
  add(deltas: readonly Delta[], endMs: number, wallMs: number, cpuMs: number, final = false): Second | null {
    const counters = zeroCounters();
    const latency = new Histogram();
    let framesPerS = 0;
    let samplesPerS = 0;
    let busiestThread = 0;
    let loopDelayP99Ms = 0;
    for (const delta of deltas) {
      for (const name of counterNames) counters[name] += delta.counters[name];
      latency.merge(delta.latency);
      this.signIn.merge(delta.signIn);
      const seconds = Math.max(delta.intervalMs, 1) / 1000;
      framesPerS += delta.counters.frames / seconds;
      samplesPerS += delta.counters.samples / seconds;
      busiestThread = Math.max(busiestThread, delta.threadCpuMs / Math.max(delta.intervalMs, 1));
      loopDelayP99Ms = Math.max(loopDelayP99Ms, delta.loopDelayP99Ms);
      this.#loopDelayMaxMs = Math.max(this.#loopDelayMaxMs, delta.loopDelayMaxMs);
      for (const [message, count] of Object.entries(delta.errors)) {
        this.#errors.set(message, (this.#errors.get(message) ?? 0) + count);
      }
    }
    for (const name of counterNames) this.totals[name] += counters[name];
    this.latency.merge(latency);
    const hold = endMs - wallMs >= this.#rampMs;
    if (hold) this.latencyHold.merge(latency);
    // The last moments go to the totals but not to the rates: they include closing every socket.
    if (final) return null;
    if (hold) {
      this.#hold.frames += counters.frames;
      this.#hold.samples += counters.samples;
      this.#hold.ms += wallMs;
    }

    this.#all.frames += counters.frames;
    this.#all.samples += counters.samples;
    this.#all.ms += wallMs;
    this.#all.cpuMs += cpuMs;
    this.#gauges = {
      started: sum(deltas, (d) => d.started),
      connected: sum(deltas, (d) => d.connected),
      subscribed: sum(deltas, (d) => d.subscribed),
    };
    this.#peakConnected = Math.max(this.#peakConnected, this.#gauges.connected);
    const cpu = cpuMs / Math.max(wallMs, 1) / this.#cores;
    const second: Second = {
      t: Math.round(endMs / 100) / 10,
      phase: hold ? 'hold' : 'ramp',
      ...this.#gauges,
      framesPerS: Math.round(framesPerS),
      samplesPerS: Math.round(samplesPerS),
      p50Ms: orNull(latency.percentile(50)),
      p95Ms: orNull(latency.percentile(95)),
      p99Ms: orNull(latency.percentile(99)),
      maxMs: orNull(latency.max),
      gaps: counters.seqGaps + counters.resumeGaps,
      reconnects: counters.reconnects,
      refused: counters.refused,
      errors: counters.connectErrors + counters.subscribeErrors + counters.decodeErrors + counters.signInErrors,
      cpu: round3(cpu),
      busiestThread: round3(busiestThread),
      loopDelayP99Ms: Math.round(loopDelayP99Ms * 10) / 10,
      saturated:
        cpu >= SATURATION.cpu || busiestThread >= SATURATION.threadCpu || loopDelayP99Ms >= SATURATION.loopDelayMs,
    };
    this.seconds.push(second);
    return second;
  }

  summary(parameters: RunParameters, startedAt: Date, elapsedMs: number, interrupted: boolean): Summary {
    const seconds = this.seconds;
    const saturatedSeconds = seconds.filter((s) => s.saturated).length;
    const saturated =
      seconds.length > 0 && saturatedSeconds >= Math.max(2, Math.ceil(SATURATION.shareOfSeconds * seconds.length));
    const rates = this.#hold.ms > 0 ? this.#hold : this.#all;
    const peak = (pick: (s: Second) => number) => seconds.reduce((max, s) => Math.max(max, pick(s)), 0);
    const generator = {
      cores: this.#cores,
      threads: parameters.threads,
      cpuMean: round3(this.#all.cpuMs / Math.max(this.#all.ms, 1) / this.#cores),
      cpuPeak: peak((s) => s.cpu),
      busiestThreadPeak: peak((s) => s.busiestThread),
      loopDelayP99MaxMs: peak((s) => s.loopDelayP99Ms),
      loopDelayMaxMs: Math.round(this.#loopDelayMaxMs),
      saturatedSeconds,
      saturated,
      reason: saturated ? saturationReason(seconds) : null,
    };
    return {
      parameters,
      startedAt: startedAt.toISOString(),
      elapsedS: Math.round(elapsedMs / 100) / 10,
      interrupted,
      clients: {
        target: parameters.clients,
        started: this.#gauges.started,
        peakConnected: this.#peakConnected,
        connectedAtEnd: this.#gauges.connected,
        subscribedAtEnd: this.#gauges.subscribed,
      },
      totals: { ...this.totals },
      gaps: this.totals.seqGaps + this.totals.resumeGaps,
      rates: {
        seconds: Math.round(rates.ms / 100) / 10,
        framesPerS: Math.round(rates.frames / Math.max(rates.ms / 1000, 0.001)),
        samplesPerS: Math.round(rates.samples / Math.max(rates.ms / 1000, 0.001)),
      },
      latencyMs: { run: summarizeLatency(this.latency), hold: summarizeLatency(this.latencyHold) },
      signInMs: this.signIn.count > 0 ? summarizeLatency(this.signIn) : null,
      generator,
      errors: [...this.#errors]
        .map(([message, count]) => ({ message, count }))
        .sort((a, b) => b.count - a.count)
        .slice(0, 20),
      seconds,
    };
  }
}

function saturationReason(seconds: readonly Second[]): string {
  const hot = seconds.filter((s) => s.saturated);
  const parts: string[] = [];
  const cpu = hot.filter((s) => s.cpu >= SATURATION.cpu).length;
  const thread = hot.filter((s) => s.busiestThread >= SATURATION.threadCpu).length;
  const loop = hot.filter((s) => s.loopDelayP99Ms >= SATURATION.loopDelayMs).length;
  if (cpu > 0) parts.push(`its CPU at or above ${SATURATION.cpu * 100}% of the cores for ${cpu} s`);
  if (thread > 0) parts.push(`a worker thread at or above ${SATURATION.threadCpu * 100}% of a core for ${thread} s`);
  if (loop > 0) {
    const late = hot.filter((s) => s.loopDelayP99Ms >= SATURATION.loopDelayMs);
    const busy = late.reduce((total, s) => total + s.busiestThread, 0) / late.length;
    // Late loops on threads that were mostly idle: something else had the cores (the hub, if it runs here).
    const cause =
      busy < 0.5
        ? `while its busiest thread worked only ${Math.round(busy * 100)}% of the time: other work on the machine kept it waiting for a core`
        : 'frames arriving in bursts held up its handlers';
    parts.push(
      `worker event-loop delay p99 at or above ${SATURATION.loopDelayMs} ms for ${loop} s, ${cause}; that wait is counted as latency`,
    );
  }
  return parts.join('; ');
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;

function sum<T>(items: readonly T[], pick: (item: T) => number): number {
  let total = 0;
  for (const item of items) total += pick(item);
  return total;
}
