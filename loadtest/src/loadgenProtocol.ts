// What the load generator's main thread and its workers say to each other: the setup a worker starts
// with, and the counters it sends back each second (deltas since its previous report, plus gauges).
import type { HistogramData } from './histogram.ts';

export interface WorkerSetup {
  url: string;
  sites: string[];
  /** The shared token, or null when every client signs in itself (`--login-each`). */
  token: string | null;
  login: { email: string; password: string } | null;
  /** When each of this worker's clients starts, in ms after the run's start (the ramp). */
  offsets: number[];
}

/** Events counted by the simulated browsers, as deltas since the previous report. */
export const counterNames = [
  /** Live frames and their samples, replayed ones included. */
  'frames',
  'samples',
  /** Frames the hub replayed on a resume (counted in frames; their samples are not timed). */
  'replayedFrames',
  'snapshotFrames',
  'snapshotSamples',
  /** Frames of the latest values a socket missed while the hub skipped it as slow. */
  'catchUpFrames',
  /** Live frames whose seq skipped at least one after the previous frame of their site. */
  'seqGaps',
  /** Spans the hub said it could not replay on a resume (the browser fetches them from history). */
  'resumeGaps',
  /** Live frames that repeat or go back on their site's seq. */
  'duplicates',
  'connects',
  'reconnects',
  'disconnects',
  /** Sockets the hub closed itself (too slow, session ended): the browser does not come back. */
  'droppedByHub',
  'connectErrors',
  /** Sites the hub refused on subscribe, or took away later. */
  'refused',
  /** Subscriptions that failed outright (an error ack or no ack within 10 s). */
  'subscribeErrors',
  'decodeErrors',
  'signIns',
  /** Sign-ins turned away as too many (HTTP 429) and tried again. */
  'signInRetries',
  'signInErrors',
] as const;

export type CounterName = (typeof counterNames)[number];
export type Counters = Record<CounterName, number>;

export const zeroCounters = (): Counters => Object.fromEntries(counterNames.map((name) => [name, 0])) as Counters;

export interface Delta {
  /** The time this report covers, as the worker measured it (ms). */
  intervalMs: number;
  counters: Counters;
  /** Gauges at the moment of the report. */
  started: number;
  connected: number;
  subscribed: number;
  latency: HistogramData;
  signIn: HistogramData;
  /** CPU time of the worker's own thread over the interval (ms). */
  threadCpuMs: number;
  /** The worker's event-loop delay over the interval (ms). */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** Failure messages seen over the interval, with how often. */
  errors: Record<string, number>;
}

export type ToWorker = { type: 'start'; startAt: number } | { type: 'flush' } | { type: 'stop' };
export type FromWorker = { type: 'ready' } | { type: 'delta'; delta: Delta } | { type: 'final'; delta: Delta };
