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

export function printTable(report: Report): void {
  const rows = report.figures.map((f) => [
    f.name,
    fmt(f.value),
    f.unit,
    fmt(f.baseline),
    f.ratio === undefined ? '' : `${f.ratio.toFixed(2)}×`,
  ]);
  const header = ['figure', 'value', 'unit', 'baseline', 'ratio'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 || i === 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  console.log(
    `\n${report.scenario} · ${report.machine.cpus} × ${report.machine.cpu} · node ${report.machine.node} · ${report.commit}`,
  );
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}
