// Route guards of seed section 4, as pure functions of the route, the URL and the session, so they are
// tested without a browser. The router calls them from each route's loader (app/router.tsx).
import type { AppAbility } from '@voltscope/shared/abilities';
import type { RouteMeta } from '../routes.tsx';
import { isAuthenticated, type SessionState } from '../session/sessionStore.ts';

export interface Place {
  pathname: string;
  search: string;
}

/** `/login` keeping the original query, plus `to` (the intended path) unless the target is `/`. */
export function loginPathFor({ pathname, search }: Place): string {
  const query = new URLSearchParams(search);
  if (pathname !== '/') query.set('to', pathname);
  else query.delete('to');
  const qs = query.toString();
  return qs ? `/login?${qs}` : '/login';
}

/**
 * Where a route sends the user instead of rendering, or null to render it. Public routes skip every
 * check; unauthenticated-only routes send a signed-in user to `/`; a denied route goes to
 * not-authorized when signed in, else to the login page.
 */
export function redirectFor(route: RouteMeta, place: Place, session: SessionState, ability: AppAbility): string | null {
  if (route.public) return null;
  const signedIn = isAuthenticated(session);
  if (route.unauthenticatedOnly) return signedIn ? '/' : null;
  const step = signedIn ? pendingStepRedirect(route, session) : undefined;
  if (step !== undefined) return step;
  const allowed =
    signedIn && (route.action === undefined || route.subject === undefined || ability.can(route.action, route.subject));
  if (allowed) return null;
  return signedIn ? '/not-authorized' : loginPathFor(place);
}

/** Where each pending step is taken (the MFA setup page is the two-factor helper's). */
export const pendingStepPaths = { passwordChange: '/change-password', mfaSetup: '/two-factor-setup' } as const;

/**
 * A signed-in user with a pending step goes to its page and nowhere else; the password-change page
 * without that step sends them home. undefined: no opinion (the route's own checks decide). Each step's page
 * is its own target, so this never loops; signing out stays open (it is no route).
 */
function pendingStepRedirect(route: RouteMeta, session: SessionState): string | null | undefined {
  const step = session.pendingStep;
  if (step) return route.path === pendingStepPaths[step] ? null : pendingStepPaths[step];
  // The password page is only a step; the second factor's page may also be opened by choice.
  return route.path === pendingStepPaths.passwordChange ? '/' : undefined;
}

/** The index redirect by stored role (seed section 2); operators get the solar dashboard for now. */
export function homePathFor(session: SessionState, search: string): string {
  const role = isAuthenticated(session) ? session.userData?.role : undefined;
  switch (role) {
    case 'admin':
      return '/dashboards/solar';
    case 'operator':
      // On shift, the alarm console is where the work is.
      return '/alarm/realtime';
    case 'client':
      return '/access-control';
    default:
      return `/login${search}`;
  }
}

/** The `to` of the login URL, if it is a path on this site (never `//evil.example` or a full URL). */
export function safeReturnPath(to: string | null): string {
  if (!to?.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return '/';
  return to;
}
