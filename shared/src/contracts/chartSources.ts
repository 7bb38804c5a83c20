// GET /api/chart-sources: for each site the caller may read, the series the fleet power chart draws (the
// grid meter's active power, a solar site's weather-station plane-of-array irradiance). One answer, so the
// chart's history request follows a single lookup instead of site list → devices → each device's series.
import Type from 'typebox';
import { siteKinds } from '../domain.ts';
import { errorReplies, Nullable, OneOf, routes } from './common.ts';
import { IdList } from './sites.ts';

export const ChartSource = Type.Object({
  siteId: Type.String(),
  name: Type.String(),
  kind: OneOf(siteKinds),
  /** The grid meter's `active_power` series, null without a meter the caller may read. */
  powerId: Nullable(Type.Integer()),
  /** The weather station's `irradiance_poa` series (solar sites), else null. */
  irradianceId: Nullable(Type.Integer()),
});

export const chartSourceContracts = routes({
  'GET /api/chart-sources': {
    querystring: Type.Object(
      {
        /** Only these sites (comma-separated ids); the caller's unreadable or unknown ones are left out. */
        sites: Type.Optional(IdList),
      },
      { additionalProperties: false },
    ),
    response: { 200: Type.Array(ChartSource), ...errorReplies },
  },
});
