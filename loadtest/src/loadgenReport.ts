// The HTML report of a run: one self-contained file (inline CSS and SVG, no script, nothing fetched)
// with the key figures, latency and throughput over time, the generator's own load, the summary table
// and the run's parameters.
import { type Chart, chartSvg, compact, html } from './loadgenChart.ts';
import type { Second, Summary } from './loadgenStats.ts';
import { count, describeRun, ms, saturationWarning, share, summaryRows } from './loadgenText.ts';

function charts(s: Summary): string {
  const seconds = s.seconds;
  const pick = (f: (row: Second) => number | null) => seconds.map(f);
  const saturated = seconds.map((row) => row.saturated);
  const list: Chart[] = [
    {
      title: 'Latency, sample time to arrival (ms)',
      wide: true,
      format: (v) => `${compact.format(v)}`,
      lines: [
        { name: 'p50', color: '#2563eb', values: pick((r) => r.p50Ms) },
        { name: 'p95', color: '#d97706', values: pick((r) => r.p95Ms) },
        { name: 'p99', color: '#dc2626', values: pick((r) => r.p99Ms) },
      ],
      marks: saturated,
    },
    {
      title: 'Samples received per second',
      lines: [{ name: 'samples/s', color: '#059669', values: pick((r) => r.samplesPerS) }],
    },
    {
      title: 'Frames received per second',
      lines: [{ name: 'frames/s', color: '#7c3aed', values: pick((r) => r.framesPerS) }],
    },
    {
      title: 'Clients',
      lines: [
        { name: 'connected', color: '#0f766e', values: pick((r) => r.connected) },
        { name: 'subscribed', color: '#65a30d', values: pick((r) => r.subscribed), dashed: true },
        { name: 'target', color: '#9ca3af', values: pick(() => s.parameters.clients), dashed: true },
      ],
    },
    {
      title: 'Gaps, reconnects and errors per second',
      lines: [
        { name: 'gaps', color: '#dc2626', values: pick((r) => r.gaps) },
        { name: 'reconnects', color: '#d97706', values: pick((r) => r.reconnects) },
        { name: 'errors', color: '#6b7280', values: pick((r) => r.errors), dashed: true },
      ],
      yMin: 1,
    },
    {
      title: 'Generator CPU (% of all cores; busiest thread, % of one core)',
      format: (v) => `${v}%`,
      yMin: 100,
      lines: [
        { name: 'all cores', color: '#ea580c', values: pick((r) => Math.round(r.cpu * 100)) },
        { name: 'busiest thread', color: '#9333ea', values: pick((r) => Math.round(r.busiestThread * 100)) },
      ],
      marks: saturated,
    },
    {
      title: 'Generator event-loop delay, worst worker p99 (ms)',
      yMin: 10,
      lines: [{ name: 'delay p99', color: '#be185d', values: pick((r) => r.loopDelayP99Ms) }],
      marks: saturated,
    },
  ];
  return list
    .map((c) => `<div class="chart${c.wide ? ' wide' : ''}">${chartSvg(c, seconds, s.parameters.rampS)}</div>`)
    .join('\n');
}

function tiles(s: Summary): string {
  const hold = s.latencyMs.hold.count > 0 ? s.latencyMs.hold : s.latencyMs.run;
  const items: [string, string, boolean][] = [
    [
      `peak clients (of ${count(s.clients.target)})`,
      count(s.clients.peakConnected),
      s.clients.peakConnected < s.clients.target,
    ],
    ['latency p50', `${ms(hold.p50)} ms`, false],
    ['latency p99', `${ms(hold.p99)} ms`, false],
    ['samples/s', count(s.rates.samplesPerS), false],
    ['frames/s', count(s.rates.framesPerS), false],
    ['gaps', count(s.gaps), s.gaps > 0],
    ['reconnects', count(s.totals.reconnects), s.totals.reconnects > 0],
    ['generator CPU (peak)', share(s.generator.cpuPeak), s.generator.saturated],
  ];
  return items
    .map(
      ([label, value, bad]) =>
        `<div class="tile${bad ? ' bad' : ''}"><span>${html(label)}</span><b>${html(value)}</b></div>`,
    )
    .join('');
}

