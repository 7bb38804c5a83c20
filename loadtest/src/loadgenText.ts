// The run's figures as text: the progress line printed each second, the summary rows (the terminal's
// table and the HTML report's both use them) and the warning when the generator was the bottleneck.
import type { LatencySummary, RunParameters, Second, Summary } from './loadgenStats.ts';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

export const count = (n: number) => whole.format(n);
export const ms = (n: number | null) => (n === null ? '-' : n < 100 ? oneDecimal.format(n) : whole.format(n));
export const share = (n: number) => percent.format(n);

const COLUMNS = [
  ['time', 7],
  ['clients', 13],
  ['frames/s', 10],
  ['samples/s', 11],
  ['p50 ms', 8],
  ['p99 ms', 8],
  ['gaps', 6],
  ['reconn', 7],
  ['errors', 7],
  ['cpu', 6],
  ['thread', 7],
  ['loop p99', 10],
] as const;

const row = (cells: readonly string[]) => cells.map((c, i) => c.padStart(COLUMNS[i]?.[1] ?? 8)).join('');

export const progressHeader = () => row(COLUMNS.map(([name]) => name));

/** One second of the run; `cpu` is the whole generator over every core, `thread` its busiest worker. */
export function progressLine(second: Second, target: number): string {
  return (
    row([
      `${second.t.toFixed(0)}s`,
      `${count(second.connected)}/${count(target)}`,
      count(second.framesPerS),
      count(second.samplesPerS),
      ms(second.p50Ms),
      ms(second.p99Ms),
      count(second.gaps),
      count(second.reconnects),
      count(second.errors),
      share(second.cpu),
      share(second.busiestThread),
      `${ms(second.loopDelayP99Ms)} ms`,
    ]) + (second.saturated ? '  saturated' : second.phase === 'ramp' ? '  ramp' : '')
  );
}

const latencyLine = (l: LatencySummary) =>
  l.count === 0
    ? 'no samples'
    : `p50 ${ms(l.p50)} · p95 ${ms(l.p95)} · p99 ${ms(l.p99)} · p99.9 ${ms(l.p999)} · max ${ms(l.max)} (${count(l.count)} samples)`;

/** The summary as label and value pairs, in reading order. */
export function summaryRows(s: Summary): [string, string][] {
  const t = s.totals;
  const g = s.generator;
  const rows: [string, string][] = [
    [
      'clients',
      `${count(s.clients.target)} target · ${count(s.clients.peakConnected)} peak connected · ${count(s.clients.connectedAtEnd)} connected and ${count(s.clients.subscribedAtEnd)} subscribed at the end`,
    ],
    [
      `received, ${s.latencyMs.hold.count > 0 ? 'hold mean' : 'run mean'}`,
      `${count(s.rates.framesPerS)} frames/s · ${count(s.rates.samplesPerS)} samples/s over ${oneDecimal.format(s.rates.seconds)} s`,
    ],
    ['latency, hold (ms)', latencyLine(s.latencyMs.hold)],
    ['latency, whole run (ms)', latencyLine(s.latencyMs.run)],
    [
      'frames received',
      `${count(t.frames)} live (${count(t.replayedFrames)} replayed on resume) · ${count(t.snapshotFrames)} snapshots · ${count(t.catchUpFrames)} catch-ups`,
    ],
    ['samples received', `${count(t.samples)} live · ${count(t.snapshotSamples)} in snapshots`],
    [
      'gaps',
      `${count(s.gaps)}: ${count(t.seqGaps)} skipped seq · ${count(t.resumeGaps)} reported on resume · ${count(t.duplicates)} duplicate frames`,
    ],
    [
      'connections',
      `${count(t.connects)} connects · ${count(t.reconnects)} reconnects · ${count(t.disconnects)} drops · ${count(t.droppedByHub)} closed by the hub`,
    ],
    [
      'refusals and errors',
      `${count(t.refused)} refused subscriptions · ${count(t.subscribeErrors)} failed subscribes · ${count(t.connectErrors)} connection errors · ${count(t.decodeErrors)} bad frames`,
    ],
  ];
  if (s.parameters.auth === 'sign-in per client') {
    rows.push([
      'sign-ins',
      `${count(t.signIns)} done · ${count(t.signInRetries)} turned away and retried · ${count(t.signInErrors)} failed · ${s.signInMs ? `p50 ${ms(s.signInMs.p50)} ms, p99 ${ms(s.signInMs.p99)} ms` : ''}`,
    ]);
  }
  rows.push(
    [
      'generator',
      `CPU ${share(g.cpuMean)} mean, ${share(g.cpuPeak)} peak of ${g.cores} cores · busiest thread ${share(g.busiestThreadPeak)} · loop delay p99 ${ms(g.loopDelayP99MaxMs)} ms, max ${ms(g.loopDelayMaxMs)} ms · ${g.saturated ? `SATURATED ${g.saturatedSeconds} s` : `not saturated (${g.saturatedSeconds} s over)`}`,
    ],
    [
      'run',
      `${describeRun(s.parameters)} · ran ${oneDecimal.format(s.elapsedS)} s${s.interrupted ? ' (interrupted)' : ''}`,
    ],
  );
  return rows;
}

/** The run's plan in one line. */
export function describeRun(p: RunParameters): string {
  return `${count(p.clients)} clients → ${p.url} · sites ${p.sites.join(', ')} · ramp ${p.rampS} s, hold ${p.durationS} s · ${p.threads} worker thread${p.threads === 1 ? '' : 's'} on ${p.cores} cores · ${p.auth}`;
}

export function summaryTable(s: Summary): string {
  const rows = summaryRows(s);
  const width = Math.max(...rows.map(([label]) => label.length));
  return rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`).join('\n');
}

/** The warning to print when the generator was saturated, or null. */
export function saturationWarning(s: Summary): string | null {
  const g = s.generator;
  if (!g.saturated) return null;
  return (
    `WARNING: the load generator was saturated for ${g.saturatedSeconds} of ${s.seconds.length} s (${g.reason}). ` +
    'Its latencies then measure the generator, not the hub: use more --threads, fewer --clients, ' +
    'or run the generator on another machine than the hub.'
  );
}
