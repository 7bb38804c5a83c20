// The baseline wall: the same 16 uPlot charts and the same hour of data, fed by a local timer at the
// hub's frame rate (10 a second, one new sample a second per series), with no socket and no store.
import uPlot from 'uplot';
import { chartGrid, countSetData, prefill, SERIES_PER_CHART, WINDOW_MS } from './wallCharts.ts';

const FRAME_MS = 100;
const now = Date.now();
const charts = chartGrid().map((slot, c) => {
  const columns = Array.from({ length: SERIES_PER_CHART }, (_, k) => prefill(c, k, now));
  const x = (columns[0]?.ts ?? []).map((t) => t / 1000);
  const ys = columns.map((s) => s.values);
  const { width, height } = slot.element.getBoundingClientRect();
  const plot = new uPlot(slot.options(width, height), [x, ...ys], slot.element);
  return { plot, x, ys, c };
});

let lastSecond = Math.floor(Date.now() / 1000);
setInterval(() => {
  const second = Math.floor(Date.now() / 1000);
  const fresh = second !== lastSecond;
  lastSecond = second;
  for (const chart of charts) {
    if (fresh) {
      chart.x.push(second);
      for (const [k, y] of chart.ys.entries())
        y.push(500 + 300 * Math.sin((second * 1000) / 600_000 + chart.c + k / 3));
      while ((chart.x[0] ?? second) < second - WINDOW_MS / 1000) {
        chart.x.shift();
        for (const y of chart.ys) y.shift();
      }
    }
    countSetData();
    chart.plot.setData([chart.x, ...chart.ys]);
  }
}, FRAME_MS);
window.wall.ready = true;
