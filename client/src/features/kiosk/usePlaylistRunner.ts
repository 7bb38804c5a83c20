// The playlist runner of a wall: shows each item of the display's playlist for its dwell by going to its
// address, in the item's language and theme (else the display's), and turns to the next; Space or P
// pauses and resumes, the arrows step. An admin's edit (`display:changed` on the socket, or read again
// when the socket comes back) applies at the next turn, or at once when it removed the item on screen. At each turn the wall asks the hub for
// itself: a new client build deployed reloads the page there. One timer and one key listener whatever
// the number of turns: nothing piles up over days.

import { itemPath, type PlaylistItem } from '@voltscope/shared/displays';
import type { Language } from '@voltscope/shared/i18n';
import i18next from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { settingsStore } from '../../app/settings/settingsStore.ts';
import { liveClient } from '../../live/liveClient.ts';
import { displayStore, type WallDisplay } from './displayStore.ts';
import { commandOf } from './playlistKeys.ts';
import { currentItemRemoved, displayChanged, startIndex, stepIndex } from './playlistTurn.ts';
import { readWall } from './wallSession.ts';

export interface PlaylistRun {
  /** The display as the runner applies it (an edit waits for the next turn). */
  display: WallDisplay;
  index: number;
  item: PlaylistItem | null;
  paused: boolean;
  /** Counts the items shown: a new turn restarts the dwell's progress line. */
  turn: number;
}

interface Position {
  display: WallDisplay;
  index: number;
  turn: number;
}

/**
 * Edits told on the socket so far. A read of the wall that was on its way when an edit came is older
 * than or equal to that edit (the hub tells after it wrote), and the two travel on different
 * connections: such a read must not put the previous playlist back.
 */
let socketEdits = 0;

/** Reads the wall; `stale` when an edit came on the socket while the read was on its way. */
async function readLatestWall(signal: AbortSignal) {
  const before = socketEdits;
  const wall = await readWall(signal);
  return { ...wall, stale: socketEdits !== before };
}

/** Asks the hub for the wall as it stands: a new build reloads the page, an edit waits in the store. */
async function checkWall(signal: AbortSignal): Promise<void> {
  try {
    const { display, build, stale } = await readLatestWall(signal);
    const stored = displayStore.getState();
    if (stored.build !== null && stored.build !== build) {
      displayStore.setState({ display, build });
      window.location.reload();
      return;
    }
    if (stale) return;
    if (stored.build === null || !stored.display || displayChanged(stored.display, display)) {
      displayStore.setState({ display, build });
    }
  } catch {
    // Offline or the hub restarting: the next turn asks again.
  }
}

export function usePlaylistRunner(initial: WallDisplay): PlaylistRun {
  const navigate = useNavigate();
  const location = useLocation();
  const [position, setPosition] = useState<Position>(() => ({
    display: initial,
    index: startIndex(initial, location),
    turn: 0,
  }));
  const [paused, setPaused] = useState(false);
  /** Dwell left of the item on screen while paused (null: the whole dwell). */
  const left = useRef<number | null>(null);
  const deadline = useRef(0);
  const current = useRef({ position, paused });
  current.current = { position, paused };

  const { display, index, turn } = position;
  const item = display.playlist[index] ?? null;

  /** Steps through the playlist, taking up the latest edit of the display on the way. */
  const go = useCallback((step: number) => {
    left.current = null;
    setPosition((p) => {
      const latest = displayStore.getState().display ?? p.display;
      return { display: latest, index: stepIndex(p.index, step, latest.playlist.length), turn: p.turn + 1 };
    });
  }, []);

  // Each item: its address, its language and theme; and the hub asked whether the wall changed.
  useEffect(() => {
    if (!item) return;
    const language: Language = item.language ?? display.language;
    if (i18next.language !== language) void i18next.changeLanguage(language);
    settingsStore.update({ theme: item.theme ?? display.theme });
    const path = itemPath(item, display.siteIds);
    const { pathname, search } = window.location;
    if (pathname + search !== path) void navigate(path, { replace: true });
    if (turn === 0) return;
    const abort = new AbortController();
    void checkWall(abort.signal);
    return () => abort.abort();
  }, [item, display, turn, navigate]);

  // The dwell: one timer, for the item on screen, held while paused (a new turn restarts it, even on the
  // same item: a playlist of one).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each turn is a new dwell.
  useEffect(() => {
    if (paused || !item) return;
    const ms = left.current ?? item.dwellSeconds * 1000;
    left.current = null;
    deadline.current = Date.now() + ms;
    const timer = setTimeout(() => go(1), ms);
    return () => clearTimeout(timer);
  }, [item, paused, go, turn]);

  // The keys.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const command = commandOf(event);
      if (!command) return;
      event.preventDefault();
      if (command === 'next') go(1);
      else if (command === 'previous') go(-1);
      else if (current.current.paused) setPaused(false);
      else {
        left.current = Math.max(0, deadline.current - Date.now());
        setPaused(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [go]);

  // Live edits of the display: told on the socket, and read again at each (re)connection (an edit made
  // while the socket was down or still connecting is not missed).
  useEffect(() => {
    const take = (edited: WallDisplay) => {
      displayStore.setState({ display: edited });
      const { position: now } = current.current;
      if (currentItemRemoved(now.display, now.index, edited)) go(0);
    };
    const abort = new AbortController();
    const stopEdits = liveClient.onDisplayChanged(({ display: edited }) => {
      socketEdits += 1;
      take(edited);
    });
    const stopConnection = liveClient.connection.subscribe((state, previous) => {
      if (state.status !== 'live' || previous.status === 'live') return;
      readLatestWall(abort.signal).then(
        ({ display: edited, stale }) => {
          if (!stale) take(edited);
        },
        () => {},
      );
    });
    return () => {
      abort.abort();
      stopEdits();
      stopConnection();
    };
  }, [go]);

  return { display, index, item, paused, turn };
}
