import type { LoginResponse } from '@voltscope/shared/domain';
import { describe, expect, it } from 'vitest';
import { createSessionStore, isAuthenticated, memoryStorage, SESSION_STORAGE_KEY } from './sessionStore.ts';

const NOW = 1_700_000_000_000;

const login = (expiresAt = NOW + 3_600_000): LoginResponse => ({
  userData: {
    id: 1,
    fullName: 'Ada Admin',
    username: 'admin',
    email: 'admin@voltscope.io',
    role: 'admin',
    avatar: null,
    siteIds: [],
  },
  accessToken: 'secret',
  userAbilityRules: [{ action: 'manage', subject: 'all' }],
  expiresAt,
});

function setup() {
  const local = memoryStorage();
  const session = memoryStorage();
  return { local, session, store: createSessionStore({ local, session, now: () => NOW }) };
}

describe('session store', () => {
  it('keeps a remembered session in localStorage and a plain one in sessionStorage', () => {
    const remembered = setup();
    remembered.store.signIn(login(), true);
    expect(remembered.local.getItem(SESSION_STORAGE_KEY)).toContain('secret');
    expect(remembered.session.getItem(SESSION_STORAGE_KEY)).toBeNull();

    const plain = setup();
    plain.store.signIn(login(), false);
    expect(plain.session.getItem(SESSION_STORAGE_KEY)).toContain('secret');
    expect(plain.local.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('restores a stored session on start', () => {
    const first = setup();
    first.store.signIn(login(), true);
    const again = createSessionStore({ local: first.local, session: first.session, now: () => NOW });
    expect(again.getState().userData?.username).toBe('admin');
    expect(again.getState().remembered).toBe(true);
  });

  it('drops an expired or corrupt session on start', () => {
    const { local, session } = setup();
    local.setItem(SESSION_STORAGE_KEY, JSON.stringify(login(NOW - 1)));
    session.setItem(SESSION_STORAGE_KEY, '{not json');
    const store = createSessionStore({ local, session, now: () => NOW });
    expect(store.getState().accessToken).toBeNull();
    expect(local.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('forgets everything on sign-out', () => {
    const { local, session, store } = setup();
    store.signIn(login(), true);
    store.signOut();
    expect(store.getState()).toMatchObject({ userData: null, accessToken: null, userAbilityRules: [] });
    expect(local.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(session.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('keeps new user data where the session is stored', () => {
    const { local, store } = setup();
    store.signIn(login(), true);
    store.updateUser({ ...login().userData, fullName: 'Ada Lovelace' });
    expect(store.getState().userData?.fullName).toBe('Ada Lovelace');
    expect(local.getItem(SESSION_STORAGE_KEY)).toContain('Ada Lovelace');
    expect(store.getState().accessToken).toBe('secret');
  });

  it('takes new rules and user data from the hub, kept where the session is stored', () => {
    const { session, store } = setup();
    store.signIn(login(), false);
    const rules = [{ action: 'read' as const, subject: 'Site' as const }];
    store.updateRights(rules, { ...login().userData, role: 'night-shift' });
    expect(store.getState().userAbilityRules).toEqual(rules);
    expect(store.getState().userData?.role).toBe('night-shift');
    expect(JSON.parse(session.getItem(SESSION_STORAGE_KEY) ?? '{}').userAbilityRules).toEqual(rules);
    expect(store.getState().accessToken).toBe('secret');
    store.signOut();
    store.updateRights(rules, login().userData);
    expect(store.getState().userData).toBeNull();
  });

  it('counts as authenticated only with both user data and a token', () => {
    const { store } = setup();
    expect(isAuthenticated(store.getState())).toBe(false);
    store.signIn(login(Date.now() + 60_000), false);
    expect(isAuthenticated(store.getState())).toBe(true);
    expect(isAuthenticated({ ...store.getState(), accessToken: null })).toBe(false);
  });
});
