// The wall: 16 charts of 10 live series each, fed the way the app feeds them: the app's socket client
// (resume, gap fill), its ring-buffered store and its one animation-frame scheduler. The benchmark
// compares it with baseline.ts, the same charts fed by a local timer.
import type { LoginResponse } from '@voltscope/shared/domain';
import type uPlot from 'uplot';
import { LiveClient } from '../src/live/liveClient.ts';
import { LiveStore } from '../src/live/liveStore.ts';
import { mountUplot } from '../src/plots/mountUplot.ts';
import { sessionStore } from '../src/session/sessionStore.ts';
import { CHARTS, chartGrid, countSetData, prefill, SERIES_PER_CHART, WINDOW_MS } from './wallCharts.ts';

const store = new LiveStore(WINDOW_MS / 1000);
const client = new LiveClient(store);
const params = new URLSearchParams(location.search);
const sites = (params.get('sites') ?? 'es-tarifa,fr-occitanie').split(',');

const login = (await (
  await fetch('/api/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: params.get('email'), password: params.get('password') }),
  })
).json()) as LoginResponse;
sessionStore.signIn(login, false);

// 160 series of the sites, 10 to a chart, with an hour of samples already there.
const series: { siteId: string; id: number }[] = [];
for (const siteId of sites) {
  const list = (await (
    await fetch(`/api/sites/${siteId}/series`, { headers: { authorization: `Bearer ${login.accessToken}` } })
  ).json()) as { id: number }[];
  for (const s of list) series.push({ siteId, id: s.id });
}
const now = Date.now();
const charts = chartGrid().map((slot, c) => {
  const mine = series.slice(c * SERIES_PER_CHART, (c + 1) * SERIES_PER_CHART);
  mine.forEach((s, k) => {
    const { ts, values } = prefill(c, k, now);
    store.mergeHistory(s.siteId, s.id, ts, values);
  });
  // Each redraw reads the window from the rings into arrays kept for the chart.
  const x = new Float64Array(WINDOW_MS / 1000);
  const ys = mine.map(() => new Float64Array(WINDOW_MS / 1000));
  const read = () => {
    countSetData();
    const since = Date.now() - WINDOW_MS;
    let n = 0;
    store.each(mine[0]?.id ?? -1, since, (t) => {
      x[n++] = t / 1000;
    });
    mine.forEach((s, k) => {
      let i = 0;
      const y = ys[k] as Float64Array;
      store.each(s.id, since, (_t, v) => {
        if (i < n) y[i++] = v;
      });
    });
    return [x.subarray(0, n), ...ys.map((y) => y.subarray(0, n))] as unknown as uPlot.AlignedData;
  };
  const chart = mountUplot(slot.element, slot.options, read);
  for (const siteId of new Set(mine.map((s) => s.siteId))) store.onFrame(siteId, chart.redraw);
  return chart;
});
for (const siteId of sites) client.follow(siteId);
window.wall.ready = charts.length === CHARTS;
