import { describe, expect, it } from 'vitest';
import { ApiError } from '../session/api.ts';
import { gapRetryDelay } from './loadHistory.ts';

const answer = (status: number, retryAfter: number | null = null) =>
  new ApiError(status, { code: 'INTERNAL', message: 'x' }, retryAfter);

describe('asking again for a missed span', () => {
  it('asks again after a network failure, a 5xx or a 429, waiting longer each time, then gives up', () => {
    const failed = new TypeError('Failed to fetch');
    expect([0, 1, 2, 3, 4].map((n) => gapRetryDelay(failed, n))).toEqual([1000, 2000, 4000, 8000, null]);
    expect(gapRetryDelay(answer(502), 0)).toBe(1000);
    expect(gapRetryDelay(answer(503), 1)).toBe(2000);
  });

  it("waits as long as the hub's Retry-After says when that is longer", () => {
    expect(gapRetryDelay(answer(429, 5), 0)).toBe(5000);
    expect(gapRetryDelay(answer(503, 0), 2)).toBe(4000);
  });

  it('does not ask again for an answer that would be the same (refused, not found, bad request)', () => {
    for (const status of [400, 401, 403, 404]) expect(gapRetryDelay(answer(status), 0)).toBeNull();
    expect(gapRetryDelay(new Error('parse'), 0)).toBeNull();
  });
});
