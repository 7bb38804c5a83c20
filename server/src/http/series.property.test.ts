// Property tests of the history query's time parser (fast-check): any text gives a time a Date holds or
// a 400 HttpError, never another error; every such time reads back as itself, in ms or ISO 8601; a span
// is ordered and at most ten years long, or refused the same way.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../errors.ts';
import { parseSpan, parseTime } from './series.ts';

const MAX_DATE_MS = 8.64e15;
const TEN_YEARS_MS = 10 * 366 * 86_400_000;

/** Runs `parse` and says what it gave: a value, or the status and field of the HttpError it threw. */
function outcome<T>(parse: () => T): { value: T } | { status: number; fields: string[] } {
  try {
    return { value: parse() };
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    const { status, errors } = error as HttpError;
    return { status, fields: Object.keys(errors ?? {}) };
  }
}

/** Text such as a query may carry: anything, digits, numbers as JavaScript prints them, ISO-like dates. */
const timeText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.stringMatching(/^\d{1,25}$/),
  fc.double().map(String),
  fc.date({ noInvalidDate: false }).map((d) => (Number.isNaN(d.getTime()) ? 'Invalid Date' : d.toISOString())),
  fc.constantFrom('Infinity', '-1', '1e400', 'NaN', '0x10', ' 1', '2026-02-30', '+275760-09-13T00:00:00.001Z'),
);

describe('parseTime', () => {
  it('gives a time a Date holds, or a 400 naming the field', () => {
    fc.assert(
      fc.property(timeText, (raw) => {
        const result = outcome(() => parseTime('from', raw));
        if ('value' in result) {
          expect(Number.isFinite(result.value)).toBe(true);
          expect(Math.abs(result.value)).toBeLessThanOrEqual(MAX_DATE_MS);
        } else expect(result).toEqual({ status: 400, fields: ['from'] });
      }),
      { numRuns: 2000 },
    );
  });

  it('reads every time back as itself, in ms since 1970 or as ISO 8601', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_DATE_MS }), (ms) => {
        expect(parseTime('to', String(ms))).toBe(ms);
        expect(parseTime('to', new Date(ms).toISOString())).toBe(ms);
      }),
    );
  });
});

describe('parseSpan', () => {
  it('gives an ordered span of at most ten years, or a 400 naming one of its fields', () => {
    const near = fc.integer({ min: 0, max: MAX_DATE_MS }).chain((from) =>
      fc.tuple(
        fc.constant(from),
        fc.integer({ min: -TEN_YEARS_MS, max: 2 * TEN_YEARS_MS }).map((d) => from + d),
      ),
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.tuple(timeText, timeText),
          near.map(([from, to]) => [String(from), String(to)] as const),
        ),
        ([rawFrom, rawTo]) => {
          const result = outcome(() => parseSpan(rawFrom, rawTo));
          if ('value' in result) {
            const { from, to } = result.value;
            expect(to).toBeGreaterThan(from);
            expect(to - from).toBeLessThanOrEqual(TEN_YEARS_MS);
          } else {
            expect(result.status).toBe(400);
            expect(['from', 'to']).toContain(result.fields[0]);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
