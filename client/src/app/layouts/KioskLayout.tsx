// The layout of a wall display's session (role `display`), where a person's session has DefaultLayout:
// no navigation, customiser, footer or user menu; the page full bleed under one slim bar; the playlist
// runner turning the pages; the alarm banners over any page; the lost connection's banner above the
// page; the token renewed; the cursor hidden after idle; the type scaled to the screen (html[data-kiosk]);
// a page that fails retried, never left on screen; the whole wall moved a pixel or two at each turn.
import { Center, Loader } from '@mantine/core';
import { type CSSProperties, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { displayStore, useDisplayState, type WallDisplay } from '../../features/kiosk/displayStore.ts';
import { KioskBar } from '../../features/kiosk/KioskBar.tsx';
import { KioskPageBoundary } from '../../features/kiosk/KioskRecovery.tsx';
import { useKioskDocument } from '../../features/kiosk/useKioskDocument.ts';
import { usePlaylistRunner } from '../../features/kiosk/usePlaylistRunner.ts';
import { useTokenRenewal } from '../../features/kiosk/useTokenRenewal.ts';
import { useWallAlarms } from '../../features/kiosk/useWallAlarms.ts';
import { WallAlarmBanners } from '../../features/kiosk/WallAlarmBanners.tsx';
import { readWall } from '../../features/kiosk/wallSession.ts';
import { ConnectionLostBanner } from '../../ui/ConnectionLostBanner.tsx';
import classes from './KioskLayout.module.css';

/**
 * Burn-in: the bar (the display's name, the clock) is the one thing a wall shows at the same place for
 * weeks. The whole wall moves by a pixel or two at each turn, around a small square (a pixel orbiter, as
 * plasma and OLED screens do), too little to be seen and enough that no edge stays on the same pixels.
 */
const REACH_PX = 2;
const ORBIT: readonly (readonly [number, number])[] = (
  [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
    [-1, 1],
    [-1, 0],
    [-1, -1],
    [0, -1],
    [1, -1],
  ] as const
).map(([x, y]) => [x * REACH_PX, y * REACH_PX] as const);

function Wall({ initial }: { initial: WallDisplay }) {
  const run = usePlaylistRunner(initial);
  const [x, y] = ORBIT[run.turn % ORBIT.length] as readonly [number, number];
  const { alarms, audio } = useWallAlarms(run.display.sound);
  const { pathname, search } = useLocation();
  const dwell = run.item ? run.item.dwellSeconds : 0;
  return (
    <div
      className={classes.orbit}
      // The reach is also the box's margin, so that the wall never moves past the screen's edge.
      style={{ translate: `${x}px ${y}px`, '--vs-orbit-reach': `${REACH_PX}px` } as CSSProperties}
      data-testid="kiosk-orbit"
    >
      <KioskBar run={run} audio={audio} />
      <div
        key={run.turn}
        className={classes.progress}
        style={{ animationDuration: `${dwell}s` }}
        data-paused={run.paused || undefined}
        aria-hidden="true"
        data-testid="kiosk-progress"
      />
      <main className={classes.main}>
        {/* In the page's flow, above it: a banner pushes the page down rather than hide its headline. */}
        <WallAlarmBanners alarms={alarms} />
        <ConnectionLostBanner />
        <KioskPageBoundary key={pathname + search}>
          <Outlet />
        </KioskPageBoundary>
      </main>
    </div>
  );
}

export function KioskLayout() {
  useKioskDocument();
  useTokenRenewal();
  const display = useDisplayState((s) => s.display);

  // A wall whose browser lost its record of the display (storage cleared) but kept its token.
  useEffect(() => {
    if (display) return;
    const abort = new AbortController();
    readWall(abort.signal)
      .then(({ display: found, build }) => displayStore.setState({ display: found, build }))
      .catch(() => {});
    return () => abort.abort();
  }, [display]);

  return (
    <div className={classes.layout} data-testid="kiosk-layout">
      {display ? (
        <Wall initial={display} />
      ) : (
        <Center mih="100vh">
          <Loader type="dots" />
        </Center>
      )}
    </div>
  );
}
