// Pure rules of the playlist runner: which item comes next (after a step, in a playlist an admin may
// have just edited), whether an edit removed the item on screen (then it applies at once instead of at
// the next turn), and where a wall restarts (the item whose address it is on, after a reload).
import { itemPath, type PlaylistItem } from '@voltscope/shared/displays';
import type { WallDisplay } from './displayStore.ts';

export const stepIndex = (index: number, step: number, length: number): number =>
  length === 0 ? 0 : (((index + step) % length) + length) % length;

const sameItem = (a: PlaylistItem, b: PlaylistItem): boolean =>
  a.page === b.page &&
  a.siteId === b.siteId &&
  a.dwellSeconds === b.dwellSeconds &&
  a.language === b.language &&
  a.theme === b.theme;

/** The item on screen is gone from the edited display (or shows another site, language or theme now). */
export function currentItemRemoved(shown: WallDisplay, index: number, edited: WallDisplay): boolean {
  const item = shown.playlist[index];
  if (!item) return true;
  const here = itemPath(item, shown.siteIds);
  return !edited.playlist.some((other) => sameItem(other, item) && itemPath(other, edited.siteIds) === here);
}

/** Where the wall's playlist starts: the item whose address the browser is on, else the first. */
export function startIndex(display: WallDisplay, location: { pathname: string; search: string }): number {
  const here = location.pathname + location.search;
  const found = display.playlist.findIndex((item) => itemPath(item, display.siteIds) === here);
  return Math.max(0, found);
}

/** The displays differ in anything the runner shows. */
export const displayChanged = (a: WallDisplay, b: WallDisplay): boolean =>
  JSON.stringify([a.name, a.siteIds, a.playlist, a.language, a.theme, a.sound]) !==
  JSON.stringify([b.name, b.siteIds, b.playlist, b.language, b.theme, b.sound]);
