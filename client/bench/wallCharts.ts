// What both wall pages share: 16 uPlot charts of 10 series of an hour each, the same options, and the
// page-side measurements the benchmark reads (animation-frame times, long tasks, setData calls).
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export const CHARTS = 16;
export const SERIES_PER_CHART = 10;
export const WINDOW_MS = 3_600_000;

const COLORS = [
  '#1c7ed6',
  '#2f9e44',
  '#e8590c',
  '#7048e8',
  '#c2255c',
  '#0c8599',
  '#f08c00',
  '#5c940d',
  '#862e9c',
  '#364fc7',
];

interface Measures {
  frameTimes: number[];
  longTasks: number;
  longestTaskMs: number;
  setDataCalls: number;
  animationFrames: number;
  recording: boolean;
}

declare global {
  interface Window {
    wall: Measures & { start(): void; ready: boolean };
  }
}

const measures: Measures = {
  frameTimes: [],
  longTasks: 0,
  longestTaskMs: 0,
  setDataCalls: 0,
  animationFrames: 0,
  recording: false,
};
window.wall = Object.assign(measures, {
  ready: false,
  start() {
    measures.frameTimes = [];
    measures.longTasks = 0;
    measures.longestTaskMs = 0;
    measures.setDataCalls = 0;
    measures.animationFrames = 0;
    measures.recording = true;
  },
});

let last = performance.now();
const onFrame = (now: number) => {
  if (measures.recording) {
    measures.frameTimes.push(now - last);
    measures.animationFrames++;
  }
  last = now;
  requestAnimationFrame(onFrame);
};
requestAnimationFrame(onFrame);
new PerformanceObserver((list) => {
  if (!measures.recording) return;
  for (const entry of list.getEntries()) {
    if (entry.duration > 50) measures.longTasks++;
    measures.longestTaskMs = Math.max(measures.longestTaskMs, entry.duration);
  }
}).observe({ type: 'longtask', buffered: false });

/** Counts a chart's setData (at most one per chart per animation frame is the bar). */
export function countSetData(): void {
  if (measures.recording) measures.setDataCalls++;
}

/** A grid of 16 chart containers and their uPlot options. */
export function chartGrid(): { element: HTMLElement; options: (width: number, height: number) => uPlot.Options }[] {
  const grid = document.createElement('div');
  grid.style.cssText =
    'display:grid;grid-template-columns:repeat(4,1fr);gap:8px;padding:8px;height:100vh;box-sizing:border-box';
  document.body.style.margin = '0';
  document.body.append(grid);
  return Array.from({ length: CHARTS }, () => {
    const element = document.createElement('div');
    element.style.cssText = 'min-width:0;min-height:0';
    grid.append(element);
    return {
      element,
      options: (width, height) => ({
        width,
        height,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true, range: () => [(Date.now() - WINDOW_MS) / 1000, Date.now() / 1000] } },
        series: [
          {},
          ...Array.from({ length: SERIES_PER_CHART }, (_, i) => ({
            stroke: COLORS[i],
            width: 1,
            points: { show: false },
          })),
        ],
      }),
    };
  });
}

/** An hour of plausible samples at 1 Hz ending now, the same for both pages. */
export function prefill(chart: number, series: number, now: number): { ts: number[]; values: number[] } {
  const ts: number[] = [];
  const values: number[] = [];
  for (let t = now - WINDOW_MS; t < now; t += 1000) {
    ts.push(t);
    values.push(500 + 300 * Math.sin(t / 600_000 + chart + series / 3) + ((t / 1000) % 17));
  }
  return { ts, values };
}
