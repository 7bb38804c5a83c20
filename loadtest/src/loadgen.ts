// `npm run loadtest`: simulated browsers against a running hub, with live figures each second on
// stderr, a summary on stdout (or one JSON object with --json) and optionally an HTML report.
import { writeFile } from 'node:fs/promises';
import {
  parseCommand,
  parseDuration,
  parseHubUrl,
  parseList,
  parsePositive,
  runMain,
  UsageError,
  withUsage,
} from './cli.ts';
import { renderReport } from './loadgenReport.ts';
import { type LoadOptions, runLoad } from './loadgenRun.ts';
import { describeRun, progressHeader, progressLine, saturationWarning, summaryTable } from './loadgenText.ts';

const USAGE = `Usage: npm run loadtest -- --to URL [options]

  --to URL            the hub, such as http://127.0.0.1:3000 (required)
  --clients N         simulated browsers (default 100)
  --ramp DURATION     time to bring them all in, linearly (default 30s)
  --duration DURATION time to hold them all after the ramp (default 2m)
  --sites a,b         sites each client follows (default: every site the account may read)
  --email E --password P   the account to sign in with (default: the demo admin)
  --token T           a prepared access token instead of signing in
  --login-each        every client signs in itself (loads the sign-in path; slow: scrypt, throttled)
  --threads K         worker threads (default: cores - 1, at least 1)
  --json              print the summary as one JSON object on stdout
  --out FILE          write a self-contained HTML report
  -h, --help          this help

Durations: 250ms, 30s, 10m, 1h, or a number of seconds.`;

const OPTIONS = {
  to: { type: 'string' },
  clients: { type: 'string' },
  ramp: { type: 'string' },
  duration: { type: 'string' },
  sites: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  token: { type: 'string' },
  'login-each': { type: 'boolean' },
  threads: { type: 'string' },
  json: { type: 'boolean' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parseOptions(args: readonly string[]): (LoadOptions & { json: boolean; out: string | null }) | null {
  const values = parseCommand(args, OPTIONS, USAGE);
  if (values.help) return null;
  return withUsage(USAGE, () => {
    const durationMs = parseDuration(values.duration ?? '2m', 'duration');
    if (durationMs <= 0) throw new UsageError('--duration must be longer than 0');
    if (values.token !== undefined && (values.email !== undefined || values.password !== undefined)) {
      throw new UsageError('give either --token or --email and --password, not both');
    }
    if (values.token !== undefined && values['login-each']) {
      throw new UsageError('--login-each signs every client in: it needs --email and --password, not --token');
    }
    if ((values.email === undefined) !== (values.password === undefined)) {
      throw new UsageError('--email and --password go together');
    }
    return {
      url: parseHubUrl(values.to, 'to'),
      clients: parsePositive(values.clients ?? '100', 'clients', true),
      rampMs: parseDuration(values.ramp ?? '30s', 'ramp'),
      durationMs,
      sites: parseList(values.sites),
      ...(values.token === undefined ? {} : { token: values.token }),
      ...(values.email === undefined ? {} : { email: values.email }),
      ...(values.password === undefined ? {} : { password: values.password }),
      loginEach: values['login-each'] ?? false,
      ...(values.threads === undefined ? {} : { threads: parsePositive(values.threads, 'threads', true) }),
      json: values.json ?? false,
      out: values.out ?? null,
    };
  });
}

await runMain(async () => {
  const options = parseOptions(process.argv.slice(2));
  if (!options) {
    console.log(USAGE);
    return;
  }
  const controller = new AbortController();
  process.once('SIGINT', () => {
    console.error('\nStopping (Ctrl-C again to quit at once)…');
    controller.abort();
    process.once('SIGINT', () => process.exit(130));
  });
  let lines = 0;
  const summary = await runLoad(options, {
    signal: controller.signal,
    warn: (message) => console.error(`warning: ${message}`),
    onStart: (parameters) => {
      console.error(`Load test: ${describeRun(parameters)}`);
    },
    onSecond: (second) => {
      if (lines++ % 30 === 0) console.error(progressHeader());
      console.error(progressLine(second, options.clients));
    },
  });
  const warning = saturationWarning(summary);
  if (options.json) console.log(JSON.stringify(summary));
  else console.log(`\n${summaryTable(summary)}`);
  if (summary.errors.length > 0) {
    console.error('\nWhat went wrong (most frequent first):');
    for (const { message, count } of summary.errors.slice(0, 5)) console.error(`  ${count} × ${message}`);
  }
  if (warning) console.error(`\n${warning}`);
  if (options.out) {
    await writeFile(options.out, renderReport(summary));
    console.error(`\nReport written to ${options.out}`);
  }
  if (summary.totals.connects === 0) {
    console.error('\nNo client could connect to the hub.');
    process.exitCode = 1;
  } else if (summary.interrupted) {
    process.exitCode = 130;
  }
});
