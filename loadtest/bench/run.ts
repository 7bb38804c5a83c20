// `npm run bench -- [scenario...] [--json] [--quick] [--no-save]`: runs the project's benchmarks (all
// when none is named), prints one table of every figure beside its baseline, and writes the reports to
// loadtest/results/<date>-<commit>.json. `npm run bench -- --compare A.json B.json` shows what changed.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { abuseBenchmark } from './abuse.ts';
import { alarmsBenchmark } from './alarms.ts';
import { cctvBenchmark } from './cctv.ts';
import { clientBenchmark } from './client.ts';
import { clusterBenchmark } from './cluster.ts';
import { fanoutBenchmark } from './fanout.ts';
import { framesBenchmark } from './frames.ts';
import { historyBenchmark } from './history.ts';
import { httpBenchmark } from './http.ts';
import { ingestBenchmark } from './ingest.ts';
import { commit, compareReports, type Figure, machine, printTable, type Report } from './report.ts';
import { sldBenchmark } from './sld.ts';
import { soakBenchmark } from './soak.ts';
import { SOAK_FLAGS, SoakOptionError } from './soakOptions.ts';
import { wallBenchmark } from './wall.ts';

const scenarios: Record<
  string,
  (o: { postgresUrl: string | null; quick: boolean; args: string[] }) => Promise<Figure[]>
> = {
  ingest: ingestBenchmark,
  history: historyBenchmark,
  fanout: fanoutBenchmark,
  frames: framesBenchmark,
  wall: wallBenchmark,
  sld: sldBenchmark,
  alarms: alarmsBenchmark,
  http: httpBenchmark,
  abuse: abuseBenchmark,
  soak: soakBenchmark,
  cctv: cctvBenchmark,
  cluster: clusterBenchmark,
  client: clientBenchmark,
};

const usage = `usage: npm run bench -- [${Object.keys(scenarios).join('|')} ...] [--quick] [--json] [--no-save]
                     [--patterns one,fleet,mix] [--clients 100,1000] [--deflate] [--no-naive]      (fan-out only)
                     [--rounds N]      (fan-out; http: with/without response schemas alternated, 3 by default)
                     [--clients N --rounds N --seconds S]      (abuse: healthy clients, quiet/abuse rounds, window)
                     [--attacks sign_in,ingest,subscribe,stalled]      (abuse: some kinds only)
                     [--clients N --rounds N]      (cluster: clients through the proxy, rounds of 1/2/3 nodes)
                     [--rounds N] [--pages login,login_fa,solar,alarms]      (client: cold and warm loads of each page per mode, 3 by default)
                     [--hours H --days D | --warp W] [--dwell S] [--drop-every MIN --drop-seconds S]
                     [--restart-every MIN] [--no-display] [--no-operator] (soak: not run unless named)
       npm run bench -- --compare A.json B.json`;

const args = process.argv.slice(2);
const fail = (message: string): never => {
  console.error(`${message}\n\n${usage}`);
  process.exit(2);
};

if (args.includes('--compare')) {
  const files = args.slice(args.indexOf('--compare') + 1).filter((a) => !a.startsWith('--'));
  if (files.length !== 2) fail('--compare needs two result files');
  const read = (file: string): Report[] => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Report[];
    } catch (error) {
      return fail(`Cannot read ${file}: ${(error as Error).message}`);
    }
  };
  compareReports(read(files[0] as string), read(files[1] as string));
  process.exit(0);
}

const json = args.includes('--json');
const quick = args.includes('--quick');
const flagsWithValue = new Set([
  '--patterns',
  '--clients',
  '--rounds',
  '--seconds',
  '--attacks',
  '--pages',
  ...SOAK_FLAGS,
]);
const named = args.filter((a, i) => !a.startsWith('--') && !flagsWithValue.has(args[i - 1] ?? ''));
const unknownFlags = args.filter(
  (a) =>
    a.startsWith('--') &&
    !['--json', '--quick', '--no-save', '--no-display', '--no-operator', '--deflate', '--no-naive'].includes(a),
);
if (unknownFlags.some((f) => !flagsWithValue.has(f))) fail(`Unknown option ${unknownFlags.join(', ')}`);
const unknown = named.filter((n) => !(n in scenarios));
if (unknown.length > 0) fail(`Unknown scenario ${unknown.join(', ')}`);

// PostgreSQL figures need a server: this machine's by default; BENCH_DATABASE_URL=none skips them.
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const postgresUrl = url === 'none' ? null : url;

const reports: Report[] = [];
// The soak runs for hours: only when named.
for (const name of named.length > 0 ? named : Object.keys(scenarios).filter((n) => n !== 'soak')) {
  const run = scenarios[name];
  if (!run) continue;
  console.error(`running ${name}${quick ? ' (quick)' : ''}…`);
  const report: Report = {
    scenario: name,
    machine: machine(),
    commit: commit(),
    figures: await run({ postgresUrl, quick, args }).catch((error: unknown) =>
      error instanceof SoakOptionError ? fail(error.message) : Promise.reject(error),
    ),
  };
  reports.push(report);
  if (json) console.log(JSON.stringify(report));
}
if (!json) printTable(reports);
if (!args.includes('--no-save')) {
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  const file = new URL(`${new Date().toISOString().slice(0, 10)}-${commit()}${quick ? '-quick' : ''}.json`, dir);
  writeFileSync(file, `${JSON.stringify(reports, null, 2)}\n`);
  console.error(`\nwritten to ${file.pathname}`);
}
