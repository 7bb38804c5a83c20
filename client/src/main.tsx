// Entry point: fonts and styles, the language (its strings loaded before the first render), the
// router, then React. Anything that must happen before first paint is in public/boot.js (the CSP
// allows no inline script).

// One variable font file per script (every weight in one download), fetched only for the characters a
// page shows (each face has its unicode-range).
import '@fontsource-variable/public-sans/wght.css';
import '@fontsource-variable/vazirmatn/wght.css';
import '@mantine/core/styles.css';
import './app/global.css';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loginPathFor } from './app/guards.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { wallEndedPath } from './features/kiosk/wallSession.ts';
import { initI18n } from './i18n/init.ts';
import { routeForPath } from './routes.tsx';
import { setUnauthorizedHandler } from './session/api.ts';
import { isAuthenticated, sessionStore } from './session/sessionStore.ts';

// The asked page's code (and, signed in, the shell around it) starts downloading now, beside the
// language's strings, rather than once they are in: one round trip less before the page can draw. Only
// what the guards will let through: a signed-out visitor to a signed-in page gets sign-in instead.
function prefetchAskedPage(): void {
  const asked = routeForPath(window.location.pathname);
  const signedIn = isAuthenticated(sessionStore.getState());
  if (!asked?.page || (signedIn ? asked.unauthenticatedOnly : !asked.public && !asked.unauthenticatedOnly)) return;
  const ignore = () => {};
  asked.page().catch(ignore);
  if (signedIn && asked.layout === 'default') import('./app/layouts/SignedInLayout.tsx').catch(ignore);
}
prefetchAskedPage();

// The first render waits for the language's common strings: no raw key shows, even for a frame.
await initI18n();
const router = createAppRouter();

// A 401 on an authenticated call means the session ended on the server: back to login, then here (a
// wall goes back to its pairing screen instead: it never shows a sign-in page).
setUnauthorizedHandler(() => {
  void router.navigate(wallEndedPath() ?? loginPathFor(router.state.location), { replace: true });
});
// The live socket hears of it first when the session is revoked, expires or is signed out elsewhere.
// A sign-out (from the user menu, which also navigates, or in another tab) goes to the plain login page;
// a revoked or expired session keeps the way back to the page it was on. The live client (and
// Socket.IO's) is fetched only once there is a session: the sign-in page has no socket.
const hookLiveClient = () =>
  import('./live/liveClient.ts').then(({ liveClient }) => {
    liveClient.onSessionEnded = (reason) => {
      const wall = wallEndedPath();
      sessionStore.getState().accessToken && sessionStore.signOut();
      const to = wall ?? (reason === 'logout' ? '/login' : loginPathFor(router.state.location));
      void router.navigate(to, { replace: true });
    };
  });
if (sessionStore.getState().accessToken) void hookLiveClient();
else {
  const stop = sessionStore.subscribe((state) => {
    if (!state.accessToken) return;
    stop();
    void hookLiveClient();
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
