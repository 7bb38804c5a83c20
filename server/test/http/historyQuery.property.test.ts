// GET /api/series/history under generated queries (fast-check): whatever the ids, times and maxPoints,
// the hub answers 200 (having taken only a whole maxPoints from 1 to 10,000) with columns of one length,
// or 400/404 with the error body saying what is wrong; never a 500.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hubForTests } from '../hub.ts';

const hub = hubForTests({ signIn: ['client'] });

const numberText = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.stringMatching(/^\d{1,25}$/),
  fc.constantFrom('Infinity', '-Infinity', '1e400', 'NaN', '', ' ', '0x10', '1.5'),
  fc.string({ maxLength: 12 }),
);
const timeText = fc.oneof(
  numberText,
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  fc.integer({ min: 0, max: 2_000_000_000_000 }).map(String),
);
/** Often the client's own series, so that the other parameters are what decides the answer. */
const ownIds = fc
  .array(
    fc.constantFrom('fr-occitanie.inv01/ac_power', 'fr-occitanie.inv02/ac_power', 'es-tarifa.wtg01/active_power'),
    {
      minLength: 1,
      maxLength: 3,
    },
  )
  .map((keys) => keys.map((key) => hub.server.app.services.registry.seriesIdByKey(key)).join(','));
const idsText = fc.oneof(
  ownIds,
  fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 60 }).map((ids) => ids.join(',')),
  numberText,
);
/** Often a sane span of the last day, else any two times. */
const span = fc.oneof(
  fc.integer({ min: 1, max: 86_400_000 }).map((length) => {
    const to = Date.now();
    return { from: String(to - length), to: String(to) };
  }),
  fc.record({ from: timeText, to: timeText }, { requiredKeys: [] }),
);

describe('GET /api/series/history with any query', () => {
  it('answers 200, 400 or 404, never 500', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ ids: idsText, maxPoints: numberText, extra: fc.string({ maxLength: 8 }) }, { requiredKeys: [] }),
        span,
        async (params, times) => {
          const query = { ...params, ...times };
          const search = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined));
          const response = await hub.server.request('GET', `/api/series/history?${search}`, {
            token: hub.tokens.client,
          });
          const body = await response.json();
          expect([200, 400, 404]).toContain(response.status);
          if (response.status === 200) {
            // Only a whole number of points from 1 to 10,000 was taken.
            if (query.maxPoints !== undefined) {
              const maxPoints = Number(query.maxPoints);
              expect(Number.isInteger(maxPoints) && maxPoints >= 1 && maxPoints <= 10_000).toBe(true);
            }
            for (const series of body.series) expect(series.avg).toHaveLength(body.ts.length);
          } else {
            expect(body.code).toBe(response.status === 400 ? 'VALIDATION' : 'NOT_FOUND');
            expect(typeof body.message).toBe('string');
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
