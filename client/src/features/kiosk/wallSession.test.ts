import { RENEW_EVERY_MS } from '@voltscope/shared/displays';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../session/sessionStore.ts';
import { displayStore, rememberDisplay } from './displayStore.ts';
import { testDisplay } from './testDisplay.ts';
import { PAIRING_PATH, tokenDue, wallEndedPath } from './wallSession.ts';

const NOW = Date.now();

const display = { ...testDisplay(), id: 3 };

const signIn = (role: 'display' | 'operator') =>
  sessionStore.signIn(
    {
      userData: { id: 9, fullName: 'Wall', username: 'wall', email: 'w@x.io', role, avatar: null, siteIds: [] },
      accessToken: 'tok',
      userAbilityRules: [],
      expiresAt: NOW + 3_600_000,
    },
    true,
  );

describe('a wall session', () => {
  beforeEach(() => {
    sessionStore.signOut();
    displayStore.setState({ display: null, build: null, tokenIssuedAt: null, unpaired: false });
  });

  it('ends on the pairing screen, saying it was unpaired, and forgets its display', () => {
    signIn('display');
    rememberDisplay(display, 'build-1');
    expect(wallEndedPath()).toBe(PAIRING_PATH);
    expect(sessionStore.getState().accessToken).toBeNull();
    expect(displayStore.getState()).toMatchObject({ display: null, unpaired: true });
  });

  it('ends on the pairing screen even when the session was cleared first (a 401)', () => {
    signIn('display');
    rememberDisplay(display, 'build-1');
    sessionStore.signOut();
    expect(wallEndedPath()).toBe(PAIRING_PATH);
  });

  it('leaves a person to the sign-in page, and a person signing in stops a browser being a wall', () => {
    rememberDisplay(display, 'build-1');
    signIn('operator');
    expect(displayStore.getState().display).toBeNull();
    expect(wallEndedPath()).toBeNull();
    expect(sessionStore.getState().accessToken).toBe('tok');
  });

  it('renews a token once it is RENEW_EVERY_MS old, or when its age is unknown', () => {
    expect(tokenDue(NOW)).toBe(true);
    rememberDisplay(display, 'build-1', NOW);
    expect(tokenDue(NOW + RENEW_EVERY_MS - 1)).toBe(false);
    expect(tokenDue(NOW + RENEW_EVERY_MS)).toBe(true);
  });
});