const CSS = `
:root { color-scheme: light; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #111827; }
body { margin: 0; background: #f3f4f6; }
main { max-width: 1180px; margin-inline: auto; padding: 24px 20px 40px; }
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 16px; margin: 28px 0 10px; }
.sub { color: #4b5563; margin: 0; }
.warning { background: #fef2f2; border: 1px solid #fca5a5; color: #991b1b; padding: 10px 14px; border-radius: 8px; margin-block: 16px 0; }
.tiles { display: grid; grid-template-columns: repeat(auto-fill, minmax(130px, 1fr)); gap: 10px; margin-block-start: 18px; }
.tile { background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; padding: 8px 12px; }
.tile span { display: block; color: #6b7280; font-size: 12px; }
.tile b { font-size: 20px; font-variant-numeric: tabular-nums; }
.tile.bad b { color: #b91c1c; }
.charts { display: grid; grid-template-columns: 1fr 1fr; gap: 14px; margin-block-start: 18px; }
.chart { background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; padding: 10px 12px 4px; }
.chart.wide { grid-column: 1 / -1; }
figure { margin: 0; }
figcaption { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 14px; font-size: 13px; }
figcaption b { margin-inline-end: auto; }
.key { display: inline-flex; align-items: center; gap: 5px; color: #374151; }
.key i { display: inline-block; inline-size: 16px; block-size: 3px; border-radius: 2px; }
.key i.dashed { opacity: .6; }
.key i.band { block-size: 10px; background: #fee2e2; }
svg { display: block; inline-size: 100%; block-size: auto; direction: ltr; }
.grid { stroke: #eef0f3; }
.axis { stroke: #9ca3af; }
.tick { fill: #6b7280; font-size: 10px; }
.note { fill: #9ca3af; font-size: 10px; }
.ramp { fill: #f3f4f6; }
.saturated { fill: #fee2e2; }
.line { fill: none; stroke-width: 1.6; stroke-linejoin: round; }
.line.dashed { stroke-dasharray: 4 3; }
table { inline-size: 100%; border-collapse: collapse; background: #fff; border: 1px solid #e5e7eb; border-radius: 8px; }
th, td { text-align: start; padding: 7px 12px; border-block-end: 1px solid #f0f1f3; vertical-align: top; font-variant-numeric: tabular-nums; }
th { inline-size: 210px; color: #374151; font-weight: 600; white-space: nowrap; }
@media (max-width: 760px) { .charts { grid-template-columns: 1fr; } }
`;

export function renderReport(s: Summary): string {
  const warning = saturationWarning(s);
  const rows = summaryRows(s)
    .filter(([label]) => label !== 'run')
    .map(([label, value]) => `<tr><th>${html(label)}</th><td>${html(value)}</td></tr>`)
    .join('');
  const p = s.parameters;
  const parameters: [string, string][] = [
    ['hub', p.url],
    ['clients', count(p.clients)],
    ['sites', p.sites.join(', ')],
    ['ramp, then hold', `${p.rampS} s, then ${p.durationS} s`],
    ['authentication', p.auth],
    ['generator', `${p.threads} worker thread${p.threads === 1 ? '' : 's'} on ${p.cores} cores`],
    ['started', s.startedAt],
    ['ran', `${s.elapsedS} s${s.interrupted ? ' (interrupted)' : ''}`],
  ];
  const errors =
    s.errors.length === 0
      ? ''
      : `<h2>What went wrong</h2><table>${s.errors.map((e) => `<tr><th>${count(e.count)} ×</th><td>${html(e.message)}</td></tr>`).join('')}</table>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Voltscope load test: ${html(count(p.clients))} clients, ${html(s.startedAt)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<h1>Voltscope load test: ${html(count(p.clients))} clients</h1>
<p class="sub">${html(describeRun(p))} · ${html(s.startedAt)}</p>
${warning ? `<p class="warning">${html(warning)}</p>` : ''}
<div class="tiles">${tiles(s)}</div>
<div class="charts">
${charts(s)}
</div>
<h2>Summary</h2>
<table>${rows}</table>
${errors}
<h2>Parameters</h2>
<table>${parameters.map(([k, v]) => `<tr><th>${html(k)}</th><td>${html(v)}</td></tr>`).join('')}</table>
</main>
</body>
</html>
`;
}
