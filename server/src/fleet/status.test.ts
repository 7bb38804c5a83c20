import { describe, expect, it } from 'vitest';
import { isStale } from './status.ts';

describe('the stale rule', () => {
  const now = 1_000_000;
  it('is stale past three periods of silence, until offline (five periods, at least 10 s)', () => {
    expect(isStale(now - 3000, 1000, now)).toBe(false);
    expect(isStale(now - 3001, 1000, now)).toBe(true);
    expect(isStale(now - 10_000, 1000, now)).toBe(true);
    expect(isStale(now - 10_001, 1000, now)).toBe(false);
    expect(isStale(now - 31_000, 10_000, now)).toBe(true);
    expect(isStale(now - 50_001, 10_000, now)).toBe(false);
  });
  it('is never stale for a device never heard from (it is offline)', () => {
    expect(isStale(null, 1000, now)).toBe(false);
  });
});
