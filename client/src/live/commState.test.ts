import { describe, expect, it } from 'vitest';
import { type CommInput, commState } from './commState.ts';

const live: CommInput = { connection: 'live', refused: false, silent: false, receivedAt: 1000, stale: false };

describe('a site communication state', () => {
  it('is live while frames arrive, stale once the watchdog calls the site silent', () => {
    expect(commState(live)).toBe('live');
    expect(commState({ ...live, stale: true })).toBe('stale');
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
