import { describe, expect, it, vi } from 'vitest';
import type { SampleBatch, TelemetryStore } from '../store/telemetry/types.ts';
import { Ingest, type IngestSink } from './pipeline.ts';

const batch = (): SampleBatch => ({
  series: Int32Array.of(1, 2),
  ts: Float64Array.of(1000, 1000),
  values: Float64Array.of(3, 4),
});

function setup(write: TelemetryStore['write'] = async (b) => ({ inserted: b.series.length, duplicates: 0 })) {
  const order: string[] = [];
  const store = {
    write: vi.fn(async (b: SampleBatch) => {
      order.push('store');
      return write(b);
    }),
  } as unknown as TelemetryStore;
  const sink = (name: string, fail = false): IngestSink => ({
    name,
    accept: vi.fn(() => {
      order.push(name);
      if (fail) throw new Error(`${name} broke`);
    }),
  });
  const log = { error: vi.fn() };
  return { order, store, sink, log };
}

describe('ingest pipeline', () => {
  it('hands a batch to every live sink in order, before the store', async () => {
    const { order, store, sink, log } = setup();
    const ingest = new Ingest(store, [sink('latest'), sink('live'), sink('alarms')], log);
    expect(await ingest.accept(batch())).toEqual({ inserted: 2, duplicates: 0 });
    expect(order).toEqual(['latest', 'live', 'alarms', 'store']);
  });

  it('gives the live sinks the batch before awaiting anything', () => {
    const { order, store, sink, log } = setup();
    const ingest = new Ingest(store, [sink('latest'), sink('live')], log);
    void ingest.accept(batch());
    expect(order.slice(0, 2)).toEqual(['latest', 'live']);
  });

  it('keeps the batch and the other sinks when one throws, counts it and logs it once a minute', async () => {
    const { order, store, sink, log } = setup();
    const ingest = new Ingest(store, [sink('latest'), sink('live', true), sink('alarms')], log);
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

  it('skips the live sinks for history', async () => {
    const { order, store, sink, log } = setup();
    const ingest = new Ingest(store, [sink('latest')], log);
    await ingest.accept(batch(), { live: false });
    expect(order).toEqual(['store']);
  });
});
