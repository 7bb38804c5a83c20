// Keeps a wall's token fresh without a person: renewed at start when older than RENEW_EVERY_MS (a wall
// switched off for a while), then every RENEW_EVERY_MS while it runs. A failed renewal (the hub down)
// is tried again a minute later; a refused one ends the session like any 401 (to the pairing screen).
import { RENEW_EVERY_MS } from '@voltscope/shared/displays';
import { useEffect } from 'react';
import { ApiError } from '../../session/api.ts';
import { displayStore } from './displayStore.ts';
import { renewWallToken, tokenDue } from './wallSession.ts';

const RETRY_MS = 60_000;

export function useTokenRenewal(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    let stopped = false;
    const plan = () => {
      const issued = displayStore.getState().tokenIssuedAt ?? 0;
      schedule(Math.max(0, issued + RENEW_EVERY_MS - Date.now()));
    };
    const schedule = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(renew, ms);
    };
    const renew = async () => {
      if (!tokenDue()) return plan();
      try {
        await renewWallToken();
        if (!stopped) plan();
      } catch (error) {
        if (!stopped && !(error instanceof ApiError && error.status === 401)) schedule(RETRY_MS);
      }
    };
    plan();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);
}
