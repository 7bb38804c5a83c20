// Replays a recording into a hub's ingest API at N× speed. A sample recorded `d` ms after the first is
// due `d / N` ms after the start and is stamped with that moment, so the hub sees a live stream N times
// as dense as the original. Each tick sends the samples that have come due as one NDJSON request, with
// a bounded number of requests in flight; while they are all busy, reading the file waits too and the
// lag behind schedule shows it. A sample is never sent before it is due.
// Over 300 lines because pacing, the in-flight bound and the lag report share one schedule clock; the
// command line, the file reading and the report formatting are the rest and are each short.
import { setTimeout as sleep } from 'node:timers/promises';
import { linePrefix, openRecording, type RecordingReader, type Sample } from './recording.ts';

/** The key the demo hub accepts for every site. */
export const DEMO_INGEST_KEY = 'vsk_demo_fleet_ingest_key';

export interface ReplayOptions {
  file: string;
  /** The hub's base URL. */
  to: string;
  speed: number;
  /** Starts over at the end, each pass after the previous one in time so nothing comes back as a duplicate. */
  loop?: boolean | undefined;
  key?: string | undefined;
  /** Requests awaiting their answer at most (default 4). */
  maxInFlight?: number | undefined;
  /** How often due samples are gathered and sent, in ms (default 50). */
  tickMs?: number | undefined;
  signal?: AbortSignal | undefined;
  onSecond?: ((progress: ReplayProgress) => void) | undefined;
  /** A refusal reason or HTTP error, the first time it is seen. */
  onProblem?: ((message: string) => void) | undefined;
}

export interface ReplayProgress {
  elapsedMs: number;
  pass: number;
  /** The share of the file read in this pass, 0 to 1. */
  share: number;
  /** Samples a second over the last second. */
  sentRate: number;
  acceptedRate: number;
  rejectedRate: number;
  /** The most a request of the last second left after its oldest sample was due. */
  lagMs: number;
  sent: number;
  inFlight: number;
}

export interface ReplaySummary {
  sent: number;
  accepted: number;
  inserted: number;
  duplicates: number;
  rejected: number;
  /** Samples of requests that failed (HTTP error, no answer). */
  failed: number;
  requests: number;
  passes: number;
  /** From the start to the last sample sent: the recording's span divided by the speed when on time. */
  sendSeconds: number;
  /** Until the last answer came back. */
  seconds: number;
  /** Samples sent a second over `sendSeconds`. */
  rate: number;
  maxLagMs: number;
  /** Samples by refusal reason or HTTP error. */
  problems: Record<string, number>;
  stoppedBy: 'end' | 'signal';
}

/** A reason to stop at once: the key is refused, the URL is not a hub, the hub cannot be reached. */
export class ReplayError extends Error {}

const MAX_BATCH_SAMPLES = 20_000;
/** Well under the hub's default 8 MB ingest body limit. */
const MAX_BATCH_CHARS = 2 * 1024 * 1024;
const MAX_NETWORK_FAILURES = 3;
/** Distinct problems reported one by one; later ones are counted together. */
const MAX_PROBLEM_KINDS = 50;

interface Scheduled {
  sample: Sample;
  /** Recorded ms after the first sample, plus the length of the passes before this one. */
  offset: number;
}

interface IngestReply {
  accepted?: number;
  inserted?: number;
  duplicates?: number;
  rejected?: { index: number; reason: string }[];
  message?: string;
}

class Replayer {
  readonly #options: ReplayOptions;
  readonly #speed: number;
  readonly #url: string;
  readonly #maxInFlight: number;
  readonly #tickMs: number;
  #reader: RecordingReader;
  #samples: AsyncIterator<Sample>;
  readonly #inFlight = new Set<Promise<void>>();
  readonly #prefixes = new Map<string, string>();
  /** The newest timestamp sent per series: stamps stay strictly increasing even at extreme speeds. */
  readonly #lastStamp = new Map<string, number>();
  #firstTs = 0;
  #pass = 1;
  #passOffset = 0;
  /** The first pass's newest time and series count, for the length of a pass when looping. */
  #maxTs = Number.NEGATIVE_INFINITY;
  #firstPassCount = 0;
  readonly #firstPassSeries = new Set<string>();
  #startWall = 0;
  #startEpoch = 0;
  #lastSendAt = 0;
  #stopping = false;
  #fatal: ReplayError | null = null;
  #networkFailures = 0;
  readonly totals = { sent: 0, accepted: 0, inserted: 0, duplicates: 0, rejected: 0, failed: 0, requests: 0 };
  readonly problems: Record<string, number> = {};
  #maxLag = 0;
  #secondLag = 0;
  #previousReport = { at: 0, ...this.totals };

