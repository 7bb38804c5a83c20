// A line chart as inline SVG for the HTML report: time in seconds across, nice ticks, the ramp shaded
// grey and chosen seconds red, and min/max decimation when the seconds outnumber the pixels.
import type { Second } from './loadgenStats.ts';

const PAD = { top: 12, right: 14, bottom: 26, left: 52 };

export const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

export const html = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface Line {
  name: string;
  color: string;
  values: (number | null)[];
  dashed?: boolean;
}

export interface Chart {
  title: string;
  lines: Line[];
  /** A floor for the top of the y axis (100 for percentages). */
  yMin?: number;
  format?: (v: number) => string;
  /** Seconds to shade in red (the generator was saturated). */
  marks?: boolean[];
  /** The whole row of the page. */
  wide?: boolean;
}

function niceStep(span: number, ticks: number): number {
  const raw = span / ticks;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const n = raw / magnitude;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 5 ? 5 : 10) * magnitude;
}

/**
 * Min and max of each pixel column when the points outnumber the pixels, so a long run keeps its
 * spikes; null (no data) stays a break in the line.
 */
function decimate(t: readonly number[], values: readonly (number | null)[], x: (t: number) => number, pixels: number) {
  const points: [number, number | null][] = [];
  if (values.length <= pixels * 2) return values.map((v, i): [number, number | null] => [x(t[i] ?? 0), v]);
  let column = -1;
  let low: number | null = null;
  let high: number | null = null;
  const flush = () => {
    if (column < 0) return;
    points.push([column, low], [column, high]);
  };
  values.forEach((v, i) => {
    const px = Math.round(x(t[i] ?? 0));
    if (px !== column) {
      flush();
      column = px;
      low = v;
      high = v;
    } else if (v !== null) {
      low = low === null ? v : Math.min(low, v);
      high = high === null ? v : Math.max(high, v);
    }
  });
  flush();
  return points;
}

function path(points: readonly [number, number | null][], y: (v: number) => number): string {
  let d = '';
  let drawing = false;
  for (const [px, v] of points) {
    if (v === null) {
      drawing = false;
      continue;
    }
    d += `${drawing ? 'L' : 'M'}${px.toFixed(1)},${y(v).toFixed(1)}`;
    drawing = true;
  }
  return d;
}

/** One chart of the run's seconds, with its title and legend, as a <figure>. */
export function chartSvg(chart: Chart, seconds: readonly Second[], rampS: number): string {
  const width = chart.wide ? 1120 : 560;
  const height = chart.wide ? 250 : 210;
  const plotW = width - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const t = [0, ...seconds.map((s) => s.t)];
  const tMax = Math.max(1, t[t.length - 1] ?? 1);
  const x = (s: number) => PAD.left + (s / tMax) * plotW;
  let top = 0;
  for (const line of chart.lines) for (const v of line.values) if (v !== null && v > top) top = v;
  // Headroom above the data, but a floor such as 100 % stays the top when the data stays under it.
  const ceiling = Math.max(top * 1.05, chart.yMin ?? 0);
  const yStep = niceStep(ceiling > 0 ? ceiling : 1, 4);
  const yMax = Math.max(yStep, Math.ceil(ceiling / yStep) * yStep);
  const y = (v: number) => PAD.top + plotH - (v / yMax) * plotH;
  const format = chart.format ?? ((v: number) => compact.format(v));
  const parts: string[] = [];

  const rampEnd = Math.min(rampS, tMax);
  if (rampEnd > 0) {
    parts.push(
      `<rect x="${x(0)}" y="${PAD.top}" width="${(x(rampEnd) - x(0)).toFixed(1)}" height="${plotH}" class="ramp"/>`,
    );
  }
  chart.marks?.forEach((marked, i) => {
    if (!marked) return;
    const from = t[i] ?? 0;
    const to = t[i + 1] ?? from;
    parts.push(
      `<rect x="${x(from).toFixed(1)}" y="${PAD.top}" width="${Math.max(1, x(to) - x(from)).toFixed(1)}" height="${plotH}" class="saturated"/>`,
    );
  });
  if (rampEnd > 0)
    parts.push(
      `<text x="${(x(rampEnd) - 4).toFixed(1)}" y="${PAD.top + 11}" class="note" text-anchor="end">ramp</text>`,
    );
  for (let v = 0; v <= yMax + yStep / 2; v += yStep) {
    parts.push(
      `<line x1="${PAD.left}" x2="${width - PAD.right}" y1="${y(v).toFixed(1)}" y2="${y(v).toFixed(1)}" class="grid"/>`,
      `<text x="${PAD.left - 6}" y="${(y(v) + 4).toFixed(1)}" class="tick" text-anchor="end">${html(format(v))}</text>`,
    );
  }
  const tStep = niceStep(tMax, 6);
  for (let s = 0; s <= tMax + 1e-9; s += tStep) {
    parts.push(
      `<line x1="${x(s).toFixed(1)}" x2="${x(s).toFixed(1)}" y1="${PAD.top + plotH}" y2="${PAD.top + plotH + 4}" class="axis"/>`,
      `<text x="${x(s).toFixed(1)}" y="${height - 8}" class="tick" text-anchor="middle">${compact.format(s)} s</text>`,
    );
  }
  parts.push(
    `<line x1="${PAD.left}" x2="${width - PAD.right}" y1="${PAD.top + plotH}" y2="${PAD.top + plotH}" class="axis"/>`,
  );
  for (const line of chart.lines) {
    const points = decimate(t, [line.values[0] ?? null, ...line.values], x, plotW);
    // The first row's value also stands for time 0, so a line starts at the left edge.
    parts.push(
      `<path d="${path(points, y)}" stroke="${line.color}" class="line${line.dashed ? ' dashed' : ''}"><title>${html(line.name)}</title></path>`,
    );
  }
  const legend =
    chart.lines
      .map(
        (l) =>
          `<span class="key"><i style="background:${l.color}"${l.dashed ? ' class="dashed"' : ''}></i>${html(l.name)}</span>`,
      )
      .join('') +
    (chart.marks?.some(Boolean) ? '<span class="key"><i class="band"></i>generator saturated</span>' : '');
  return `<figure><figcaption><b>${html(chart.title)}</b>${legend}</figcaption>
<svg viewBox="0 0 ${width} ${height}" role="img" aria-label="${html(chart.title)}">${parts.join('')}</svg></figure>`;
}
