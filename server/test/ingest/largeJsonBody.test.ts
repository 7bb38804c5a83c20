// A large POST /api/ingest JSON body is parsed in the ingest's parser thread, a small one on the event
// loop: whichever way, a sender gets the same answer. Each body here goes twice, as it is and padded with
// whitespace past the size that sends it to the thread, and both answers are compared.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OFF_THREAD_MIN_BYTES } from '../../src/ingest/jsonOffThread.ts';
import { DEMO_INGEST_KEY } from '../helper.ts';
import { hubForTests } from '../hub.ts';

const hub = hubForTests();

const post = (body: string) =>
  hub.server.request('POST', '/api/ingest', {
    body,
    headers: { 'content-type': 'application/json', 'x-ingest-key': DEMO_INGEST_KEY },
  });

/** Samples near valid (real series by id or name, recent or odd times, values in and out of range) or anything. */
function samples() {
  const registry = hub.server.app.services.registry;
  const some = registry.series.filter((_, i) => i % 97 === 0);
  const now = Date.now();
  const field = <T>(likely: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: likely }, fc.jsonValue());
  const sample = fc.record(
    {
      series: field(
        fc.oneof(
          fc.constantFrom(...some.map((s) => s.id)),
          fc.constantFrom(...some.map((s) => `${s.deviceId}/${s.key}`)),
          fc.integer(),
          fc.double(),
          fc.string({ maxLength: 210 }),
        ),
      ),
      ts: field(fc.oneof(fc.integer({ min: now - 40 * 86_400_000, max: now + 60_000 }), fc.double())),
      value: field(fc.oneof(fc.double({ min: 0, max: 50, noNaN: true }), fc.double())),
    },
    { requiredKeys: [] },
  );
  return fc.array(fc.oneof({ weight: 5, arbitrary: sample }, fc.jsonValue()), { maxLength: 30 });
}

// biome-ignore lint/suspicious/noExplicitAny: answers are compared, not trusted.
async function answer(body: string): Promise<{ status: number; body: any }> {
  const response = await post(body);
  return { status: response.status, body: await response.json() };
}

/** What must not depend on the path: the status, what was accepted and each refusal with its reason. */
// biome-ignore lint/suspicious/noExplicitAny: see above.
const judged = ({ status, body }: { status: number; body: any }) =>
  status === 200 || status === 422
    ? { status, accepted: body.accepted, rejected: body.rejected }
    : { status, code: body.code, message: body.message };

const padded = (text: string) => text + ' '.repeat(OFF_THREAD_MIN_BYTES);

describe('a large JSON ingest body', () => {
  it('is judged sample by sample exactly as the same samples in a small body', async () => {
    await fc.assert(
      fc.asyncProperty(samples(), async (list) => {
        const text = JSON.stringify({ samples: list });
        const small = await answer(text);
        const large = await answer(padded(text));
        expect(judged(large)).toEqual(judged(small));
      }),
      { numRuns: 100 },
    );
  });

  it('keeps every sample of a large batch and says so after the commit', async () => {
    const registry = hub.server.app.services.registry;
    const start = Date.now() - 60_000;
    const list = registry.series.slice(0, 500).map((s, i) => ({ series: s.id, ts: start + i, value: s.min }));
    const { status, body } = await answer(JSON.stringify({ samples: list }));
    expect(status).toBe(200);
    expect(body).toEqual({ accepted: 500, inserted: 500, duplicates: 0, rejected: [] });
  });

  it('is refused whole, with the same answer, when it is not a batch, not JSON or poisoned', async () => {
    const bodies = [
      '{"samples": [1, 2',
      '[{"series": 1, "ts": 1, "value": 1}]',
      '{"samples": {"series": 1}}',
      '{"samples": [], "extra": true}',
      '{"samples": [{"__proto__": {"x": 1}, "series": 1, "ts": 1, "value": 1}]}',
      '{"samples": [{"constructor": {"prototype": {"x": 1}}}]}',
      '"just a string"',
    ];
    for (const text of bodies) {
      const small = await answer(text);
      const large = await answer(padded(text));
      expect(judged(large), text).toEqual(judged(small));
    }
  });
});
