// Sites and their plant KPIs: GET /api/sites, /api/sites/:id, /api/kpis/fleet, /api/sites/:id/kpis and
// /api/kpis/period.
import Type from 'typebox';
import { siteKinds } from '../domain.ts';
import { deviceStates, deviceTypes } from '../fleet.ts';
import { errorReplies, Id, IdParams, Nullable, OneOf, routes } from './common.ts';

export const Site = Type.Object({
  id: Type.String(),
  name: Type.String(),
  kind: OneOf(siteKinds),
  latitude: Type.Number(),
  longitude: Type.Number(),
  timeZone: Type.String(),
  /** Nameplate capacity in kW (kWp for solar, rated kW for wind). */
  capacityKw: Type.Number(),
  country: Type.String(),
});

const NullableNumber = Nullable(Type.Number());

/** A generator (inverter or turbine) now. Values are null while the device has not reported them. */
export const GeneratorKpis = Type.Object({
  deviceId: Type.String(),
  name: Type.String(),
  type: OneOf(deviceTypes),
  ratedKw: NullableNumber,
  state: OneOf(deviceStates),
  /** The device's `state` series: running, standby, fault... (see inverterStates / turbineStates). */
  operatingState: NullableNumber,
  faultCode: NullableNumber,
  powerKw: NullableNumber,
  energyTodayKwh: NullableNumber,
  /** Energy today per kW of the device's share of the plant's capacity (kWh/kWp). */
  specificYieldToday: NullableNumber,
  lastSeen: NullableNumber,
});

export const SiteKpis = Type.Object({
  siteId: Type.String(),
  name: Type.String(),
  kind: OneOf(siteKinds),
  timeZone: Type.String(),
  capacityKw: Type.Number(),
  /** When these figures were computed (ms). */
  at: Type.Number(),
  /** Power delivered now: the grid meter, or the sum of the generators where there is no meter. */
  powerKw: NullableNumber,
  /** powerKw / capacityKw. */
  shareOfCapacity: NullableNumber,
  /**
   * What a healthy plant makes now from the weather measured on site: capacity × irradiance × the
   * reference PR (solar), or the generic power curve at the wind speed (wind); null without them.
   */
  expectedPowerKw: NullableNumber,
  /** Since the site's local midnight. */
  energyTodayKwh: NullableNumber,
  specificYieldToday: NullableNumber,
  /** Plane-of-array irradiance now (solar). */
  irradiance: NullableNumber,
  /** Plane-of-array insolation since local midnight, kWh/m² (solar). */
  insolationTodayKwhM2: NullableNumber,
  /** IEC 61724 performance ratio today: final yield / reference yield (solar, after 50 Wh/m²). */
  performanceRatioToday: NullableNumber,
  moduleTemperature: NullableNumber,
  ambientTemperature: NullableNumber,
  windSpeed: NullableNumber,
  /** Share of generators able to produce (not in fault, not offline, not in maintenance). */
  availability: NullableNumber,
  devices: Type.Object({
    online: Type.Integer(),
    offline: Type.Integer(),
    fault: Type.Integer(),
    maintenance: Type.Integer(),
  }),
  /** The site's overall state: the worst of its generators', tempered by how many. */
  state: OneOf(['online', 'degraded', 'fault', 'offline']),
  generators: Type.Array(GeneratorKpis),
});

export const FleetKpis = Type.Object({
  at: Type.Number(),
  capacityKw: Type.Number(),
  powerKw: Type.Number(),
  energyTodayKwh: Type.Number(),
  sites: Type.Array(SiteKpis),
});

/** One site's or one generator's figures over a period, and its power normalised to capacity. */
export const PeriodKpis = Type.Object({
  id: Type.String(),
  name: Type.String(),
  siteId: Type.String(),
  capacityKw: Type.Number(),
  energyKwh: NullableNumber,
  specificYield: NullableNumber,
  insolationKwhM2: NullableNumber,
  performanceRatio: NullableNumber,
  /** kW per kW of capacity for each bucket of `PeriodComparison.ts` (null where there is no data). */
  normalisedPower: Type.Array(NullableNumber),
});

export const PeriodComparison = Type.Object({
  from: Type.Number(),
  to: Type.Number(),
  bucketMs: Type.Number(),
  ts: Type.Array(Type.Number()),
  items: Type.Array(PeriodKpis),
});

/** Up to 20 comma-separated ids. */
export const IdList = Type.String({ pattern: '^[\\w.:-]{1,64}(,[\\w.:-]{1,64}){0,19}$' });
/** A time in a query: milliseconds since 1970 or an ISO 8601 date. */
export const TimeParam = Type.String({ minLength: 1, maxLength: 40 });

export const siteContracts = routes({
  'GET /api/sites': { response: { 200: Type.Array(Site), ...errorReplies } },
  'GET /api/sites/:id': { params: Type.Object({ id: Id }), response: { 200: Site, ...errorReplies } },
  'GET /api/kpis/fleet': { response: { 200: FleetKpis, ...errorReplies } },
  'GET /api/sites/:id/kpis': { params: IdParams, response: { 200: SiteKpis, ...errorReplies } },
  'GET /api/kpis/period': {
    querystring: Type.Object(
      {
        sites: Type.Optional(IdList),
        devices: Type.Optional(IdList),
        from: TimeParam,
        to: TimeParam,
        maxPoints: Type.Optional(Type.Integer({ minimum: 10, maximum: 5000, default: 500 })),
      },
      { additionalProperties: false },
    ),
    response: { 200: PeriodComparison, ...errorReplies },
  },
});
