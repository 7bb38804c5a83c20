// The signed-in session: who the user is, their token and their CASL rules. "Remember me" keeps it in
// localStorage (survives the browser closing); otherwise sessionStorage (this tab only). The core is a
// plain zustand store so the router's guards and the API wrapper read it outside React.
import type { AbilityRule } from '@voltscope/shared/abilities';
import type { PendingStep } from '@voltscope/shared/contracts/auth';
import type { LoginResponse, UserData } from '@voltscope/shared/domain';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface SessionState {
  userData: UserData | null;
  accessToken: string | null;
  userAbilityRules: AbilityRule[];
  /** When the token stops working, in ms since the epoch. */
  expiresAt: number | null;
  /** Whether the session lives in localStorage ("remember me") or sessionStorage. */
  remembered: boolean;
  /** A step the server asks for before anything else (own password, second factor), or null. */
  pendingStep: PendingStep | null;
}

export const SESSION_STORAGE_KEY = 'voltscope.session';

export const signedOut: SessionState = {
  userData: null,
  accessToken: null,
  userAbilityRules: [],
  expiresAt: null,
  remembered: false,
  pendingStep: null,
};

type Persisted = Pick<LoginResponse, 'userData' | 'accessToken' | 'userAbilityRules' | 'expiresAt' | 'pendingStep'>;

function parse(raw: string | null): Persisted | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Persisted> | null;
    if (
      value &&
      typeof value.accessToken === 'string' &&
      typeof value.userData === 'object' &&
      value.userData !== null &&
      Array.isArray(value.userAbilityRules) &&
      typeof value.expiresAt === 'number'
    ) {
      return value as Persisted;
    }
  } catch {
    // A corrupt entry is treated as no session.
  }
  return null;
}

export interface SessionStorages {
  local: Storage;
  session: Storage;
  now: () => number;
}

export interface SessionStore extends StoreApi<SessionState> {
  signIn(response: Persisted, remember: boolean): void;
  signOut(): void;
  /** New user data for the same session (after the user changed their name or email). */
  updateUser(userData: UserData): void;
  /** New rules and user data for the same session (an admin changed the user's role or sites). */
  updateRights(rules: AbilityRule[], userData: UserData): void;
  /** Re-reads the stores, e.g. after another tab signed in or out. */
  reload(): void;
  /** The pending step as GET /api/auth/me now says (null once done). */
  setPendingStep(step: PendingStep | null): void;
}

export function createSessionStore({ local, session, now }: SessionStorages): SessionStore {
  const load = (): SessionState => {
    for (const [storage, remembered] of [
      [local, true],
      [session, false],
    ] as const) {
      const stored = parse(storage.getItem(SESSION_STORAGE_KEY));
      if (stored && stored.expiresAt > now()) return { ...stored, remembered, pendingStep: stored.pendingStep ?? null };
      if (stored) storage.removeItem(SESSION_STORAGE_KEY);
    }
    return signedOut;
  };

  const store = createStore<SessionState>()(load);
  return Object.assign(store, {
    signIn(response: Persisted, remember: boolean) {
      const { userData, accessToken, userAbilityRules, expiresAt, pendingStep } = response;
      const persisted: Persisted = { userData, accessToken, userAbilityRules, expiresAt };
      if (pendingStep) persisted.pendingStep = pendingStep;
      (remember ? local : session).setItem(SESSION_STORAGE_KEY, JSON.stringify(persisted));
      (remember ? session : local).removeItem(SESSION_STORAGE_KEY);
      store.setState({ ...persisted, remembered: remember, pendingStep: pendingStep ?? null }, true);
    },
    signOut() {
      local.removeItem(SESSION_STORAGE_KEY);
      session.removeItem(SESSION_STORAGE_KEY);
      store.setState(signedOut, true);
    },
    updateUser(userData: UserData) {
      const state = store.getState();
      if (!state.accessToken || state.expiresAt === null) return;
      const persisted: Persisted = {
        userData,
        accessToken: state.accessToken,
        userAbilityRules: state.userAbilityRules,
        expiresAt: state.expiresAt,
      };
      if (state.pendingStep) persisted.pendingStep = state.pendingStep;
      (state.remembered ? local : session).setItem(SESSION_STORAGE_KEY, JSON.stringify(persisted));
      store.setState({ userData });
    },
    updateRights(userAbilityRules: AbilityRule[], userData: UserData) {
      const state = store.getState();
      if (!state.accessToken || state.expiresAt === null) return;
      const persisted: Persisted = {
        userData,
        accessToken: state.accessToken,
        userAbilityRules,
        expiresAt: state.expiresAt,
      };
      if (state.pendingStep) persisted.pendingStep = state.pendingStep;
      (state.remembered ? local : session).setItem(SESSION_STORAGE_KEY, JSON.stringify(persisted));
      store.setState({ userData, userAbilityRules });
    },
    setPendingStep(step: PendingStep | null) {
      const state = store.getState();
      if (!state.accessToken || state.expiresAt === null || !state.userData) return;
      const persisted: Persisted = {
        userData: state.userData,
        accessToken: state.accessToken,
        userAbilityRules: state.userAbilityRules,
        expiresAt: state.expiresAt,
      };
      if (step) persisted.pendingStep = step;
      (state.remembered ? local : session).setItem(SESSION_STORAGE_KEY, JSON.stringify(persisted));
      store.setState({ pendingStep: step });
    },
    reload() {
      store.setState(load(), true);
    },
  });
}

/** Seed section 4: authenticated means both the user data and an access token are stored. */
export const isAuthenticated = (state: SessionState): boolean =>
  state.userData !== null && state.accessToken !== null && (state.expiresAt === null || state.expiresAt > Date.now());

/** A Storage in memory: for tests, and when the browser refuses web storage (some private modes). */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

function browserStorage(name: 'localStorage' | 'sessionStorage'): Storage {
  try {
    return typeof window === 'undefined' ? memoryStorage() : window[name];
  } catch {
    return memoryStorage();
  }
}

export const sessionStore = createSessionStore({
  local: browserStorage('localStorage'),
  session: browserStorage('sessionStorage'),
  now: Date.now,
});

if (typeof window !== 'undefined') {
  // Signing out in one tab signs out the others that share the remembered session.
  window.addEventListener('storage', (event) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) sessionStore.reload();
  });
}

export function useSession<T>(selector: (state: SessionState) => T): T {
  return useStore(sessionStore, selector);
}
