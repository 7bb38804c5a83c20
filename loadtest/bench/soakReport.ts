// The soak's HTML report: one self-contained page (inline SVG and CSS, no script from anywhere) with the
// figures against the goals, a chart of each series over the run with the network drops shaded and the
// hub restarts marked, the recoveries, and the raw samples as JSON for whoever wants to plot them again.
import type { Figure } from './report.ts';
import type { MinuteSample, Recovery } from './soak.ts';
import type { SoakOptions } from './soakOptions.ts';
import { pageTable } from './soakStats.ts';

interface Goal {
  figure: string;
  text: string;
  met: (value: number) => boolean;
}

/** The issue's bars for a wall left running (and a wall never shows a sign-in page). */
export const SOAK_GOALS: Goal[] = [
  { figure: 'soak.heap_growth_mb_per_h', text: 'under 2 MB/h after warm-up', met: (v) => v < 2 },
  { figure: 'soak.dom_nodes_change_pct', text: 'DOM nodes flat: within ±5 %', met: (v) => Math.abs(v) <= 5 },
  { figure: 'soak.recovery_s.max', text: 'every recovery under 10 s', met: (v) => v < 10 },
  { figure: 'soak.recoveries_failed', text: 'no wall left unrecovered', met: (v) => v === 0 },
  { figure: 'soak.sign_in_pages', text: 'never a sign-in page', met: (v) => v === 0 },
];

const html = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);
const fmt = (n: number) =>
  Number.isNaN(n)
    ? '–'
    : Math.abs(n) >= 100 || Number.isInteger(n)
      ? Math.round(n).toLocaleString('en-US')
      : n.toPrecision(3);

const W = 900;
const H = 180;
const PAD = { left: 60, right: 12, top: 10, bottom: 24 };

interface Chart {
  title: string;
  unit: string;
  value: (s: MinuteSample) => number | null;
}

const CHARTS: Chart[] = [
  { title: 'JS heap after a collection', unit: 'MB', value: (s) => s.heapMb },
  { title: 'DOM nodes', unit: 'nodes', value: (s) => s.domNodes },
  { title: 'Event listeners', unit: 'listeners', value: (s) => s.listeners },
  { title: 'Sockets open on the hub', unit: 'sockets', value: (s) => s.sockets },
  {
    title: 'Age of the newest live frame (frames behind), on pages that follow a site',
    unit: 's',
    value: (s) => (s.subscriptions ? s.frameAgeS : null),
  },
  { title: 'Long tasks since the previous sample', unit: 'tasks', value: (s) => s.longTasks },
];

function chart(c: Chart, samples: MinuteSample[], recoveries: Recovery[], o: SoakOptions): string {
  const endS = o.hours * 3600;
  const values = samples.map(c.value).filter((v): v is number => v !== null);
  const top = Math.max(1e-9, ...values) * 1.1;
  const bottom = Math.min(0, ...values);
  const x = (t: number) => PAD.left + (t / endS) * (W - PAD.left - PAD.right);
  const y = (v: number) => PAD.top + (1 - (v - bottom) / (top - bottom)) * (H - PAD.top - PAD.bottom);
  const marks = recoveries.map((r) =>
    r.kind === 'drop'
      ? `<rect class="drop" x="${x(r.at - o.dropSeconds)}" y="${PAD.top}" width="${Math.max(1, x(r.at) - x(r.at - o.dropSeconds))}" height="${H - PAD.top - PAD.bottom}"><title>network down ${o.dropSeconds} s; live again ${r.seconds.toFixed(1)} s after</title></rect>`
      : `<line class="restart" x1="${x(r.at)}" x2="${x(r.at)}" y1="${PAD.top}" y2="${H - PAD.bottom}"><title>hub restart; live again ${r.seconds.toFixed(1)} s after</title></line>`,
  );
  const path = samples
    .flatMap((s) => {
      const v = c.value(s);
      return v === null ? [] : [`${x(s.t).toFixed(1)},${y(v).toFixed(1)}`];
    })
    .join(' ');
  const dots = samples.flatMap((s) => {
    const v = c.value(s);
    return v === null
      ? []
      : [
          `<circle cx="${x(s.t).toFixed(1)}" cy="${y(v).toFixed(1)}" r="2"><title>${(s.t / 60).toFixed(1)} min, ${html(s.page)}: ${fmt(v)} ${c.unit}</title></circle>`,
        ];
  });
  const ticks = [0, 0.25, 0.5, 0.75, 1].map(
    (f) =>
      `<text x="${x(f * endS)}" y="${H - 6}" text-anchor="${f === 1 ? 'end' : 'middle'}">${fmt((f * endS) / 60)} min</text>` +
      `<text x="${PAD.left - 6}" y="${y(bottom + f * (top - bottom)) + 4}" text-anchor="end">${fmt(bottom + f * (top - bottom))}</text>`,
  );
  return `<figure><figcaption>${html(c.title)} (${html(c.unit)})</figcaption>
<svg viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${html(c.title)}">
<rect class="plot" x="${PAD.left}" y="${PAD.top}" width="${W - PAD.left - PAD.right}" height="${H - PAD.top - PAD.bottom}"/>
${marks.join('\n')}
<polyline points="${path}"/>
${dots.join('\n')}
${ticks.join('\n')}
</svg></figure>`;
}

