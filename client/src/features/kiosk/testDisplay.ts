// A display as the kiosk's unit tests need one: a paired wall of Occitanie in English and dark, with the
// playlist given (one fleet overview of 30 s unless told otherwise).
import type { PlaylistItem } from '@voltscope/shared/displays';
import type { WallDisplay } from './displayStore.ts';

/** A playlist item of 30 s in the display's language and theme, unless told otherwise. */
export const testItem = (page: PlaylistItem['page'], extra: Partial<PlaylistItem> = {}): PlaylistItem => ({
  page,
  siteId: null,
  dwellSeconds: 30,
  language: null,
  theme: null,
  ...extra,
});

export const testDisplay = (
  playlist: PlaylistItem[] = [testItem('overview-fleet')],
  siteIds = ['fr-occitanie'],
): WallDisplay => ({
  id: 1,
  name: 'Control room',
  siteIds,
  playlist,
  language: 'en',
  theme: 'dark',
  sound: false,
  createdAt: 0,
  paired: true,
  pairedAt: 0,
  lastSeenAt: null,
  online: true,
  pairingExpiresAt: null,
});
