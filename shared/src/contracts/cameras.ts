// Cameras: the registry (a camera is a device of type `camera`, with a stream source of its own) and the
// hub's proxy of every stream and snapshot, so that a browser never reaches a camera itself. Every path
// is checked against `read` on `Device` for the camera's site, at each request; a camera of a site the
// viewer may not read answers 404, as one that does not exist. A simulated camera (the embedded default)
// is a real MJPEG stream drawn and encoded on the hub, only while somebody watches.
//
// Tickets: an <img> (or hls.js without headers) cannot send `Authorization: Bearer`, so the stream, snapshot
// and HLS paths also open with `?ticket=…`, which GET /api/cameras puts in every URL it returns. A ticket is
// an HMAC (a key drawn at hub start) over the caller's session, the camera's id and an expiry 10 minutes on;
// it names the session by an opaque reference (never the token), opens only that camera (another camera:
// 401), nothing once expired (401) or once its session signed out or was revoked (401), and nothing on
// another hub. Each request with a ticket is checked like one with the bearer: the session as it is now,
// then `read` on Device for the camera's site (404 otherwise). A stream once open lives as long as its
// session and its right: it ends within a second of a sign-out, a revocation, a disabled user, the session's
// expiry, or the loss of the camera's site. A new list gives fresh tickets (reload it before 10 minutes to
// reconnect a stream).
import Type, { type Static } from 'typebox';
import { errorReplies, IdParams, Nullable, NumericIdParams, OneOf, routes } from './common.ts';

/** Where a camera's pictures come from. `rtsp` is served as HLS through ffmpeg, where ffmpeg is installed. */
export const cameraSources = ['simulated', 'mjpeg', 'hls', 'snapshot', 'rtsp'] as const;
export type CameraSource = (typeof cameraSources)[number];

export const CAMERA_LIMITS = {
  width: { min: 160, max: 1920 },
  height: { min: 90, max: 1080 },
  fps: { min: 0.2, max: 30 },
  url: 2048,
  covers: 32,
} as const;

/** How a camera is set up (admins: `update` on `Device`). The URL is never sent to a viewer. */
export const CameraSettings = Type.Object(
  {
    source: OneOf(cameraSources),
    /** The camera's own address (mjpeg, hls, snapshot, rtsp); null for a simulated one. */
    url: Nullable(Type.String({ minLength: 1, maxLength: CAMERA_LIMITS.url })),
    width: Type.Integer({ minimum: CAMERA_LIMITS.width.min, maximum: CAMERA_LIMITS.width.max }),
    height: Type.Integer({ minimum: CAMERA_LIMITS.height.min, maximum: CAMERA_LIMITS.height.max }),
    fps: Type.Number({ minimum: CAMERA_LIMITS.fps.min, maximum: CAMERA_LIMITS.fps.max }),
    /** The devices of its site it looks at (a gate's reader, a motion sensor): their alarms bring it up. */
    covers: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: CAMERA_LIMITS.covers }),
  },
  { additionalProperties: false },
);

/** A camera as a viewer sees it: where to watch it on the hub, and whether it is reachable. */
export const CameraInfo = Type.Object({
  id: Type.String(),
  siteId: Type.String(),
  name: Type.String(),
  source: OneOf(cameraSources),
  width: Type.Integer(),
  height: Type.Integer(),
  fps: Type.Number(),
  covers: Type.Array(Type.String()),
  /** The hub's word on the camera's link: `online` false with the time it was last heard from. */
  online: Type.Boolean(),
  offlineSince: Nullable(Type.Number()),
  /** Why it is offline, in English for the admin (the camera's answer, or `ffmpeg is not installed…`). */
  offlineReason: Type.Optional(Nullable(Type.String())),
  /** Hub paths: a multipart MJPEG stream (null for an HLS-only camera), a JPEG, an HLS playlist (or null). */
  streamUrl: Nullable(Type.String()),
  snapshotUrl: Type.String(),
  hlsUrl: Nullable(Type.String()),
});

/** Bytes the hub relays as they are (a JPEG, a multipart stream, an HLS playlist or segment). */
const Bytes = Type.Unsafe<Uint8Array | string>({});

export const cameraContracts = routes({
  /** The cameras the viewer may see, of one site or of all theirs, by site then name. */
  'GET /api/cameras': {
    querystring: Type.Object({ siteId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) }),
    response: { 200: Type.Object({ cameras: Type.Array(CameraInfo) }), ...errorReplies },
  },
  /** A camera's set-up, for the devices page (admins). */
  'GET /api/cameras/:id/settings': { params: IdParams, response: { 200: CameraSettings, ...errorReplies } },
  'PUT /api/cameras/:id/settings': {
    params: IdParams,
    body: CameraSettings,
    response: { 200: CameraSettings, ...errorReplies },
  },
  /** multipart/x-mixed-replace JPEG frames, newest first: a slow viewer skips frames, never queues them. */
  'GET /api/cameras/:id/stream.mjpg': { params: IdParams, response: { 200: Bytes, ...errorReplies } },
  /** The newest picture, image/jpeg. */
  'GET /api/cameras/:id/snapshot.jpg': { params: IdParams, response: { 200: Bytes, ...errorReplies } },
  /** An HLS playlist or segment (`hls` and `rtsp` sources), rewritten to pass through the hub. */
  'GET /api/cameras/:id/hls/*': {
    params: Type.Object({ id: IdParams.properties.id, '*': Type.String() }),
    response: { 200: Bytes, ...errorReplies },
  },
  /** The picture taken when the alarm was raised, by the camera that covers its device (image/jpeg). */
  'GET /api/alarms/:id/snapshot.jpg': { params: NumericIdParams, response: { 200: Bytes, ...errorReplies } },
});

export type CameraSettings = Static<typeof CameraSettings>;
export type CameraInfo = Static<typeof CameraInfo>;
