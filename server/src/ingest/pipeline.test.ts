import { describe, expect, it, vi } from 'vitest';
import type { SampleBatch, TelemetryStore } from '../store/telemetry/types.ts';
import { Ingest, IngestBusyError, type IngestSink } from './pipeline.ts';

const batch = (): SampleBatch => ({
  series: Int32Array.of(1, 2),
  ts: Float64Array.of(1000, 1000),
  values: Float64Array.of(3, 4),
});

const allNew: TelemetryStore['write'] = async (b) => ({
  inserted: b.series.length,
  duplicates: 0,
  fresh: new Uint8Array(b.series.length).fill(1),
});

function setup(write: TelemetryStore['write'] = allNew) {
  const order: string[] = [];
  const store = {
    write: vi.fn(async (b: SampleBatch) => {
      order.push('store');
      return write(b);
    }),
  } as unknown as TelemetryStore;
  const seen: Record<string, SampleBatch[]> = {};
  const sink = (name: string, fail = false, stored = false): IngestSink => ({
    name,
    stored,
    accept: vi.fn((b: SampleBatch) => {
      order.push(name);
      seen[name] = [...(seen[name] ?? []), b];
      if (fail) throw new Error(`${name} broke`);
    }),
  });
  const log = { error: vi.fn() };
  return { order, seen, store, sink, log };
}

describe('ingest pipeline', () => {
  it('hands a batch to every live sink in order before the store, and to the stored ones after it', async () => {
    const { order, store, sink, log } = setup();
    const ingest = new Ingest(store, [sink('latest'), sink('live'), sink('alarms', false, true)], log);
    expect(await ingest.accept(batch())).toEqual({ inserted: 2, duplicates: 0 });
    expect(order).toEqual(['latest', 'live', 'store', 'alarms']);
  });

  it('gives the stored sinks only the samples the store accepted as new, in time order', async () => {
    const { seen, store, sink, log } = setup(async () => ({
      inserted: 3,
      duplicates: 1,
      fresh: Uint8Array.of(1, 0, 1, 1),
    }));
    const ingest = new Ingest(store, [sink('live'), sink('alarms', false, true)], log);
    const sent = {
      series: Int32Array.of(1, 1, 2, 3),
      ts: Float64Array.of(3000, 1000, 2000, 1000),
      values: Float64Array.of(30, 10, 20, 11),
    };
    expect(await ingest.accept(sent)).toEqual({ inserted: 3, duplicates: 1 });
    expect(seen.live?.[0]).toBe(sent);
    const judged = seen.alarms?.[0] as SampleBatch;
    expect([Array.from(judged.series), Array.from(judged.ts), Array.from(judged.values)]).toEqual([
      [3, 2, 1],
      [1000, 2000, 3000],
      [11, 20, 30],
    ]);
  });

  it('gives the stored sinks nothing when the store kept what it had', async () => {
    const { order, store, sink, log } = setup(async (b) => ({
      inserted: 0,
      duplicates: b.series.length,
      fresh: new Uint8Array(b.series.length),
    }));
    const ingest = new Ingest(store, [sink('live'), sink('alarms', false, true)], log);
    expect(await ingest.accept(batch())).toEqual({ inserted: 0, duplicates: 2 });
    expect(order).toEqual(['live', 'store']);
  });

  it('gives the live sinks the batch before awaiting anything', () => {
    const { order, store, sink, log } = setup();
    const ingest = new Ingest(store, [sink('latest'), sink('live')], log);
    void ingest.accept(batch());
    expect(order.slice(0, 2)).toEqual(['latest', 'live']);
  });

  it('keeps the batch and the other sinks when one throws, counts it and logs it once a minute', async () => {
    const { order, store, sink, log } = setup();
    const ingest = new Ingest(store, [sink('latest'), sink('live', true), sink('alarms', false, true)], log);
    for (let i = 0; i < 3; i++) expect(await ingest.accept(batch())).toEqual({ inserted: 2, duplicates: 0 });
    expect(order.filter((s) => s === 'alarms')).toHaveLength(3);
    expect(order.filter((s) => s === 'store')).toHaveLength(3);
    expect(ingest.sinkErrors).toEqual({ latest: 0, live: 3, alarms: 0, store: 0 });
    expect(ingest.counters).toMatchObject({ accepted: 6, inserted: 6 });
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('lets the store decide the answer: a failed write rejects and is counted', async () => {
    const { store, sink, log } = setup(async () => {
      throw new Error('disk full');
    });
    const ingest = new Ingest(store, [sink('latest')], log);
    await expect(ingest.accept(batch())).rejects.toThrow('disk full');
    expect(ingest.sinkErrors.store).toBe(1);
    expect(ingest.counters.failed).toBe(2);
  });

  it('skips every sink for history', async () => {
    const { order, store, sink, log } = setup();
    const ingest = new Ingest(store, [sink('latest'), sink('alarms', false, true)], log);
    await ingest.accept(batch(), { live: false });
    expect(order).toEqual(['store']);
  });

  it('refuses a batch before any sink sees it while the store has too many samples pending, and counts it', async () => {
    const stalled = Promise.withResolvers<void>();
    const { order, store, sink, log } = setup(async (b) => {
      await stalled.promise;
      return allNew(b);
    });
    const ingest = new Ingest(store, [sink('live')], log, { maxPendingSamples: 3 });
    const first = ingest.accept(batch());
    expect(ingest.pendingSamples).toBe(2);
    await expect(ingest.accept(batch())).rejects.toBeInstanceOf(IngestBusyError);
    expect(order).toEqual(['live', 'store']);
    expect(ingest.counters).toMatchObject({ accepted: 2, busy: 2 });
    stalled.resolve();
    await first;
    expect(ingest.pendingSamples).toBe(0);
    // A batch larger than the bound still goes through when nothing is pending.
    const big = new Ingest(store, [], log, { maxPendingSamples: 1 });
    expect(await big.accept(batch())).toEqual({ inserted: 2, duplicates: 0 });
  });
});
