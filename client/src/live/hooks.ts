// The React side of the live layer: a page follows a site while it is mounted; components that show
// discrete state (the connection, a frame's time) re-render at most at the rate they need.
import { useEffect, useState } from 'react';
import { useMatches, useNavigate } from 'react-router';
import { useStore } from 'zustand';
import { findRoute, type RouteHandle } from '../routes.tsx';
import { abilityFor } from '../session/ability.ts';
import { useSession } from '../session/sessionStore.ts';
import { type ConnectionState, liveClient } from './liveClient.ts';
import { liveStore } from './liveStore.ts';
import { loadHistory } from './loadHistory.ts';

/** Follows a site's live frames while the calling component is mounted. */
export function useLiveSite(siteId: string | null): void {
  useEffect(() => (siteId ? liveClient.follow(siteId) : undefined), [siteId]);
}

/** Follows several sites' live frames while the calling component is mounted (a fleet's page). */
export function useLiveSites(siteIds: readonly string[]): void {
  const key = siteIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the ids.
  useEffect(() => {
    const stops = siteIds.map((id) => liveClient.follow(id));
    return () => {
      for (const stop of stops) stop();
    };
  }, [key]);
}

/**
 * Hears this user's rights change while the signed-in layout is mounted (the socket stays open for it),
 * and leaves a page the new rules no longer allow, as the router's guard would on navigation.
 */
export function useFollowRights(): void {
  const navigate = useNavigate();
  const matches = useMatches();
  const name = (matches.at(-1)?.handle as RouteHandle | undefined)?.name;
  const rules = useSession((state) => state.userAbilityRules);
  const token = useSession((state) => state.accessToken);
  useEffect(() => (token ? liveClient.followRights() : undefined), [token]);
  useEffect(() => {
    // Signing out empties the rules too: the sign-out leads to the login page, not here.
    if (!token) return;
    const route = name ? findRoute(name) : undefined;
    if (route?.action && route.subject && !abilityFor(rules).can(route.action, route.subject)) {
      void navigate('/not-authorized', { replace: true });
    }
  }, [rules, name, navigate, token]);
}

export function useConnection<T>(select: (state: ConnectionState) => T): T {
  return useStore(liveClient.connection, select);
}

/** The time of the site's last frame, re-read at most once a second (not on every frame). */
export function useLastFrameTime(siteId: string | null): number | null {
  const [time, setTime] = useState<number | null>(() => (siteId ? (liveStore.progress(siteId)?.lastTs ?? null) : null));
  useEffect(() => {
    if (!siteId) return;
    const read = () => setTime(liveStore.progress(siteId)?.lastTs ?? null);
    read();
    const timer = setInterval(read, 1000);
    return () => clearInterval(timer);
  }, [siteId]);
  return time;
}

/**
 * Fills the rings of `seriesIds` with their last `windowMs` from the history API when a chart opens, so
 * that a line of the last minutes is whole at once (after a hub restart the live rings start empty).
 */
export function useRecentHistory(siteId: string | null, seriesIds: readonly number[], windowMs: number): void {
  useEffect(() => {
    if (!siteId || seriesIds.length === 0) return;
    const controller = new AbortController();
    const to = Date.now();
    loadHistory(liveStore, siteId, seriesIds, { from: to - windowMs, to }, { signal: controller.signal }).catch(
      () => {},
    );
    return () => controller.abort();
  }, [siteId, seriesIds, windowMs]);
}
