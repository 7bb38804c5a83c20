import { describe, expect, it } from 'vitest';
import { type CommInput, commState, STALE_AFTER_MS } from './commState.ts';

const now = 1_000_000;
const live: CommInput = { connection: 'live', refused: false, silent: false, receivedAt: now - 1000, now };

describe('a site communication state', () => {
  it('is live while frames arrive, stale once none came for the threshold', () => {
    expect(commState(live)).toBe('live');
    expect(commState({ ...live, receivedAt: now - STALE_AFTER_MS })).toBe('live');
    expect(commState({ ...live, receivedAt: now - STALE_AFTER_MS - 1 })).toBe('stale');
  });

  it('is lost when the hub says the site is silent, refuses it, or this browser lost the hub', () => {
    expect(commState({ ...live, silent: true })).toBe('lost');
    expect(commState({ ...live, refused: true })).toBe('lost');
    expect(commState({ ...live, connection: 'reconnecting' })).toBe('lost');
    expect(commState({ ...live, connection: 'offline' })).toBe('lost');
  });

  it('waits, uncoloured, for the first frame of a site the hub has data of', () => {
    expect(commState({ ...live, receivedAt: null })).toBe('waiting');
    expect(commState({ ...live, connection: 'connecting', receivedAt: null })).toBe('waiting');
  });
});
