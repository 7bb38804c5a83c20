// Collects one step's samples as columns: series id and value per sample, one timestamp a step.
import { ColumnBuffer } from '../realtime/columnBuffer.ts';

export class BatchBuilder extends ColumnBuffer {
  constructor(capacity = 4096) {
    super(capacity);
  }

  override push(seriesId: number | undefined, ts: number, value: number): void {
    // A series the registry does not have (removed from the store) is skipped rather than invented.
    if (seriesId === undefined || !Number.isFinite(value)) return;
    super.push(seriesId, ts, value);
  }
}
