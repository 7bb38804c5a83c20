// Analysis: the daily KPIs the hub's scheduled job keeps (GET /api/analysis/daily, also as CSV), asking
// for them again (POST /api/analysis/recompute), and the alarm system's own health over a period
// (GET /api/analysis/alarm-health).
import Type from 'typebox';
import { LocalisedText } from './alarms.ts';
import { errorReplies, Nullable, OneOf, routes } from './common.ts';

const NullableNumber = Nullable(Type.Number());

/**
 * The longest span GET /api/analysis/alarm-health answers, in days: the analysis page's longest range
 * (366 days) and a day to spare for time zones and daylight saving. Its answer holds one count per
 * 10 minutes of the span, so ten years were 8.4 MB.
 */
export const ALARM_HEALTH_MAX_DAYS = 367;

/** One day of a site (deviceId null) or a generator, computed by the hub's daily job and kept. */
export const DailyKpis = Type.Object({
  siteId: Type.String(),
  deviceId: Nullable(Type.String()),
  /** The site's local day, YYYY-MM-DD. */
  day: Type.String(),
  energyKwh: NullableNumber,
  /** What the plant should have made that day: the POA insolation at a reference PR (solar), or the wind through a generic power curve (wind). */
  expectedKwh: NullableNumber,
  specificYield: NullableNumber,
  performanceRatio: NullableNumber,
  insolationKwhM2: NullableNumber,
  /** Share of the hours it should have produced (sun up, or wind between cut-in and cut-out) in which it did. */
  availability: NullableNumber,
  capacityFactor: NullableNumber,
  computedAt: Type.Number(),
});

/** An alarm point (a rule on a device) of a site. */
const AlarmPoint = {
  ruleId: Type.Integer(),
  deviceId: Type.String(),
  siteId: Type.String(),
  message: LocalisedText,
};

/** The alarm system's own health over a period (ISA-18.2 / EEMUA 191 metrics). */
export const AlarmHealth = Type.Object({
  from: Type.Number(),
  to: Type.Number(),
  targets: Type.Object({
    floodPer10Min: Type.Number(),
    chatterPerMinute: Type.Number(),
    standingHours: Type.Number(),
    manageablePer10Min: Type.Number(),
  }),
  /** New alarms per 10-minute window (all sites asked). */
  per10Min: Type.Object({ ts: Type.Array(Type.Number()), counts: Type.Array(Type.Integer()) }),
  averagePer10Min: Type.Number(),
  /** Windows over the flood target. */
  floods: Type.Array(Type.Object({ start: Type.Number(), count: Type.Integer() })),
  /** The ten alarm points raised most often. */
  mostFrequent: Type.Array(Type.Object({ ...AlarmPoint, count: Type.Integer() })),
  /** Points that activated 3 or more times within a minute. */
  chattering: Type.Array(Type.Object({ ...AlarmPoint, activations: Type.Integer() })),
  /** Open alarms raised more than `standingHours` ago. */
  standing: Type.Array(
    Type.Object({
      id: Type.Integer(),
      deviceId: Type.String(),
      siteId: Type.String(),
      message: LocalisedText,
      raisedAt: Type.Number(),
    }),
  ),
});

/** A comma-separated list of ids. */
const ListParam = Type.String({ maxLength: 4000, pattern: '^[\\w.:,-]*$' });
/** A day, YYYY-MM-DD, that the calendar holds (JSON Schema's `date` format: no 2026-02-30). */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' });

export const analysisContracts = routes({
  /** The days' KPIs, or with `format=csv` the same rows as CSV text (sent as is, not serialised by this schema). */
  'GET /api/analysis/daily': {
    querystring: Type.Object(
      {
        sites: Type.Optional(ListParam),
        devices: Type.Optional(ListParam),
        from: Day,
        to: Day,
        format: Type.Optional(OneOf(['json', 'csv'], { default: 'json' })),
      },
      { additionalProperties: false },
    ),
    response: { 200: Type.Array(DailyKpis), ...errorReplies },
  },
  'POST /api/analysis/recompute': { response: { 200: Type.Object({ ok: Type.Boolean() }), ...errorReplies } },
  'GET /api/analysis/alarm-health': {
    querystring: Type.Object(
      {
        sites: Type.Optional(ListParam),
        from: Type.String({ maxLength: 40 }),
        to: Type.String({ maxLength: 40 }),
      },
      { additionalProperties: false },
    ),
    response: { 200: AlarmHealth, ...errorReplies },
  },
});
