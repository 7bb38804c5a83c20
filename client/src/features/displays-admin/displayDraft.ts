// A display as its form edits it: the registry's fields and an ordered playlist whose rows keep a key of
// their own (moving a row moves its inputs with it). Checked here before the server sees it; the
// server's refusals name the same fields (`name`, `siteIds`, `playlist`, `playlist.<i>.siteId`).
import {
  DEFAULT_DWELL_S,
  type DisplayTheme,
  MAX_DWELL_S,
  MAX_PLAYLIST_ITEMS,
  MIN_DWELL_S,
  type PlaylistItem,
  type PlaylistPage,
  sitePages,
} from '@voltscope/shared/displays';
import type { Language } from '@voltscope/shared/i18n';
import type { DisplayBody, DisplayView } from './displaysApi.ts';

export interface ItemDraft extends PlaylistItem {
  key: number;
}

export interface DisplayDraft {
  name: string;
  siteIds: string[];
  playlist: ItemDraft[];
  language: Language;
  theme: DisplayTheme;
  sound: boolean;
}

/** What the form says is wrong: a key under `displays:form.errors`, by field. */
export type DraftErrors = Partial<Record<'name' | 'siteIds' | 'playlist', 'name' | 'sites' | 'playlist'>>;

let nextKey = 1;
const keyed = (item: PlaylistItem): ItemDraft => ({ ...item, key: nextKey++ });

export const newItem = (page: PlaylistPage = 'overview-fleet'): ItemDraft =>
  keyed({ page, siteId: null, dwellSeconds: DEFAULT_DWELL_S, language: null, theme: null });

/** A new display: the fleet overview, then the alarm console, in the admin's language on a dark wall. */
export const newDraft = (language: Language): DisplayDraft => ({
  name: '',
  siteIds: [],
  playlist: [newItem('overview-fleet'), newItem('alarm-realtime')],
  language,
  theme: 'dark',
  sound: false,
});

export const draftOf = (display: DisplayView): DisplayDraft => ({
  name: display.name,
  siteIds: [...display.siteIds],
  playlist: display.playlist.map(keyed),
  language: display.language,
  theme: display.theme,
  sound: display.sound,
});

/** The request body: the name trimmed, a site only on pages of one site. */
export const bodyOf = (draft: DisplayDraft): DisplayBody => ({
  name: draft.name.trim(),
  siteIds: draft.siteIds,
  playlist: draft.playlist.map(({ key: _key, ...item }) => ({
    ...item,
    siteId: sitePages.has(item.page) ? item.siteId : null,
    dwellSeconds: Math.min(MAX_DWELL_S, Math.max(MIN_DWELL_S, Math.round(item.dwellSeconds))),
  })),
  language: draft.language,
  theme: draft.theme,
  sound: draft.sound,
});

/** The display's sites changed: an item showing a site no longer among them shows the first one instead. */
export function withSites(draft: DisplayDraft, siteIds: string[]): DisplayDraft {
  const scope = new Set(siteIds);
  return {
    ...draft,
    siteIds,
    playlist: draft.playlist.map((item) =>
      item.siteId !== null && !scope.has(item.siteId) ? { ...item, siteId: null } : item,
    ),
  };
}

/** The list with the item at `from` moved to `to` (both within the list). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length || from === to) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  if (item !== undefined) out.splice(to, 0, item);
  return out;
}

export const canAddItem = (draft: DisplayDraft) => draft.playlist.length < MAX_PLAYLIST_ITEMS;

export function checkDraft(draft: DisplayDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!draft.name.trim()) errors.name = 'name';
  if (draft.siteIds.length === 0) errors.siteIds = 'sites';
  if (draft.playlist.length === 0) errors.playlist = 'playlist';
  return errors;
}
