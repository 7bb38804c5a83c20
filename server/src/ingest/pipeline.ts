// Every source (the simulator, HTTP, later MQTT and replay) hands its batches here. The batch reaches
// the latest values and the live listeners first, then the store; the caller's promise settles when the
// store has committed it, so an ingest is acknowledged only once its samples are durable.
import { EventEmitter } from 'node:events';
import type { LatestValues } from '../live/latest.ts';
import type { SampleBatch, TelemetryStore, WriteResult } from '../store/telemetry/types.ts';

interface IngestEvents {
  /** A batch on its way to the store. Listeners must not keep references to its arrays. */
  samples: [batch: SampleBatch];
  /** A batch committed, with the seconds the store took. */
  committed: [seconds: number];
}

export class Ingest extends EventEmitter<IngestEvents> {
  readonly #telemetry: TelemetryStore;
  readonly #latest: LatestValues;
  readonly counters = { accepted: 0, inserted: 0, duplicates: 0, rejected: 0, failed: 0 };

  constructor(telemetry: TelemetryStore, latest: LatestValues) {
    super();
    this.#telemetry = telemetry;
    this.#latest = latest;
  }

  /** `live: false` for history (backfill, late bulk loads): stored, but not pushed to live screens. */
  async accept(batch: SampleBatch, { live = true } = {}): Promise<WriteResult> {
    if (batch.series.length === 0) return { inserted: 0, duplicates: 0 };
    this.counters.accepted += batch.series.length;
    if (live) {
      this.#latest.update(batch);
      this.emit('samples', batch);
    }
    try {
      const started = performance.now();
      const result = await this.#telemetry.write(batch);
      this.emit('committed', (performance.now() - started) / 1000);
      this.counters.inserted += result.inserted;
      this.counters.duplicates += result.duplicates;
      return result;
    } catch (error) {
      this.counters.failed += batch.series.length;
      throw error;
    }
  }
}
