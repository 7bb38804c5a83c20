// The signed-in frame, loaded only once a signed-in page is asked for: the shell (navigation, search,
// alarm feed, customizer) and the kiosk are most of the app's own code, and the sign-in page needs none
// of it. The live layer's probe for the soak benchmark comes with it (only signed-in pages go live).
import { KioskRouteError } from '../../features/kiosk/KioskRecovery.tsx';
import { isWallSession } from '../../features/kiosk/wallSession.ts';
import '../../live/probe.ts';
import { useSession } from '../../session/sessionStore.ts';
import { RootErrorBoundary } from '../AppRoot.tsx';
import { DefaultLayout } from './DefaultLayout.tsx';
import { KioskLayout } from './KioskLayout.tsx';

/** The kiosk for a wall display, the default layout for a person. */
export function SignedInLayout() {
  const wall = useSession(isWallSession);
  return wall ? <KioskLayout /> : <DefaultLayout />;
}

export function SignedInError() {
  const wall = useSession(isWallSession);
  return wall ? <KioskRouteError /> : <RootErrorBoundary />;
}
