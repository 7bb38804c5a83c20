// Every source (the simulator, HTTP, later MQTT and replay) hands its batches here. The ingest gives
// each batch to its live sinks first (latest values, rings and fan-out, alarm evaluation: synchronous,
// nothing awaited), then to the store; the caller's promise settles when the store has committed it, so
// an ingest is acknowledged only once its samples are durable. Each live sink is isolated: one that
// throws is counted and logged, and neither the batch nor the other sinks pay for it.
import { EventEmitter } from 'node:events';
import type { SampleBatch, TelemetryStore, WriteResult } from '../store/telemetry/types.ts';

/** A consumer of live samples. It must not keep references to the batch's arrays. */
export interface IngestSink {
  /** The `sink` label of its errors on /metrics. */
  readonly name: string;
  accept(batch: SampleBatch): void;
}

export interface IngestLog {
  error(details: object, message: string): void;
}

interface IngestEvents {
  /** A batch committed, with the seconds the store took. */
  committed: [seconds: number];
}

/** A sink failing on every batch logs once a minute, with how many batches it failed meanwhile. */
const LOG_EVERY_MS = 60_000;

export class Ingest extends EventEmitter<IngestEvents> {
  readonly #telemetry: TelemetryStore;
  readonly #sinks: readonly IngestSink[];
  readonly #log: IngestLog;
  readonly #logged = new Map<string, { at: number; errors: number }>();
  readonly counters = { accepted: 0, inserted: 0, duplicates: 0, rejected: 0, failed: 0 };
  /** Batches each sink failed, by sink name; `store` counts failed writes (those are not acknowledged). */
  readonly sinkErrors: Record<string, number>;

  constructor(telemetry: TelemetryStore, sinks: readonly IngestSink[], log: IngestLog) {
    super();
    this.#telemetry = telemetry;
    this.#sinks = sinks;
    this.#log = log;
    this.sinkErrors = Object.fromEntries([...sinks.map((s) => [s.name, 0]), ['store', 0]]);
  }

  /** `live: false` for history (backfill, late bulk loads): stored, but not pushed to live sinks. */
  async accept(batch: SampleBatch, { live = true } = {}): Promise<WriteResult> {
    if (batch.series.length === 0) return { inserted: 0, duplicates: 0 };
    this.counters.accepted += batch.series.length;
    if (live) for (const sink of this.#sinks) this.#hand(sink, batch);
    let result: WriteResult;
    const started = performance.now();
    try {
      result = await this.#telemetry.write(batch);
    } catch (error) {
      this.counters.failed += batch.series.length;
      this.sinkErrors.store = (this.sinkErrors.store ?? 0) + 1;
      throw error;
    }
    this.counters.inserted += result.inserted;
    this.counters.duplicates += result.duplicates;
    try {
      this.emit('committed', (performance.now() - started) / 1000);
    } catch (error) {
      this.#log.error({ err: error }, 'a listener of committed batches failed');
    }
    return result;
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
