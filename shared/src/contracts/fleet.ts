// Devices, series and their values: GET /api/sites/:id/devices, /api/sites/:id/series, /api/devices/:id,
// /api/devices/:id/trips, /api/series/history and /api/series/latest; and the live socket's subscription
// requests (`live:subscribe`, `live:unsubscribe`), which the hub checks with these schemas too.
import Type, { type TString } from 'typebox';
import { deviceStates, deviceTypes, type Metric, metrics } from '../fleet.ts';
import { type Language, languages } from '../i18n.ts';
import { errorReplies, Nullable, OneOf, routes } from './common.ts';
import { TimeParam } from './sites.ts';

/** A site or device id in a path (device ids are `site.device`, hence longer than a site's). */
const PathId = Type.Object({ id: Type.String({ minLength: 1, maxLength: 120 }) });

const metricNames = Object.keys(metrics) as Metric[];

type Names = { [L in Language]: TString };

export const Device = Type.Object({
  id: Type.String(),
  siteId: Type.String(),
  type: OneOf(deviceTypes),
  /** Its name as registered (the fallback in every language). */
  name: Type.String(),
  /** Its name in other languages, where it has one ("اینورتر 22", "Onduleur 22"). */
  names: Type.Optional(
    Type.Partial(Type.Object(Object.fromEntries(languages.map((l) => [l, Type.String()])) as Names)),
  ),
  model: Type.String(),
  /** Rated power in kW (AC for inverters and turbines), or null where it means nothing. */
  ratedKw: Nullable(Type.Number()),
  protocol: Type.String(),
  address: Type.String(),
  /** Upstream device in the site's electrical tree (inverter → transformer → breaker), for the single-line diagram. */
  parentId: Nullable(Type.String()),
  state: OneOf(deviceStates),
  lastSeen: Nullable(Type.Number()),
});

export const Series = Type.Object({
  id: Type.Integer(),
  deviceId: Type.String(),
  /** The metric, with an index where a device has several (`mppt_voltage` of MPPT 2 is `mppt_voltage:2`). */
  key: Type.String(),
  metric: OneOf(metricNames),
  unit: Type.String(),
  /** Multiply a stored value by scale to get the unit (1 for every demo series). */
  scale: Type.Number(),
  min: Type.Number(),
  max: Type.Number(),
  /** Expected sampling period in ms; a value older than about twice this is stale. */
  periodMs: Type.Integer(),
});

/** A series as a site's series list gives it: what to find it by and how often it reports. */
export const SeriesEntry = Type.Object({
  id: Series.properties.id,
  deviceId: Series.properties.deviceId,
  key: Series.properties.key,
  metric: Series.properties.metric,
  unit: Series.properties.unit,
  periodMs: Series.properties.periodMs,
});

/** A series' newest sample. */
export const LatestValue = Type.Object({ seriesId: Type.Integer(), ts: Type.Number(), value: Type.Number() });

/** A device with its series, each with its newest sample (null before the first). */
export const DeviceDetail = Type.Object({
  ...Device.properties,
  series: Type.Array(
    Type.Object({
      id: Series.properties.id,
      key: Series.properties.key,
      metric: Series.properties.metric,
      unit: Series.properties.unit,
      scale: Series.properties.scale,
      min: Series.properties.min,
      max: Series.properties.max,
      periodMs: Series.properties.periodMs,
      latest: Nullable(Type.Object({ ts: Type.Number(), value: Type.Number() })),
    }),
  ),
});

const NullableNumbers = Type.Array(Nullable(Type.Number()));

/**
 * Buckets aligned across series, in columns that uPlot takes as they are: `ts` is the x axis, and each
 * series has min, max and mean per bucket (null where it has no data). Keeping each bucket's min and
 * max means a spike is never hidden by downsampling.
 */
export const History = Type.Object({
  /** Where the buckets come from: `raw` samples, `1m` or `1h` rollups. */
  resolution: Type.String(),
  bucketMs: Type.Number(),
  /** Bucket starts, ms. */
  ts: Type.Array(Type.Number()),
  series: Type.Array(
    Type.Object({ id: Type.Integer(), min: NullableNumbers, max: NullableNumbers, avg: NullableNumbers }),
  ),
});

