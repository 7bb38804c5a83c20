// The one shape every benchmark of the project prints: a table for people, and with --json one object
// { scenario, machine, commit, figures: [{ name, unit, value, baseline?, ratio? }] }.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

export interface Figure {
  name: string;
  unit: string;
  value: number;
  baseline?: number;
  /** value / baseline, or baseline / value for times (higher is always better). */
  ratio?: number;
  /** Lowest and highest value over the runs, where the value is a median of several. */
  range?: [number, number];
}

export interface Report {
  scenario: string;
  machine: { cpus: number; cpu: string; memoryGiB: number; node: string; platform: string };
  commit: string;
  figures: Figure[];
}

export function machine(): Report['machine'] {
  return {
    cpus: os.availableParallelism(),
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.arch()}`,
  };
}

export function commit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/** A throughput figure beside its baseline; the ratio says how many times the baseline it reaches. */
export function rate(name: string, unit: string, value: number, baseline?: number): Figure {
  return baseline === undefined ? { name, unit, value } : { name, unit, value, baseline, ratio: value / baseline };
}

/** A time figure beside its baseline; the ratio says how many times faster than the baseline it is. */
export function time(name: string, value: number, baseline?: number): Figure {
  return baseline === undefined
    ? { name, unit: 'ms', value }
    : { name, unit: 'ms', value, baseline, ratio: baseline / value };
}

const fmt = (n: number | undefined) => {
  if (n === undefined) return '';
  if (Math.abs(n) >= 100 || Number.isInteger(n)) return Math.round(n).toLocaleString('en-US');
  return n.toPrecision(3);
};

function printRows(header: string[], rows: string[][], textColumns: readonly number[]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (textColumns.includes(i) ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

const machineLine = (r: Report) => `${r.machine.cpus} × ${r.machine.cpu} · node ${r.machine.node} · ${r.commit}`;

/** One table of every figure of the reports, each beside its baseline and their ratio. */
export function printTable(reports: readonly Report[]): void {
  const first = reports[0];
  if (!first) return;
  console.log(`\n${machineLine(first)}`);
  const rows = reports.flatMap((report) =>
    report.figures.map((f) => [
      f.name,
      fmt(f.value),
      f.unit,
      fmt(f.baseline),
      f.ratio === undefined ? '' : `${f.ratio.toFixed(2)}×`,
      f.range ? `${fmt(f.range[0])}–${fmt(f.range[1])}` : '',
    ]),
  );
  printRows(['figure', 'value', 'unit', 'baseline', 'ratio', 'range'], rows, [0, 2]);
}

/** Units where a smaller figure is the better one. */
const LOWER_IS_BETTER = new Set(['ms', 'KB', 'MB', 'bytes', 'cores', 'frames']);

/** Each figure of run A beside run B, with the change and whether it is better or worse. */
export function compareReports(a: readonly Report[], b: readonly Report[]): void {
  const before = new Map(a.flatMap((r) => r.figures.map((f) => [f.name, f] as const)));
  if (a[0] && b[0]) console.log(`\nA: ${machineLine(a[0])}\nB: ${machineLine(b[0])}`);
  const rows = b.flatMap((r) =>
    r.figures.flatMap((f) => {
      const old = before.get(f.name);
      if (!old || old.value === 0) return [[f.name, old ? fmt(old.value) : '', fmt(f.value), f.unit, '', '']];
      const change = (f.value - old.value) / Math.abs(old.value);
      const better = LOWER_IS_BETTER.has(f.unit) ? change < 0 : change > 0;
      const verdict = Math.abs(change) < 0.03 ? 'same' : better ? 'better' : 'worse';
      return [
        [
          f.name,
          fmt(old.value),
          fmt(f.value),
          f.unit,
          `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)} %`,
          verdict,
        ],
      ];
    }),
  );
  printRows(['figure', 'A', 'B', 'unit', 'change', ''], rows, [0, 3, 5]);
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}