  constructor(options: ReplayOptions, reader: RecordingReader) {
    this.#options = options;
    this.#speed = options.speed;
    this.#url = `${options.to}/api/ingest`;
    this.#maxInFlight = options.maxInFlight ?? 4;
    this.#tickMs = options.tickMs ?? 50;
    this.#reader = reader;
    this.#samples = reader.samples[Symbol.asyncIterator]();
  }

  stop(): void {
    this.#stopping = true;
  }

  async #next(): Promise<Scheduled | null> {
    for (;;) {
      const result = await this.#samples.next();
      if (!result.done) {
        const sample = result.value;
        if (this.#pass === 1) {
          if (this.#firstPassCount === 0) this.#firstTs = sample.ts;
          this.#maxTs = Math.max(this.#maxTs, sample.ts);
          this.#firstPassCount++;
          this.#firstPassSeries.add(sample.series);
        }
        return { sample, offset: sample.ts - this.#firstTs + this.#passOffset };
      }
      if (!this.#options.loop || this.#stopping || this.#firstPassCount === 0) return null;
      this.#reader.close();
      this.#passOffset += this.#passLength();
      this.#reader = await openRecording(this.#options.file);
      this.#samples = this.#reader.samples[Symbol.asyncIterator]();
      this.#pass++;
    }
  }

  /** The first pass's span plus one mean sampling period: a pass starts where the next sample would have come. */
  #passLength(): number {
    const span = this.#maxTs - this.#firstTs;
    const series = this.#firstPassSeries.size;
    const intervals = this.#firstPassCount - series;
    return span + (intervals > 0 && span > 0 ? (span * series) / intervals : 1000);
  }

  #line(sample: Sample, offset: number): string {
    let stamp = Math.round(this.#startEpoch + offset / this.#speed);
    const last = this.#lastStamp.get(sample.series);
    if (last !== undefined && stamp <= last) stamp = last + 1;
    this.#lastStamp.set(sample.series, stamp);
    let prefix = this.#prefixes.get(sample.series);
    if (prefix === undefined) {
      prefix = linePrefix(sample.series);
      this.#prefixes.set(sample.series, prefix);
    }
    return `${prefix}${stamp},"value":${sample.value}}\n`;
  }

  #elapsed(): number {
    return performance.now() - this.#startWall;
  }

