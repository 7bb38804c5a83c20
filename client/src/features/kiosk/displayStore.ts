// The wall's own memory of what it is: the display it was paired as (name, sites, playlist, language,
// theme, sound), the client build the hub served when it last looked, and when its token was issued (it
// renews after RENEW_EVERY_MS). Kept in localStorage so a wall that reboots comes back to its playlist;
// the token itself lives in the session store like any sign-in (remembered).
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import type { Reply } from '../../session/api.ts';

export type WallDisplay = Reply<'GET /api/display/me'>['display'];

export interface DisplayState {
  display: WallDisplay | null;
  /** The client build this wall runs (as the hub named it at pairing, renewal or the last reload). */
  build: string | null;
  /** When the current token was issued (ms). */
  tokenIssuedAt: number | null;
  /** The hub unbound this wall (revoked, or its token refused): the pairing screen says so. */
  unpaired: boolean;
}

export const DISPLAY_STORAGE_KEY = 'voltscope.display';

const empty: DisplayState = { display: null, build: null, tokenIssuedAt: null, unpaired: false };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function load(): DisplayState {
  try {
    const raw = storage()?.getItem(DISPLAY_STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<DisplayState>) : null;
    if (!value || typeof value !== 'object') return empty;
    return {
      display: value.display && Array.isArray(value.display.playlist) ? value.display : null,
      build: typeof value.build === 'string' ? value.build : null,
      tokenIssuedAt: typeof value.tokenIssuedAt === 'number' ? value.tokenIssuedAt : null,
      unpaired: value.unpaired === true,
    };
  } catch {
    return empty;
  }
}

export const displayStore = createStore<DisplayState>(load);

displayStore.subscribe((state) => {
  try {
    storage()?.setItem(DISPLAY_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage refused: the wall runs, but pairs again after a reboot.
  }
});

/** A pairing or a renewal: the display, its build and a fresh token's time. */
export function rememberDisplay(display: WallDisplay, build: string, now = Date.now()): void {
  displayStore.setState({ display, build, tokenIssuedAt: now, unpaired: false });
}

/** The hub unbound this wall: forget the display, and say so on the pairing screen. */
export function forgetDisplay(): void {
  displayStore.setState({ ...empty, unpaired: true });
}

export function useDisplayState<T>(selector: (state: DisplayState) => T): T {
  return useStore(displayStore, selector);
}
