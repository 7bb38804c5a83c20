// History queries as a dashboard makes them when a chart opens: the site's series, their latest values, and
// a downsampled history over a span. setup() signs in once (sign-in is slow by design: see login.ts) and
// every VU reuses the token, which outlives a run (12 hours by default).
//
// The three spans each read one storage tier: with the chart's 1000 points, planHistory in the server reads
// raw samples for 10 minutes, the 1-minute rollup for a day and the 1-hour rollup for 90 days. Iterations
// take them in turn so that every tier gets a third of the load and its own latency figure.

import { check, fail } from 'k6';
import exec from 'k6/execution';
import http from 'k6/http';
import type { Options } from 'k6/options';
import type { Site } from '../../shared/src/domain.ts';
import type { HistoryReply, SeriesEntry } from '../../shared/src/fleet.ts';
import { authorized, signIn } from './lib/auth.ts';
import { arrivalScenario, baseUrl, numberSetting, sites } from './lib/config.ts';

const MAX_POINTS = 1000;
const SERIES_PER_CHART = numberSetting('SERIES_PER_CHART', 4);
/** Metrics a dashboard charts first; the others (states, counters) are read as latest values. */
const CHARTED = new Set(['ac_power', 'active_power', 'dc_power', 'irradiance_poa', 'wind_speed']);

const spans = [
  { name: '10m', ms: 10 * 60_000, resolution: 'raw' },
  { name: '1d', ms: 86_400_000, resolution: '1m' },
  { name: '90d', ms: 90 * 86_400_000, resolution: '1h' },
] as const;

interface SetupData {
  token: string;
  siteIds: string[];
}

export const options: Options = {
  scenarios: {
    charts: arrivalScenario(10, { preAllocated: 10, max: 100 }),
  },
  thresholds: {
    'http_req_duration{endpoint:history}': ['p(95)<500', 'p(99)<1000'],
    'http_req_duration{endpoint:history,span:10m}': ['p(95)<300'],
    'http_req_duration{endpoint:history,span:1d}': ['p(95)<500'],
    'http_req_duration{endpoint:history,span:90d}': ['p(95)<800'],
    'http_req_duration{endpoint:site_series}': ['p(95)<200'],
    'http_req_duration{endpoint:latest}': ['p(95)<200'],
    http_req_failed: ['rate<0.01'],
    checks: ['rate>0.99'],
  },
};

export function setup(): SetupData {
  const token = signIn();
  const response = http.get(`${baseUrl}/api/sites`, authorized(token, 'sites'));
  const readable = new Set((response.json() as unknown as Site[]).map((s) => s.id));
  const siteIds = sites.filter((id) => readable.has(id));
  if (siteIds.length === 0)
    fail(`none of SITES=${sites.join(',')} is readable; the hub has ${[...readable].join(',')}`);
  return { token, siteIds };
}

export default function openChart({ token, siteIds }: SetupData): void {
  const turn = exec.scenario.iterationInTest;
  const siteId = siteIds[turn % siteIds.length] as string;
  const span = spans[turn % spans.length] as (typeof spans)[number];

  const listed = http.get(`${baseUrl}/api/sites/${siteId}/series`, authorized(token, 'site_series'));
  const series = listed.status === 200 ? (listed.json() as unknown as SeriesEntry[]) : [];
  check(listed, { 'site series answers 200 with series': (r) => r.status === 200 && series.length > 0 });
  const charted = series.filter((s) => CHARTED.has(s.key));
  const ids = (charted.length > 0 ? charted : series).slice(0, SERIES_PER_CHART).map((s) => s.id);

  const latest = http.get(`${baseUrl}/api/series/latest?site=${siteId}`, authorized(token, 'latest'));
  check(latest, { 'latest answers 200': (r) => r.status === 200 });
  if (ids.length === 0) return;

  const to = Date.now();
  const query = `ids=${ids.join(',')}&from=${to - span.ms}&to=${to}&maxPoints=${MAX_POINTS}`;
  const params = authorized(token, 'history');
  params.tags = { ...params.tags, span: span.name };
  const response = http.get(`${baseUrl}/api/series/history?${query}`, params);
  const history = response.status === 200 ? (response.json() as unknown as HistoryReply) : null;
  check(response, {
    'history answers 200': (r) => r.status === 200,
    'history holds every series asked for': () => history?.series.length === ids.length,
    'history reads the tier its span calls for': () => history?.resolution === span.resolution,
    'history columns line up with its time axis': () =>
      history?.series.every((s) => s.avg.length === history.ts.length) === true,
  });
}
