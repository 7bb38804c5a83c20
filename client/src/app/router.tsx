// Turns the route table into a data router: a loader on every route runs the guards before its page
// (lazy) is fetched, so a denied page never flashes, and layouts are pathless parent routes. A page's
// code and the translation namespaces it reads are fetched at once. A wall display's session gets the
// kiosk layout where a person's gets the default one, may open its playlist's pages only, and goes
// to its pairing screen (/display) wherever a person would go home.

import { playlistPageNames } from '@voltscope/shared/displays';
import i18next from 'i18next';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { isWallSession, PAIRING_PATH } from '../features/kiosk/wallSession.ts';
import { isBuilt, type LayoutName, type RouteHandle, type RouteMeta, routeTable } from '../routes.tsx';
import { currentAbility } from '../session/ability.ts';
import { sessionStore } from '../session/sessionStore.ts';
import { AppRoot, PageLoader, RootErrorBoundary } from './AppRoot.tsx';
import { homePathFor, redirectFor } from './guards.ts';
import { BlankLayout } from './layouts/BlankLayout.tsx';

const wallPages: ReadonlySet<string> = new Set(playlistPageNames);

/** A wall shows its playlist's pages and nothing else: any other page sends it to its pairing screen. */
function wallRedirect(meta: RouteMeta): string | null {
  if (!isWallSession(sessionStore.getState()) || meta.public || wallPages.has(meta.name)) return null;
  return PAIRING_PATH;
}

function guard(meta: RouteMeta) {
  return ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const to =
      wallRedirect(meta) ??
      redirectFor(meta, url, sessionStore.getState(), currentAbility()) ??
      meta.redirectTo ??
      null;
    return to === null ? null : redirect(to);
  };
}

/** The signed-in frame (shell or kiosk), fetched beside the first signed-in page's code, never for sign-in. */
const signedInLayout = async () => {
  const { SignedInLayout, SignedInError } = await import('./layouts/SignedInLayout.tsx');
  return { Component: SignedInLayout, ErrorBoundary: SignedInError };
};

function toRouteObject(meta: RouteMeta): RouteObject {
  const page = meta.page;
  return {
    // Two paths share a name (not-authorized and its /pages/misc alias): the id needs both.
    id: `${meta.name}:${meta.path}`,
    path: meta.path,
    handle: { name: meta.name } satisfies RouteHandle,
    loader: guard(meta),
    // The page's code and its words load together, not one after the other.
    ...(page && {
      lazy: async () => {
        const [Component] = await Promise.all([page(), i18next.loadNamespaces(['common', ...(meta.ns ?? [])])]);
        return { Component };
      },
    }),
  };
}

const routesOf = (layout: LayoutName) =>
  routeTable.filter((route) => isBuilt(route) && route.layout === layout).map(toRouteObject);

export function createAppRouter() {
  return createBrowserRouter([
    {
      Component: AppRoot,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: PageLoader,
      children: [
        {
          index: true,
          handle: { name: 'index' } satisfies RouteHandle,
          loader: ({ request }) =>
            redirect(
              isWallSession(sessionStore.getState())
                ? PAIRING_PATH
                : homePathFor(sessionStore.getState(), new URL(request.url).search),
            ),
        },
        { Component: BlankLayout, children: routesOf('blank') },
        { lazy: signedInLayout, children: routesOf('default') },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
