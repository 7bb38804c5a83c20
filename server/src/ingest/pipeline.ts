// Every source (the simulator, HTTP, later MQTT and replay) hands its batches here. The ingest gives
// each batch to its live sinks first (latest values, rings and fan-out: synchronous, nothing awaited),
// then to the store; once the store has committed it, the sinks that judge stored data (alarm
// evaluation) get the samples the store accepted as new, in time order: a resent (series, timestamp)
// the store already held is not theirs to judge. The caller's promise settles after that, so an ingest
// is acknowledged only once its samples are durable. Each sink is isolated: one that throws is counted
// and logged, and neither the batch nor the other sinks pay for it.
import { EventEmitter } from 'node:events';
import type { SampleBatch, TelemetryStore } from '../store/telemetry/types.ts';

/** A consumer of samples. It must not keep references to the batch's arrays. */
export interface IngestSink {
  /** The `sink` label of its errors on /metrics. */
  readonly name: string;
  /**
   * false (the default): every sample as it arrives, before the store. true: after the commit, only the
   * samples the store accepted as new, in time order.
   */
  readonly stored?: boolean;
  accept(batch: SampleBatch): void;
}

export interface IngestLog {
  error(details: object, message: string): void;
}

/** What an ingest answers: samples stored, and samples whose (series, timestamp) the store already had. */
export interface IngestResult {
  inserted: number;
  duplicates: number;
}

interface IngestEvents {
  /** A batch committed, with the seconds the store took. */
  committed: [seconds: number];
}

/** Refused before anything saw the batch: the store has too many samples waiting for their commit. */
export class IngestBusyError extends Error {
  constructor(pending: number) {
    super(`the store is behind: ${pending} samples are waiting for their commit`);
  }
}

/** A sink failing on every batch logs once a minute, with how many batches it failed meanwhile. */
const LOG_EVERY_MS = 60_000;

/** The usual batch: every sample new, already in time order (then it is its own answer, not copied). */
function allFreshInOrder(batch: SampleBatch, fresh: Uint8Array): boolean {
  const { ts } = batch;
  for (let i = 0; i < fresh.length; i++) {
    if (fresh[i] === 0 || (i > 0 && (ts[i] as number) < (ts[i - 1] as number))) return false;
  }
  return true;
}

/** The samples of `batch` marked in `fresh`, sorted by time (stable: a batch's order within one ms). */
export function freshInTimeOrder(batch: SampleBatch, fresh: Uint8Array): SampleBatch {
  if (allFreshInOrder(batch, fresh)) return batch;
  const picked: number[] = [];
  for (let i = 0; i < fresh.length; i++) if (fresh[i]) picked.push(i);
  picked.sort((a, b) => (batch.ts[a] as number) - (batch.ts[b] as number) || a - b);
  return {
    series: Int32Array.from(picked, (i) => batch.series[i] as number),
    ts: Float64Array.from(picked, (i) => batch.ts[i] as number),
    values: Float64Array.from(picked, (i) => batch.values[i] as number),
  };
}

export class Ingest extends EventEmitter<IngestEvents> {
  readonly #telemetry: TelemetryStore;
  readonly #live: readonly IngestSink[];
  readonly #stored: readonly IngestSink[];
  readonly #log: IngestLog;
  readonly #logged = new Map<string, { at: number; errors: number }>();
  readonly #maxPendingSamples: number;
  #pending = 0;
  /** `busy`: samples refused because the store was too far behind (the sender is told to retry). */
  readonly counters = { accepted: 0, inserted: 0, duplicates: 0, rejected: 0, failed: 0, busy: 0 };
  /** Why the store's last write failed, while none has succeeded since (/api/health reports it); else null. */
  storeFailure: string | null = null;
  /** Batches each sink failed, by sink name; `store` counts failed writes (those are not acknowledged). */
  readonly sinkErrors: Record<string, number>;

  /**
   * `maxPendingSamples`: samples handed to the store and not yet committed past which a new batch is
   * refused (IngestBusyError), so that a store slower than its senders holds bounded memory. A batch
   * finding nothing pending is always taken.
   */
  constructor(
    telemetry: TelemetryStore,
    sinks: readonly IngestSink[],
    log: IngestLog,
    { maxPendingSamples = Number.POSITIVE_INFINITY } = {},
  ) {
    super();
    this.#maxPendingSamples = maxPendingSamples;
    this.#telemetry = telemetry;
    this.#live = sinks.filter((s) => !s.stored);
    this.#stored = sinks.filter((s) => s.stored);
    this.#log = log;
    this.sinkErrors = Object.fromEntries([...sinks.map((s) => [s.name, 0]), ['store', 0]]);
  }

  /**
   * `live: false` for history (backfill, late bulk loads): stored, but given to no sink. The caller
   * leaves the batch's arrays as they are until the promise settles.
   */
  async accept(batch: SampleBatch, { live = true } = {}): Promise<IngestResult> {
    const n = batch.series.length;
    if (n === 0) return { inserted: 0, duplicates: 0 };
    if (this.#pending > 0 && this.#pending + n > this.#maxPendingSamples) {
      this.counters.busy += n;
      throw new IngestBusyError(this.#pending);
    }
    this.counters.accepted += n;
    if (live) for (const sink of this.#live) this.#hand(sink, batch);
    const started = performance.now();
    let result: Awaited<ReturnType<TelemetryStore['write']>>;
    this.#pending += n;
    try {
      result = await this.#telemetry.write(batch);
    } catch (error) {
      this.counters.failed += batch.series.length;
      this.sinkErrors.store = (this.sinkErrors.store ?? 0) + 1;
      this.storeFailure = error instanceof Error ? error.message : String(error);
      throw error;
    } finally {
      this.#pending -= n;
    }
    this.storeFailure = null;
    this.counters.inserted += result.inserted;
    this.counters.duplicates += result.duplicates;
    if (live && this.#stored.length > 0 && result.inserted > 0) {
      const fresh = freshInTimeOrder(batch, result.fresh);
      for (const sink of this.#stored) this.#hand(sink, fresh);
    }
    try {
      this.emit('committed', (performance.now() - started) / 1000);
    } catch (error) {
      this.#log.error({ err: error }, 'a listener of committed batches failed');
    }
    return { inserted: result.inserted, duplicates: result.duplicates };
  }

  /** Samples handed to the store and not yet committed (or failed). */
  get pendingSamples(): number {
    return this.#pending;
  }

  #hand(sink: IngestSink, batch: SampleBatch): void {
    try {
      sink.accept(batch);
    } catch (error) {
      this.sinkErrors[sink.name] = (this.sinkErrors[sink.name] ?? 0) + 1;
      const now = Date.now();
      const noted = this.#logged.get(sink.name);
      if (noted && now - noted.at < LOG_EVERY_MS) {
        noted.errors++;
        return;
      }
      this.#log.error(
        { err: error, sink: sink.name, failedSinceLastLog: noted?.errors ?? 0 },
        'an ingest sink failed; the batch went on',
      );
      this.#logged.set(sink.name, { at: now, errors: 0 });
    }
  }
}
