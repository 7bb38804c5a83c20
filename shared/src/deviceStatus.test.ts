import { describe, expect, it } from 'vitest';
import { isStale, statusOf } from './deviceStatus.ts';

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

describe('a device’s state on the status grid', () => {
  const now = 1_000_000;
  const heard = { maintenance: false, lastSeen: now - 500, periodMs: 1000, faulted: false };
  it('puts maintenance above all, then offline, fault, stale, online', () => {
    expect(statusOf({ ...heard, maintenance: true, faulted: true, lastSeen: null }, now)).toBe('maintenance');
    expect(statusOf({ ...heard, faulted: true, lastSeen: now - 20_000 }, now)).toBe('offline');
    expect(statusOf({ ...heard, faulted: true, lastSeen: now - 5000 }, now)).toBe('fault');
    expect(statusOf({ ...heard, lastSeen: now - 5000 }, now)).toBe('stale');
    expect(statusOf(heard, now)).toBe('online');
  });
});