function figureRows(figures: Figure[]): string {
  return figures
    .map((f) => {
      const goal = SOAK_GOALS.find((g) => g.figure === f.name);
      const verdict = goal
        ? goal.met(f.value)
          ? '<td class="pass">pass</td>'
          : '<td class="fail">fail</td>'
        : '<td></td>';
      const range = f.range ? `${fmt(f.range[0])}–${fmt(f.range[1])}` : '';
      return `<tr><td>${html(f.name)}</td><td class="n">${fmt(f.value)}</td><td>${html(f.unit)}</td><td>${range}</td><td>${goal ? html(goal.text) : ''}</td>${verdict}</tr>`;
    })
    .join('\n');
}

export function soakReport(
  o: SoakOptions,
  run: { samples: MinuteSample[]; recoveries: Recovery[]; figures: Figure[] },
): string {
  const recoveries = run.recoveries
    .map(
      (r) =>
        `<tr><td>${r.kind === 'drop' ? `network drop (${o.dropSeconds} s)` : 'hub restart'}</td><td class="n">${fmt(r.at / 60)} min</td>` +
        `<td class="n">${r.hubS === null ? '' : `${r.hubS.toFixed(1)} s`}</td><td class="n">${r.connectedS.toFixed(1)} s</td>` +
        `<td class="n ${r.seconds < 10 ? 'pass' : 'fail'}">${r.recovered ? `${r.seconds.toFixed(1)} s` : 'not recovered'}</td></tr>`,
    )
    .join('\n');
  // `<` escaped so that no sample's text can end the script element.
  const data = JSON.stringify({ options: o, ...run }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Voltscope soak ${new Date().toISOString().slice(0, 16)}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
table { border-collapse: collapse; margin-bottom: 24px; } td, th { padding: 3px 10px; border-bottom: 1px solid #ddd; text-align: left; }
.n { text-align: right; font-variant-numeric: tabular-nums; } .pass { color: #17803d; } .fail { color: #c0262d; font-weight: 600; }
figure { margin: 0 0 18px; } figcaption { font-weight: 600; margin-bottom: 4px; }
svg text { font-size: 11px; fill: #555; } .plot { fill: #fafafa; stroke: #ccc; }
polyline { fill: none; stroke: #2a6fb0; stroke-width: 1.5; } circle { fill: #2a6fb0; }
.drop { fill: #f0a020; opacity: 0.25; } .restart { stroke: #c0262d; stroke-width: 1.5; stroke-dasharray: 4 3; }
</style></head><body>
<h1>Voltscope wall soak</h1>
<p>${fmt(o.hours)} h of a ${o.display ? 'paired display' : 'operator session'} in Chromium at 1920×1080, ${fmt(o.days)} simulated days
(SIM_WARP ${o.warp}, SIM_PERIOD ${o.periodMs} ms); playlist of every page, ${o.dwellSeconds} s each; the network dropped for ${o.dropSeconds} s
every ${fmt(o.dropEveryMinutes)} min (shaded) and the hub restarted every ${fmt(o.restartEveryMinutes)} min (dashed); a sample every
${o.sampleEveryTurns} page turns (${o.sampleEveryTurns * o.dwellSeconds} s), a few seconds into a page. Growth is fitted over the samples taken while the wall was live, within each page (one level per page and per page load, one slope: the kiosk reloads itself after a restart) after ${fmt(o.warmupSeconds / 60)} min (the first playlist cycle, or the
client's rings filling if longer). Times of recovery count from a drop's end and from a restart's start.</p>
<h2>Figures</h2>
<table><tr><th>figure</th><th>value</th><th>unit</th><th>range</th><th>goal</th><th></th></tr>
${figureRows(run.figures)}
</table>
<h2>Pages</h2>
<p>Each page on its own (its own line over its own samples): where the wall grows, which page does.</p>
<table><tr><th>page (and page load)</th><th>samples</th><th>DOM nodes</th><th>DOM change</th><th>heap</th><th>heap growth</th></tr>
${pageTable(o, run.samples)
  .map(
    ({ dom, heap }) =>
      `<tr><td>${html(dom.group)}</td><td class="n">${dom.samples}</td><td class="n">${fmt(dom.mean)}</td><td class="n">${dom.changePct.toFixed(1)} %</td>` +
      `<td class="n">${heap ? `${heap.mean.toFixed(1)} MB` : ''}</td><td class="n">${heap ? `${heap.slope.toFixed(2)} MB/h` : ''}</td></tr>`,
  )
  .join('\n')}
</table>
<h2>Series</h2>
${CHARTS.map((c) => chart(c, run.samples, run.recoveries, o)).join('\n')}
<h2>Recoveries</h2>
<table><tr><th>event</th><th>at</th><th>hub answering after</th><th>socket connected after</th><th>live with a new frame after</th></tr>
${recoveries}
</table>
<script type="application/json" id="soak-data">${data}</script>
</body></html>
`;
}
