// Property-based tests (fast-check) of the ingest validation: any JSON body, any NDJSON line and any value
// handed to validateSamples is accepted or refused with a 4xx and its reasons, never a crash or a 500, and
// every sample of a batch is accounted for (kept, or refused at its own index).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateSamples } from '../../src/ingest/validate.ts';
import { DEMO_INGEST_KEY } from '../helper.ts';
import { hubForTests } from '../hub.ts';

const hub = hubForTests();

const MAX_FUTURE_MS = 5 * 60_000;

/** Samples from near-valid (real series, recent times, values in and out of range) to any JSON value. */
function sampleArbitrary() {
  const registry = hub.server.app.services.registry;
  const some = registry.series.filter((_, i) => i % 97 === 0);
  const now = Date.now();
  const field = <T>(likely: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: likely }, fc.jsonValue());
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc.record(
        {
          series: field(
            fc.oneof(
              fc.constantFrom(...some.map((s) => s.id)),
              fc.constantFrom(...some.map((s) => `${s.deviceId}/${s.key}`)),
              fc.integer(),
              fc.string(),
            ),
          ),
          ts: field(
            fc.oneof(
              fc.integer({ min: now - 40 * 86_400_000, max: now + 3_600_000 }),
              fc.integer({ min: 1e9, max: 1e10 }),
            ),
          ),
          value: field(fc.oneof(fc.double({ min: 0, max: 50, noNaN: true }), fc.double())),
        },
        { requiredKeys: [] },
      ),
    },
    fc.jsonValue(),
  );
}

// biome-ignore lint/suspicious/noExplicitAny: test bodies are asserted, not trusted.
function expectAccounted(status: number, body: any, count: number) {
  expect([200, 422]).toContain(status);
  expect(body.accepted + body.rejected.length).toBe(count);
  expect(body.inserted + body.duplicates).toBe(body.accepted);
  const indices: number[] = body.rejected.map((r: { index: number }) => r.index);
  expect(indices).toEqual([...new Set(indices)].sort((a, b) => a - b));
  for (const index of indices) expect(index >= 0 && index < count).toBe(true);
  expect(status === 422).toBe(count > 0 && body.accepted === 0);
}

const post = (body: string, contentType: string) =>
  hub.server.request('POST', '/api/ingest', {
    body,
    headers: { 'content-type': contentType, 'x-ingest-key': DEMO_INGEST_KEY },
  });

describe('ingest validation, for any input', () => {
  it('keeps or refuses each sample of any JSON batch at its index, and refuses any other JSON body with a 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 3, arbitrary: fc.array(sampleArbitrary(), { maxLength: 20 }) }, fc.jsonValue()),
        async (samples) => {
          const text = JSON.stringify(Array.isArray(samples) ? { samples } : samples);
          // A body with a `__proto__` key anywhere is refused whole (400, prototype poisoning), not per sample;
          // "__proto__" as a value is only a bad sample.
          const batch = Array.isArray(samples) && !text.includes('"__proto__":');
          const response = await post(text, 'application/json');
          const body = await response.json();
          if (batch) expectAccounted(response.status, body, samples.length);
          else {
            expect(response.status).toBeGreaterThanOrEqual(400);
            expect(response.status).toBeLessThan(500);
            expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps or refuses each line of any NDJSON body, JSON or not', async () => {
    const line = fc.oneof(
      { weight: 3, arbitrary: sampleArbitrary().map((s) => JSON.stringify(s)) },
      fc.string({ maxLength: 40 }).filter((s) => !s.includes('\n')),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 20 }), async (lines) => {
        const response = await post(lines.join('\n'), 'application/x-ndjson');
        expectAccounted(response.status, await response.json(), lines.filter((l) => l.trim() !== '').length);
      }),
      { numRuns: 150 },
    );
  });

  it('never throws on any value, and keeps only what it can store', () => {
    const registry = hub.server.app.services.registry;
    fc.assert(
      fc.property(fc.array(fc.oneof(sampleArbitrary(), fc.anything()), { maxLength: 30 }), (samples) => {
        const now = Date.now();
        const { batch, rejected } = validateSamples(registry, samples, {
          now,
          maxFutureMs: MAX_FUTURE_MS,
          oldest: now - 30 * 86_400_000,
          siteId: null,
        });
        expect(batch.series.length + rejected.length).toBe(samples.length);
        for (let i = 0; i < batch.series.length; i++) {
          const series = registry.seriesById(batch.series[i] as number);
          const value = batch.values[i] as number;
          expect(series).toBeDefined();
          expect(Number.isFinite(value) && value >= (series?.min ?? 0) && value <= (series?.max ?? 0)).toBe(true);
          expect(Number.isInteger(batch.ts[i])).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
