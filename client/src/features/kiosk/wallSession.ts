// The wall's calls of its own (/api/display/*): pair with a code, renew its token, read itself; and what
// happens when the hub ends a wall's session (revoked, or its token refused): back to the pairing screen,
// never the sign-in page. The token is kept by the session store like any remembered sign-in, so every
// page, the API client and the live socket work for a wall unchanged.
import { normalPairingCode, RENEW_EVERY_MS } from '@voltscope/shared/displays';
import { api, call, type Reply } from '../../session/api.ts';
import { type SessionState, sessionStore } from '../../session/sessionStore.ts';
import { displayStore, forgetDisplay, rememberDisplay } from './displayStore.ts';

export const PAIRING_PATH = '/display';

type DisplaySession = Reply<'POST /api/display/pair'>;

export const isWallSession = (state: Pick<SessionState, 'userData'>): boolean => state.userData?.role === 'display';

function keep(session: DisplaySession): void {
  const { accessToken, expiresAt, userData, userAbilityRules, display, build } = session;
  sessionStore.signIn({ accessToken, expiresAt, userData, userAbilityRules }, true);
  rememberDisplay(display, build);
}

/** Binds this browser as the display the code was made for (case and dash of the code optional). */
export async function pairWall(code: string): Promise<void> {
  keep(await api(call('POST /api/display/pair', { body: { code: normalPairingCode(code) } })));
}

/** A new token for the same display (the old one keeps working a few minutes, for calls in flight). */
export async function renewWallToken(): Promise<void> {
  keep(await api(call('POST /api/display/renew')));
}

/** Whether the token is old enough to renew now (at start, after a wall was off for a while). */
export function tokenDue(now = Date.now()): boolean {
  const issued = displayStore.getState().tokenIssuedAt;
  return issued === null || now - issued >= RENEW_EVERY_MS;
}

/** The display as it stands on the hub, and the client build it serves now. */
export const readWall = (signal?: AbortSignal) => api(call('GET /api/display/me'), signal ? { signal } : {});

/**
 * Where a session that ended goes, when this browser is a wall: the pairing screen (which says the wall
 * was unpaired). Null for a person's session, which goes to the sign-in page as before. Call it before
 * the session is cleared, or after: the display store remembers the wall either way.
 */
export function wallEndedPath(): string | null {
  const wall = isWallSession(sessionStore.getState()) || displayStore.getState().display !== null;
  if (!wall) return null;
  if (sessionStore.getState().accessToken) sessionStore.signOut();
  forgetDisplay();
  return PAIRING_PATH;
}

// A person signing in on a browser that was a wall: it is not one any more.
sessionStore.subscribe((state) => {
  if (state.userData && !isWallSession(state) && displayStore.getState().display !== null) {
    displayStore.setState({ display: null, build: null, tokenIssuedAt: null, unpaired: false });
  }
});
