// npm run record: records a hub's live stream into a gzip NDJSON file (see recording.ts) until
// --duration has passed or Ctrl-C, printing the samples/s recorded each second and a summary.
import { parseCommand, parseDuration, parseHubUrl, parseList, runMain, UsageError, withUsage } from './cli.ts';
import { DEMO_LOGIN } from './hub.ts';
import { type RecordSummary, record } from './recorder.ts';

const USAGE = `Usage: npm run record -- --from URL --out FILE.ndjson.gz [options]

  --from URL          the hub to record, such as http://127.0.0.1:3000 (required)
  --out FILE          the recording to write, gzip-compressed NDJSON (required)
  --sites a,b         sites to record (default: every site the account can read)
  --series p,q        only series whose deviceId/key starts with one of these prefixes
  --duration 10m      how long to record: 30s, 10m, 1h (default 1m; Ctrl-C stops earlier)
  --email E --password P   the account to sign in as (default: the demo admin)
  --token T           an access token instead of signing in`;

const OPTIONS = {
  from: { type: 'string' },
  out: { type: 'string' },
  sites: { type: 'string' },
  series: { type: 'string' },
  duration: { type: 'string', default: '1m' },
  email: { type: 'string' },
  password: { type: 'string' },
  token: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const count = (n: number) => Math.round(n).toLocaleString('en');

function printSummary(summary: RecordSummary): void {
  const rate = summary.seconds > 0 ? summary.samples / summary.seconds : 0;
  console.log(
    `\nRecorded ${count(summary.samples)} samples (${count(summary.frames)} frames) of ${summary.sites.join(', ')} ` +
      `in ${summary.seconds.toFixed(1)} s, ${count(rate)} samples/s, into ${summary.file} ` +
      `(${(summary.bytes / 1024).toFixed(0)} KB); ` +
      `stopped by ${summary.stoppedBy === 'signal' ? 'Ctrl-C' : '--duration'}.`,
  );
  if (summary.reconnects > 0) console.log(`Reconnected ${summary.reconnects} times.`);
  if (summary.gaps.length === 0) console.log('No gaps: every live frame was recorded.');
  for (const gap of summary.gaps) {
    console.log(`Gap: ${gap.frames} frames of ${gap.siteId} after ${new Date(gap.from).toISOString()}`);
  }
  if (summary.unknownSeries > 0) console.log(`${count(summary.unknownSeries)} samples of unknown series left out.`);
}

interface CommandLine {
  from: string;
  out: string;
  sites: string[];
  series: string[];
  durationMs: number;
  credentials: { token: string } | { email: string; password: string };
}

function parseCommandLine(args: string[]): CommandLine | null {
  const values = parseCommand(args, OPTIONS, USAGE);
  if (values.help) return null;
  const from = parseHubUrl(values.from, 'from');
  if (!values.out) throw new UsageError('--out is required: the file to write, such as demo.ndjson.gz');
  const durationMs = parseDuration(values.duration, 'duration');
  if (values.token && (values.email || values.password)) {
    throw new UsageError('--token and --email/--password are alternatives: give one');
  }
  if (Boolean(values.email) !== Boolean(values.password)) throw new UsageError('--email and --password go together');
  const credentials = values.token
    ? { token: values.token }
    : { email: values.email ?? DEMO_LOGIN.email, password: values.password ?? DEMO_LOGIN.password };
  return {
    from,
    out: values.out,
    sites: parseList(values.sites),
    series: parseList(values.series),
    durationMs,
    credentials,
  };
}

async function main(): Promise<void> {
  const command = withUsage(USAGE, () => parseCommandLine(process.argv.slice(2)));
  if (command === null) return console.log(USAGE);
  const { from, out } = command;
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  const summary = await record({
    ...command,
    signal: controller.signal,
    onStart: ({ sites, series }) =>
      console.log(`Recording ${series} series of ${sites.join(', ')} from ${from} into ${out} (Ctrl-C stops)`),
    onSecond: (p) =>
      console.log(
        `${(p.elapsedMs / 1000).toFixed(0).padStart(5)} s  ${count(p.rate).padStart(8)} samples/s  ` +
          `${count(p.samples).padStart(10)} recorded${p.connected ? '' : '  (disconnected, resuming)'}`,
      ),
    onGap: (gap) => console.log(`Gap: ${gap.frames} frames of ${gap.siteId} were not received`),
  });
  printSummary(summary);
}

await runMain(main);