/** The newest sample of each of a site's series that has one, in columns. */
export const LatestValues = Type.Object({
  siteId: Type.String(),
  seriesIds: Type.Array(Type.Integer()),
  ts: Type.Array(Type.Number()),
  values: Type.Array(Type.Number()),
});

/**
 * A trip of a device: an occurrence of its fault-code alarm, from the code that raised it to the code's
 * return to 0. Read from the alarm records, which keep each trip exactly after the code has reset.
 */
export const Trip = Type.Object({
  alarmId: Type.Integer(),
  /** The code that raised it (its meaning, severity and advice: shared/faultCodes.ts, by the device's model). */
  code: Type.Integer(),
  startedAt: Type.Number(),
  /** When the code went back to 0 (or the alarm's rule stopped watching it); null while it is still on. */
  endedAt: Nullable(Type.Number()),
  /** To `endedAt`, or to now while still on. */
  durationMs: Type.Number(),
  /**
   * Energy lost, kWh, estimated: the mean energy its peers (the site's other devices of its type) produced
   * over the trip, each scaled to this device's rating. Null when no peer has data over the trip.
   */
  lostKwh: Nullable(Type.Number()),
});

/** A device's trips in a span, newest first. */
export const TripLog = Type.Object({
  deviceId: Type.String(),
  from: Type.Number(),
  to: Type.Number(),
  trips: Type.Array(Trip),
  /** More trips than listed in the span: the oldest are left out. */
  truncated: Type.Boolean(),
});

export const fleetContracts = routes({
  'GET /api/sites/:id/devices': { params: PathId, response: { 200: Type.Array(Device), ...errorReplies } },
  'GET /api/sites/:id/series': { params: PathId, response: { 200: Type.Array(SeriesEntry), ...errorReplies } },
  'GET /api/devices/:id': { params: PathId, response: { 200: DeviceDetail, ...errorReplies } },
  'GET /api/devices/:id/trips': {
    params: PathId,
    querystring: Type.Object(
      {
        /** The span, at most 90 days: the last 90 days by default (`to` now, `from` 90 days before `to`). */
        from: Type.Optional(TimeParam),
        to: Type.Optional(TimeParam),
      },
      { additionalProperties: false },
    ),
    response: { 200: TripLog, ...errorReplies },
  },
  'GET /api/series/history': {
    querystring: Type.Object(
      {
        /** Up to 50 comma-separated series ids. */
        ids: Type.String({ pattern: '^\\d{1,9}(,\\d{1,9}){0,49}$' }),
        from: TimeParam,
        to: TimeParam,
        /** Buckets asked for across the range (fewer where the data is coarser). */
        maxPoints: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000, default: 1000 })),
      },
      { additionalProperties: false },
    ),
    response: { 200: History, ...errorReplies },
  },
  'GET /api/series/latest': {
    querystring: Type.Object({ site: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false }),
    response: { 200: LatestValues, ...errorReplies },
  },
});

// The live socket's requests. Their acks keep the messages they always had (server/src/realtime/subscribe.ts).

/**
 * A site to follow; `lastSeq` (of the last frame held) and `lastTs` ask to resume after a drop. `lastTs` is
 * where the missed span starts: the oldest of the newest sample times of the site's reporting series.
 */
export const SiteSubscription = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  lastSeq: Type.Optional(Type.Integer({ minimum: 0 })),
  lastTs: Type.Optional(Type.Number()),
});

/** `live:subscribe`: 1 to 100 sites, each by its id alone or with where to resume. */
export const SubscribeRequest = Type.Object({
  sites: Type.Array(Type.Union([SiteSubscription.properties.id, SiteSubscription]), { minItems: 1, maxItems: 100 }),
});

/** `live:unsubscribe`: the sites to stop following. */
export const UnsubscribeRequest = Type.Object({ sites: Type.Array(Type.String()) });
