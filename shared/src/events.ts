// The Socket.IO contract, typed once for server and client. Event names are `domain:verb`; acks are
// `{ data }` or `{ error }` (see Ack in errors.ts).
import type { Static } from 'typebox';
import type { AbilityRule } from './abilities.ts';
import type { AlarmSubscribeRequest, AlarmSubscribeResult, SentAlarmChange } from './alarms.ts';
import type { AccessEvent, AccessSubscribeRequest, AccessSubscribeResult } from './contracts/access.ts';
import type { Display as DisplaySchema } from './contracts/displays.ts';
import type * as schemas from './contracts/fleet.ts';
import type { MotionSubscribeRequest, Track, TrackPoint } from './contracts/motion.ts';
import type { UserData } from './domain.ts';
import type { Ack, ErrorBody, RefusedSite } from './errors.ts';

/** What a client sends in its handshake: `io(url, { auth: { token } })`. */
export interface SocketAuth {
  token: string;
}

/** Attached to the `connect_error` a refused handshake gets (`err.message` is the code). */
export type HandshakeErrorData = ErrorBody;

// The live subscription requests: their schemas (which the hub checks them with) are in contracts/fleet.ts.

/**
 * A site to follow; `lastSeq` (of the last frame held) and `lastTs` ask to resume after a drop. `lastTs` is
 * where the missed span starts: the oldest of the newest sample times of the site's reporting series.
 */
export type SiteSubscription = Static<typeof schemas.SiteSubscription>;

/** 1 to 100 sites, each by its id alone or as a SiteSubscription. */
export type SubscribeRequest = Static<typeof schemas.SubscribeRequest>;

export type UnsubscribeRequest = Static<typeof schemas.UnsubscribeRequest>;

export interface GrantedSite {
  siteId: string;
  /** The room's newest frame number: frames that follow carry seq + 1, + 2 ... */
  seq: number;
  /** How the client is brought up to date: the missed frames replayed, or a snapshot. */
  via: 'replay' | 'snapshot';
  /** When resuming was impossible: the span the client should fetch from the history API. */
  gap: { from: number; to: number } | null;
}

export interface SubscribeResult {
  granted: GrantedSite[];
  refused: RefusedSite[];
}

export interface ServerToClientEvents {
  /** The session ended on the server (logout, revocation, expiry); the socket is closed right after. */
  'session:ended': (payload: { reason: 'logout' | 'revoked' | 'expired' }) => void;
  /** A binary frame (see frames.ts) of one site: live samples, or a snapshot on (re)subscribe. */
  'live:frame': (siteId: string, frame: ArrayBuffer | ArrayBufferView) => void;
  /** Sites the user may no longer read (an admin took them away): no more frames of them follow. */
  'live:revoked': (payload: { sites: string[] }) => void;
  /**
   * The user's rights changed (their role, its rules, their sites): the rules and user as they now stand,
   * for the menu and pages to follow at once. Sent before any `live:revoked` of the same change.
   */
  'session:rules': (payload: { userAbilityRules: AbilityRule[]; userData: UserData }) => void;
  /**
   * Events of one followed site, committed before they are sent, in order, each with the alarm it changed
   * as it now stands (null for events without an alarm): what one commit announced (a storm's batch is one
   * message, not one per event), or a replay. `event.seq` increases by one per site: a client that sees a
   * jump resubscribes with its last seq and gets the missed ones replayed. An event of an alarm comes
   * without its message: it is its alarm's (`receivedChange` makes it whole).
   */
  'alarm:events': (payload: SentAlarmChange[]) => void;
  /** To a display's sockets: an admin changed it (playlist, sites, language, theme, sound). */
  'display:changed': (payload: { display: Static<typeof DisplaySchema> }) => void;
  /**
   * A picture of a watched camera (a whole JPEG), captured at `capturedAt`. A socket still writing the
   * previous one skips it: pictures are dropped, never queued.
   */
  'cctv:frame': (camera: string, capturedAt: number, jpeg: ArrayBuffer | ArrayBufferView) => void;
  /** A watched camera's stream stopped (the user lost its site, the camera changed or went away). */
  'cctv:ended': (payload: { camera: string }) => void;
  /** A track of a followed site (motion:subscribe): its head as it stands and its new points, at most once a second. */
  'motion:track': (payload: { track: Omit<Track, 'points'>; points: TrackPoint[] }) => void;
  /** A door reader's entry of a followed site (access:subscribe), or the same entry again once its alarm is raised. */
  'access:event': (payload: { event: AccessEvent }) => void;
}

/** The cameras a socket watches at once, at most (a 4×4 grid). */
export const MAX_WATCHED_CAMERAS = 16;

export interface WatchResult {
  granted: string[];
  /** Cameras that do not exist or that the user may not see: refused alike. */
  refused: { camera: string; code: 'NOT_FOUND' }[];
}

export interface ClientToServerEvents {
  'live:subscribe': (request: SubscribeRequest, ack: (result: Ack<SubscribeResult>) => void) => void;
  'live:unsubscribe': (request: UnsubscribeRequest, ack: (result: Ack<{ sites: string[] }>) => void) => void;
  /** Follows sites' alarms and events; `lastSeq` per site replays what was missed. */
  'alarms:subscribe': (request: AlarmSubscribeRequest, ack: (result: Ack<AlarmSubscribeResult>) => void) => void;
  /**
   * Watches these cameras' pictures over the socket (`cctv:frame`), in place of those watched before: one
   * connection carries a whole grid, where a browser opens at most six HTTP streams per host.
   */
  'cctv:watch': (request: { cameras: string[] }, ack: (result: Ack<WatchResult>) => void) => void;
  /** Follows sites' motion tracks (`read` on the site; another's is refused as not found). */
  'motion:subscribe': (
    request: MotionSubscribeRequest,
    ack: (result: Ack<{ granted: string[]; refused: RefusedSite[] }>) => void,
  ) => void;
  /** Follows sites' access logs (door readers); a site the user may not read is refused as not found. */
  'access:subscribe': (request: AccessSubscribeRequest, ack: (result: Ack<AccessSubscribeResult>) => void) => void;
}
