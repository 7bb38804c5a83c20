import { describe, expect, it } from 'vitest';
import { isSiteStale, lastReport } from './freshness.ts';

describe('freshness', () => {
  it('marks a site stale when none of its generators reports', () => {
    const g = (state: 'online' | 'offline') => ({ state }) as never;
    expect(isSiteStale({ state: 'degraded', generators: [g('online'), g('offline')] })).toBe(false);
    expect(isSiteStale({ state: 'fault', generators: [g('offline'), g('offline')] })).toBe(true);
    expect(isSiteStale({ state: 'offline', generators: [] })).toBe(true);
  });

  it('knows when a site last reported', () => {
    expect(lastReport({ generators: [{ lastSeen: 5 }, { lastSeen: null }, { lastSeen: 9 }] as never })).toBe(9);
    expect(lastReport({ generators: [] })).toBeNull();
  });
});
