// Motion trace: a site's plan (an image an admin uploaded, or one the hub draws from the site's devices),
// where its cameras, motion sensors and doors stand on it, its named zones, and the tracks of people and
// vehicles seen moving over it. Read with `read` on `Site` (a site the caller may not read answers 404 as
// one that does not exist); the plan is changed with `update` on `Site`. Plan units are metres, x to the
// east (right), y to the south (down), from the plan's top left corner.
import Type, { type Static } from 'typebox';
import { errorReplies, IdParams, Nullable, OneOf, routes } from './common.ts';

export const PLAN_LIMITS = {
  /** The uploaded image's bytes (decoded). */
  imageBytes: 2 * 1024 * 1024,
  extent: { min: 10, max: 10_000 },
  zones: 40,
  zonePoints: 40,
  name: 80,
} as const;

export const planImageTypes = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export const trackKinds = ['person', 'vehicle'] as const;
export type TrackKind = (typeof trackKinds)[number];
export const planDeviceTypes = ['camera', 'motion_sensor', 'door_reader'] as const;

const Coordinate = Type.Number({ minimum: 0, maximum: PLAN_LIMITS.extent.max });

/** A device placed on the plan; `heading` is a camera's view direction in degrees (0 north, clockwise). */
export const PlacedDevice = Type.Object(
  {
    deviceId: Type.String({ minLength: 1, maxLength: 140 }),
    x: Coordinate,
    y: Coordinate,
    heading: Nullable(Type.Number({ minimum: 0, maximum: 360 })),
  },
  { additionalProperties: false },
);

export const PlanZone = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 40 }),
    name: Type.String({ minLength: 1, maxLength: PLAN_LIMITS.name }),
    points: Type.Array(Type.Tuple([Coordinate, Coordinate]), { minItems: 3, maxItems: PLAN_LIMITS.zonePoints }),
  },
  { additionalProperties: false },
);

/** A site's plan as the page reads it. */
export const SitePlan = Type.Object({
  siteId: Type.String(),
  /** Drawn by the hub from the site's devices: no image uploaded. */
  generated: Type.Boolean(),
  width: Type.Number(),
  height: Type.Number(),
  /** The hub path of the picture (fetched with the session's token); `?theme=dark` for the generated one's dark colours. */
  imageUrl: Type.String(),
  imageType: OneOf(planImageTypes),
  devices: Type.Array(
    Type.Object({
      deviceId: Type.String(),
      type: OneOf(planDeviceTypes),
      name: Type.String(),
      /** Its name in other languages (as devices carry them). */
      names: Nullable(Type.Record(Type.String(), Type.String())),
      x: Type.Number(),
      y: Type.Number(),
      heading: Nullable(Type.Number()),
      /** A motion sensor's detection range, metres. */
      range: Nullable(Type.Number()),
    }),
  ),
  zones: Type.Array(PlanZone),
  updatedAt: Nullable(Type.Integer()),
});

export const TrackPoint = Type.Object({
  ts: Type.Number(),
  x: Type.Number(),
  y: Type.Number(),
  /** The motion sensor that saw it there, if any. */
  sensorId: Nullable(Type.String()),
  /** The camera whose view it was in, if any. */
  cameraId: Nullable(Type.String()),
});

export const Track = Type.Object({
  id: Type.String(),
  siteId: Type.String(),
  kind: OneOf(trackKinds),
  /** The first named zone it entered (null: none). */
  zone: Nullable(Type.String()),
  startedAt: Type.Number(),
  /** Null while it goes on. */
  endedAt: Nullable(Type.Number()),
  /** The alarm raised while it ran. */
  alarmId: Nullable(Type.Integer()),
  points: Type.Array(TrackPoint),
});

const SiteParams = IdParams;
const MAX_PERIOD_MS = 31 * 86_400_000;

export const motionContracts = routes({
  'GET /api/sites/:id/plan': { params: SiteParams, response: { 200: SitePlan, ...errorReplies } },
  /**
   * The plan's picture: the uploaded image, or the generated SVG (`theme=dark` for dark colours). An SVG is
   * served with `content-security-policy: sandbox`, to be shown through <img> only.
   */
  'GET /api/sites/:id/plan/image': {
    params: SiteParams,
    querystring: Type.Object({ theme: Type.Optional(OneOf(['light', 'dark'] as const)) }),
    response: { ...errorReplies },
  },
  /** Uploads the plan's picture (base64, at most 2 MB decoded) with its size in metres; keeps placements. */
  'PUT /api/sites/:id/plan/image': {
    params: SiteParams,
    body: Type.Object(
      {
        contentType: Type.String({ minLength: 1, maxLength: 100 }),
        data: Type.String({ minLength: 1 }),
        width: Type.Number({ minimum: PLAN_LIMITS.extent.min, maximum: PLAN_LIMITS.extent.max }),
        height: Type.Number({ minimum: PLAN_LIMITS.extent.min, maximum: PLAN_LIMITS.extent.max }),
      },
      { additionalProperties: false },
    ),
    response: { 200: SitePlan, ...errorReplies },
  },
  /** Where the devices stand and the zones (every device of the site not listed keeps its generated place). */
  'PUT /api/sites/:id/plan/layout': {
    params: SiteParams,
    body: Type.Object(
      {
        devices: Type.Array(PlacedDevice, { maxItems: 500 }),
        zones: Type.Array(PlanZone, { maxItems: PLAN_LIMITS.zones }),
      },
      { additionalProperties: false },
    ),
    response: { 200: SitePlan, ...errorReplies },
  },
  /** Back to the generated plan: the image, placements and zones are dropped. */
  'DELETE /api/sites/:id/plan': { params: SiteParams, response: { 200: SitePlan, ...errorReplies } },
  /** Tracks that ran within [from, to] (at most 31 days), oldest first, with their points. */
  'GET /api/sites/:id/motion/tracks': {
    params: SiteParams,
    querystring: Type.Object({
      from: Type.Number({ minimum: 0 }),
      to: Type.Number({ minimum: 0 }),
    }),
    response: { 200: Type.Object({ tracks: Type.Array(Track), truncated: Type.Boolean() }), ...errorReplies },
  },
});

export const MOTION_MAX_PERIOD_MS = MAX_PERIOD_MS;
export type SitePlan = Static<typeof SitePlan>;
export type PlanZone = Static<typeof PlanZone>;
export type PlacedDevice = Static<typeof PlacedDevice>;
export type Track = Static<typeof Track>;
export type TrackPoint = Static<typeof TrackPoint>;

/** `motion:subscribe`: sites to follow the tracks of. */
export const MotionSubscribeRequest = Type.Object(
  { sites: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 20 }) },
  { additionalProperties: false },
);
export type MotionSubscribeRequest = Static<typeof MotionSubscribeRequest>;