  async run(): Promise<void> {
    const next = await this.#next();
    if (next === null) throw new ReplayError(`${this.#options.file} holds no samples`);
    this.#startWall = performance.now();
    this.#startEpoch = Date.now();
    const reporter = setInterval(() => this.#report(), 1000);
    try {
      await this.#schedule(next);
    } finally {
      clearInterval(reporter);
      await Promise.allSettled(this.#inFlight);
      this.#reader.close();
    }
    if (this.#fatal) throw this.#fatal;
  }

  /** Sends each sample once it is due, from `first` to the end of the recording or until stopped. */
  async #schedule(first: Scheduled): Promise<void> {
    let next: Scheduled | null = first;
    while (next !== null && !this.#stopping) {
      const dueUntil = this.#elapsed() * this.#speed;
      let body = '';
      let count = 0;
      let oldestDue = Number.POSITIVE_INFINITY;
      while (next !== null && next.offset <= dueUntil && !this.#stopping) {
        body += this.#line(next.sample, next.offset);
        count++;
        oldestDue = Math.min(oldestDue, next.offset / this.#speed);
        if (count >= MAX_BATCH_SAMPLES || body.length >= MAX_BATCH_CHARS) {
          await this.#send(body, count, oldestDue);
          body = '';
          count = 0;
          oldestDue = Number.POSITIVE_INFINITY;
        }
        next = await this.#next();
      }
      if (count > 0) await this.#send(body, count, oldestDue);
      if (next === null || this.#stopping) break;
      const nextTick = (Math.floor(this.#elapsed() / this.#tickMs) + 1) * this.#tickMs;
      const wait = Math.ceil(Math.max(nextTick, next.offset / this.#speed) - this.#elapsed());
      try {
        await sleep(Math.max(1, wait), undefined, { signal: this.#options.signal });
      } catch {
        this.#stopping = true;
      }
    }
  }

  async #send(body: string, count: number, oldestDue: number): Promise<void> {
    while (this.#inFlight.size >= this.#maxInFlight) await Promise.race(this.#inFlight);
    if (this.#fatal) return;
    const now = this.#elapsed();
    const lag = Math.max(0, now - oldestDue);
    this.#maxLag = Math.max(this.#maxLag, lag);
    this.#secondLag = Math.max(this.#secondLag, lag);
    this.#lastSendAt = now;
    this.totals.sent += count;
    const request = this.#post(body, count).finally(() => this.#inFlight.delete(request));
    this.#inFlight.add(request);
  }

  #fail(error: ReplayError): void {
    this.#fatal ??= error;
    this.#stopping = true;
  }

  #problem(kind: string, samples: number): void {
    const known = kind in this.problems;
    const key = known || Object.keys(this.problems).length < MAX_PROBLEM_KINDS ? kind : 'other problems';
    this.problems[key] = (this.problems[key] ?? 0) + samples;
    if (!known && key === kind) this.#options.onProblem?.(kind);
  }

  async #post(body: string, count: number): Promise<void> {
    let response: Response;
    try {
      response = await fetch(this.#url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-ndjson', 'x-ingest-key': this.#options.key ?? DEMO_INGEST_KEY },
        body,
      });
    } catch (error) {
      this.totals.failed += count;
      const cause = (error as { cause?: Error }).cause?.message ?? (error as Error).message;
      this.#problem(`no answer from ${this.#options.to}: ${cause}`, count);
      if (++this.#networkFailures >= MAX_NETWORK_FAILURES) {
        this.#fail(new ReplayError(`Cannot reach ${this.#options.to}: ${cause}`));
      }
      return;
    }
    this.#networkFailures = 0;
    this.totals.requests++;
    const reply = (await response.json().catch(() => ({}))) as IngestReply;
    if (response.status === 401) {
      return this.#fail(
        new ReplayError(
          `The hub at ${this.#options.to} refused the ingest key (401): give a key it accepts with --key`,
        ),
      );
    }
    if (response.status === 404) {
      return this.#fail(new ReplayError(`No ingest API at ${this.#url} (404): is --to a Voltscope hub?`));
    }
    if (response.status !== 200 && response.status !== 422) {
      this.totals.failed += count;
      return this.#problem(`HTTP ${response.status}: ${reply.message ?? response.statusText}`, count);
    }
    this.totals.accepted += reply.accepted ?? 0;
    this.totals.inserted += reply.inserted ?? 0;
    this.totals.duplicates += reply.duplicates ?? 0;
    for (const { reason } of reply.rejected ?? []) {
      this.totals.rejected++;
      this.#problem(`refused: ${reason}`, 1);
    }
  }

  #report(): void {
    const previous = this.#previousReport;
    const now = this.#elapsed();
    const seconds = Math.max(0.001, (now - previous.at) / 1000);
    this.#previousReport = { at: now, ...this.totals };
    const lagMs = this.#secondLag;
    this.#secondLag = 0;
    this.#options.onSecond?.({
      elapsedMs: now,
      pass: this.#pass,
      share: this.#reader.progress(),
      sentRate: (this.totals.sent - previous.sent) / seconds,
      acceptedRate: (this.totals.accepted - previous.accepted) / seconds,
      rejectedRate: (this.totals.rejected - previous.rejected) / seconds,
      lagMs,
      sent: this.totals.sent,
      inFlight: this.#inFlight.size,
    });
  }

  summary(stoppedBy: ReplaySummary['stoppedBy']): ReplaySummary {
    const sendSeconds = this.#lastSendAt / 1000;
    return {
      ...this.totals,
      passes: this.#pass,
      sendSeconds,
      seconds: this.#elapsed() / 1000,
      rate: sendSeconds > 0 ? this.totals.sent / sendSeconds : 0,
      maxLagMs: this.#maxLag,
      problems: this.problems,
      stoppedBy,
    };
  }
}

/** Replays `file` into the hub at `to` until the end (or for ever with `loop`) or until `signal` aborts. */
export async function replay(options: ReplayOptions): Promise<ReplaySummary> {
  const replayer = new Replayer(options, await openRecording(options.file));
  const onAbort = () => replayer.stop();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  if (options.signal?.aborted) replayer.stop();
  try {
    await replayer.run();
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
  return replayer.summary(options.signal?.aborted ? 'signal' : 'end');
}
