// `npm run bench -- <scenario...> [--json] [--quick]`: runs benchmarks and prints their figures beside
// their baselines. Scenarios: ingest, history, fanout, frames (all when none is named).
import { fanoutBenchmark } from './fanout.ts';
import { framesBenchmark } from './frames.ts';
import { historyBenchmark } from './history.ts';
import { ingestBenchmark } from './ingest.ts';
import { commit, type Figure, machine, printTable, type Report } from './report.ts';

const scenarios: Record<
  string,
  (o: { postgresUrl: string | null; quick: boolean; args: string[] }) => Promise<Figure[]>
> = {
  ingest: ingestBenchmark,
  history: historyBenchmark,
  fanout: fanoutBenchmark,
  frames: framesBenchmark,
};

const args = process.argv.slice(2);
const json = args.includes('--json');
const quick = args.includes('--quick');
// Words after a --flag are its value (`--clients 100,1000`), not scenario names.
const named = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
const unknown = named.filter((n) => !(n in scenarios));
if (unknown.length > 0) {
  console.error(`Unknown scenario ${unknown.join(', ')}: choose from ${Object.keys(scenarios).join(', ')}`);
  process.exit(2);
}
// PostgreSQL figures need a server: this machine's by default; BENCH_DATABASE_URL=none skips them.
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const postgresUrl = url === 'none' ? null : url;

for (const name of named.length > 0 ? named : Object.keys(scenarios)) {
  const run = scenarios[name];
  if (!run) continue;
  if (!json) console.error(`running ${name}${quick ? ' (quick)' : ''}…`);
  const report: Report = {
    scenario: name,
    machine: machine(),
    commit: commit(),
    figures: await run({ postgresUrl, quick, args }),
  };
  if (json) console.log(JSON.stringify(report));
  else printTable(report);
}
