// Fault matrix (RELIABILITY.md): the store slower than the ingest. With the store stalled, the samples
// waiting for their commit must stay under INGEST_MAX_PENDING_SAMPLES: past it the ingest answers 503
// with Retry-After at once instead of queueing without bound, stores nothing of what it refused, and
// once the store catches up every acknowledged sample is there (I1) and ingest goes on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SampleBatch } from '../../src/store/telemetry/types.ts';
import { DEMO_INGEST_KEY, startTestServer, type TestServer } from '../helper.ts';

const BOUND = 1000;
const BATCH = 300;
const REQUESTS = 10;

let server: TestServer;
// The stalled store's gate, opened in afterAll too so that a failed test does not leave writes waiting.
const stalled = Promise.withResolvers<void>();
beforeAll(async () => {
  server = await startTestServer({ ingestMaxPendingSamples: BOUND });
});
afterAll(async () => {
  stalled.resolve();
  await server.close();
});

const post = (samples: unknown[]) =>
  fetch(`${server.url}/api/ingest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ingest-key': DEMO_INGEST_KEY },
    body: JSON.stringify({ samples }),
  });

describe('the store slower than the ingest', () => {
  it('answers 503 with Retry-After past the pending bound, and keeps every acknowledged sample', async () => {
    const { telemetry, registry, ingest } = server.app.services;
    const series = registry.seriesIdByKey('fr-occitanie.inv01/ac_power') as number;
    // The store stalls: each write waits until the test lets it go.
    const write = telemetry.write.bind(telemetry);
    let mostPending = 0;
    telemetry.write = async (batch: SampleBatch) => {
      mostPending = Math.max(mostPending, ingest.pendingSamples);
      await stalled.promise;
      return write(batch);
    };

    const start = Date.now() - 600_000;
    const batches = Array.from({ length: REQUESTS }, (_, r) =>
      Array.from({ length: BATCH }, (_, i) => ({ series, ts: start + r * BATCH + i, value: 100 + i / 100 })),
    );
    const answers: { batch: number; status: number; retryAfter: string | null; body: unknown }[] = [];
    const requests = batches.map(async (samples, batch) => {
      const response = await post(samples);
      answers.push({
        batch,
        status: response.status,
        retryAfter: response.headers.get('retry-after'),
        body: await response.json(),
      });
    });
    // Those past the bound are answered while the store is still stalled.
    const refusedAtOnce = REQUESTS - Math.floor(BOUND / BATCH);
    for (let i = 0; i < 500 && answers.length < refusedAtOnce; i++) await new Promise((r) => setTimeout(r, 20));
    expect(answers.length, 'answers while the store was stalled').toBe(refusedAtOnce);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.retryAfter).toMatch(/^\d+$/);
      expect(answer.body).toMatchObject({ code: 'UNAVAILABLE' });
    }
    expect(ingest.pendingSamples).toBeLessThanOrEqual(BOUND);
    // Busy is not broken: the hub stays healthy, and /metrics counts what it refused.
    expect((await server.request('GET', '/api/health')).status).toBe(200);
    const metrics = await (await server.request('GET', '/metrics')).text();
    expect(metrics).toContain(`voltscope_ingest_busy_total ${refusedAtOnce * BATCH}`);

    stalled.resolve();
    await Promise.all(requests);
    telemetry.write = write;
    const acknowledged = answers.filter((a) => a.status === 200);
    expect(acknowledged.map((a) => a.body)).toEqual(
      Array.from({ length: REQUESTS - refusedAtOnce }, () => expect.objectContaining({ inserted: BATCH })),
    );
    expect(mostPending).toBeLessThanOrEqual(BOUND);
    console.log(
      `slow store: ${acknowledged.length} batches acknowledged, ${refusedAtOnce} refused, at most ${mostPending} samples pending`,
    );

    // What was acknowledged is stored; what was refused is not.
    const history = await telemetry.history({
      seriesIds: [series],
      from: start,
      to: start + REQUESTS * BATCH,
      maxPoints: REQUESTS * BATCH,
    });
    const stored = new Set(history.ts);
    for (const { batch, status } of answers) {
      const held = batches[batch]?.filter((s) => stored.has(s.ts)).length;
      expect(held, `batch ${batch} (${status})`).toBe(status === 200 ? BATCH : 0);
    }
    // Caught up: the same hub takes a batch again.
    expect((await post(batches[answers.find((a) => a.status === 503)?.batch ?? 0] ?? [])).status).toBe(200);
  });
});
