// Wall displays: the admin's registry (/api/displays: register, edit the playlist, pairing codes,
// revocation) and the display's own calls (/api/display: pair with a code, read itself, renew its
// token). See shared/src/displays.ts for the playlist model and its limits.
import Type from 'typebox';
import {
  type DisplayTheme,
  MAX_DISPLAY_NAME,
  MAX_DWELL_S,
  MAX_PLAYLIST_ITEMS,
  MIN_DWELL_S,
  type PlaylistItem as PlaylistItemType,
  playlistPageNames,
} from '../displays.ts';
import { type Language, languages } from '../i18n.ts';
import { AbilityRules, UserData } from './auth.ts';
import { ErrorBody, errorReplies, NoContent, Nullable, NumericIdParams, OneOf, routes } from './common.ts';

export const PlaylistItem = Type.Unsafe<PlaylistItemType>(
  Type.Object(
    {
      page: OneOf(playlistPageNames),
      siteId: Nullable(Type.String({ minLength: 1, maxLength: 64 })),
      dwellSeconds: Type.Integer({ minimum: MIN_DWELL_S, maximum: MAX_DWELL_S }),
      language: Type.Unsafe<Language | null>({ type: ['string', 'null'], enum: [...languages, null] }),
      theme: Type.Unsafe<DisplayTheme | null>({ type: ['string', 'null'], enum: ['light', 'dark', null] }),
    },
    { additionalProperties: false },
  ),
);

const Playlist = Type.Array(PlaylistItem, { minItems: 1, maxItems: MAX_PLAYLIST_ITEMS });
const SiteIds = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 1000 });

/** A display as the admin page and the display itself read it. */
export const Display = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** The sites it may show (its scope): every read it makes is checked against them. */
  siteIds: Type.Array(Type.String()),
  playlist: Type.Array(PlaylistItem),
  /** The wall's language and theme when an item does not set its own. */
  language: OneOf(languages),
  theme: OneOf(['light', 'dark'] as const),
  /** Whether the wall sounds the annunciator tone for a new high or critical alarm. */
  sound: Type.Boolean(),
  createdAt: Type.Integer(),
  /** Bound to a browser (a live display token). */
  paired: Type.Boolean(),
  pairedAt: Nullable(Type.Integer()),
  /** The last request or open socket of its token. */
  lastSeenAt: Nullable(Type.Integer()),
  /** Sockets of this display open on the hub now. */
  online: Type.Boolean(),
  /** A pairing code is waiting to be used until then (the code itself is shown only once). */
  pairingExpiresAt: Nullable(Type.Integer()),
});

const DisplayBody = {
  name: Type.String({ minLength: 1, maxLength: MAX_DISPLAY_NAME }),
  siteIds: SiteIds,
  playlist: Playlist,
  language: OneOf(languages),
  theme: OneOf(['light', 'dark'] as const),
  sound: Type.Boolean(),
};

export const DisplayCreate = Type.Object(DisplayBody, { additionalProperties: false });
export const DisplayUpdate = Type.Object(
  {
    name: Type.Optional(DisplayBody.name),
    siteIds: Type.Optional(DisplayBody.siteIds),
    playlist: Type.Optional(DisplayBody.playlist),
    language: Type.Optional(DisplayBody.language),
    theme: Type.Optional(DisplayBody.theme),
    sound: Type.Optional(DisplayBody.sound),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** A new pairing code, shown once: the wall types it at /display, or opens `/display?code=…`. */
export const PairingCode = Type.Object({
  display: Display,
  /** As shown: `K7QF-M3XD`. */
  code: Type.String(),
  expiresAt: Type.Integer(),
});

/**
 * What a display's browser keeps: the same shape as a user's sign-in (so that every page, the API client
 * and the live socket work unchanged), with `userData.role` = 'display' and `expiresAt` far ahead (a
 * display token does not expire; it is renewed and can be revoked), and the display itself.
 */
export const DisplaySession = Type.Object({
  accessToken: Type.String(),
  expiresAt: Type.Integer(),
  userData: UserData,
  userAbilityRules: AbilityRules,
  display: Display,
  /** The client build the hub serves now: a wall running another reloads at its next playlist turn. */
  build: Type.String(),
});

/** GET /api/display/me: the display as it stands, without a new token. */
export const DisplayState = Type.Object({
  display: Display,
  build: Type.String(),
});

export const displayContracts = routes({
  // The registry (admins: `manage` on `Display`).
  'GET /api/displays': { response: { 200: Type.Array(Display), ...errorReplies } },
  // 422: a site that does not exist, or a playlist item naming a site outside the display's.
  'POST /api/displays': { body: DisplayCreate, response: { 201: PairingCode, 422: ErrorBody, ...errorReplies } },
  'PATCH /api/displays/:id': {
    params: NumericIdParams,
    body: DisplayUpdate,
    response: { 200: Display, 422: ErrorBody, ...errorReplies },
  },
  /** A new one-time code: the display's current token (if any) is revoked when the code is used. */
  'POST /api/displays/:id/pairing': { params: NumericIdParams, response: { 201: PairingCode, ...errorReplies } },
  /** Unbinds the wall at once: its token stops working and its sockets close (`session:ended`, revoked). */
  'POST /api/displays/:id/revoke': { params: NumericIdParams, response: { 200: Display, ...errorReplies } },
  'DELETE /api/displays/:id': { params: NumericIdParams, response: { 204: NoContent, ...errorReplies } },

  // The display's own calls.
  /** Public, rate-limited: a code (case and dash optional) binds this browser. 400: unknown or used code. */
  'POST /api/display/pair': {
    body: Type.Object({ code: Type.String({ minLength: 1, maxLength: 32 }) }, { additionalProperties: false }),
    response: { 201: DisplaySession, ...errorReplies },
  },
  'GET /api/display/me': { response: { 200: DisplayState, ...errorReplies } },
  /** A new token for the same display; the previous one works for RENEW_GRACE_MS more. */
  'POST /api/display/renew': { response: { 201: DisplaySession, ...errorReplies } },
});
