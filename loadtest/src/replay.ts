// npm run replay: replays a recording into a hub at N× speed (see replayer.ts), with a progress bar on
// a terminal and a plain line a second otherwise, then a summary. Ctrl-C lets the requests in flight
// finish and prints the summary.
import { existsSync } from 'node:fs';
import { parseCommand, parseHubUrl, parsePositive, runMain, UsageError, withUsage } from './cli.ts';
import { DEMO_INGEST_KEY, type ReplayProgress, type ReplaySummary, replay } from './replayer.ts';

const USAGE = `Usage: npm run replay -- --file FILE.ndjson.gz --to URL [options]

  --file FILE       a recording made by npm run record (required)
  --to URL          the hub to send it to, such as http://127.0.0.1:3000 (required)
  --speed N         how many times faster than recorded (default 1)
  --loop            start over at the end, for ever (Ctrl-C stops)
  --key KEY         the ingest key (default: the demo key, ${DEMO_INGEST_KEY})
  --in-flight N     requests awaiting their answer at most (default 4)`;

const OPTIONS = {
  file: { type: 'string' },
  to: { type: 'string' },
  speed: { type: 'string', default: '1' },
  loop: { type: 'boolean', default: false },
  key: { type: 'string', default: DEMO_INGEST_KEY },
  'in-flight': { type: 'string', default: '4' },
  help: { type: 'boolean', short: 'h' },
} as const;

const count = (n: number) => Math.round(n).toLocaleString('en');
const BAR_WIDTH = 24;

function bar(p: Pick<ReplayProgress, 'share' | 'pass' | 'sentRate' | 'lagMs'>): string {
  const share = Math.min(1, p.share);
  const filled = Math.round(share * BAR_WIDTH);
  const pass = p.pass > 1 ? `pass ${p.pass} ` : '';
  return (
    `${pass}[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${(share * 100).toFixed(1).padStart(5)}%  ` +
    `${count(p.sentRate)} samples/s  lag ${count(p.lagMs)} ms`
  );
}

function line(p: ReplayProgress): string {
  return (
    `${(p.elapsedMs / 1000).toFixed(0).padStart(5)} s  sent ${count(p.sentRate).padStart(8)}/s  ` +
    `accepted ${count(p.acceptedRate).padStart(8)}/s  rejected ${count(p.rejectedRate)}/s  ` +
    `lag ${count(p.lagMs)} ms  ${(Math.min(1, p.share) * 100).toFixed(0)}%${p.pass > 1 ? ` of pass ${p.pass}` : ''}`
  );
}

function printSummary(s: ReplaySummary): void {
  console.log(
    `\nSent ${count(s.sent)} samples in ${count(s.requests)} requests over ${s.sendSeconds.toFixed(2)} s ` +
      `(${count(s.rate)} samples/s${s.passes > 1 ? `, ${s.passes} passes` : ''}); stopped by ` +
      `${s.stoppedBy === 'signal' ? 'Ctrl-C' : 'the end of the file'}.`,
  );
  console.log(
    `Accepted ${count(s.accepted)} (${count(s.inserted)} new, ${count(s.duplicates)} duplicates), ` +
      `rejected ${count(s.rejected)}, failed ${count(s.failed)}; at most ${count(s.maxLagMs)} ms behind schedule.`,
  );
  for (const [problem, samples] of Object.entries(s.problems)) console.log(`  ${count(samples)} samples: ${problem}`);
}

interface CommandLine {
  file: string;
  to: string;
  speed: number;
  loop: boolean;
  key: string;
  maxInFlight: number;
}

function parseCommandLine(args: string[]): CommandLine | null {
  const values = parseCommand(args, OPTIONS, USAGE);
  if (values.help) return null;
  const speed = parsePositive(values.speed, 'speed');
  const maxInFlight = parsePositive(values['in-flight'], 'in-flight', true);
  if (values.key.trim() === '') throw new UsageError('--key must not be empty');
  if (!values.file) throw new UsageError('--file is required: a recording such as loadtest/recordings/demo.ndjson.gz');
  if (!existsSync(values.file)) throw new UsageError(`--file ${values.file}: no such file`);
  const to = parseHubUrl(values.to, 'to');
  return { file: values.file, to, speed, loop: values.loop, key: values.key, maxInFlight };
}

async function main(): Promise<void> {
  const command = withUsage(USAGE, () => parseCommandLine(process.argv.slice(2)));
  if (command === null) return console.log(USAGE);
  const tty = process.stdout.isTTY === true;
  let barShown = false;
  // A message on a terminal first clears the bar's line; the next second draws it again below.
  const say = (text: string) => {
    if (barShown) process.stdout.write('\r\x1b[K');
    barShown = false;
    console.log(text);
  };
  const controller = new AbortController();
  process.once('SIGINT', () => {
    say('Stopping: waiting for the requests in flight...');
    controller.abort();
  });
  say(
    `Replaying ${command.file} into ${command.to} at ${command.speed}×` +
      `${command.loop ? ', looping' : ''} (Ctrl-C stops)`,
  );
  let summary: ReplaySummary | undefined;
  try {
    summary = await replay({
      ...command,
      signal: controller.signal,
      onSecond: (p) => {
        if (!tty) return console.log(line(p));
        process.stdout.write(`\r\x1b[K${bar(p)}`);
        barShown = true;
      },
      onProblem: (problem) => say(`Problem: ${problem}`),
    });
  } finally {
    if (barShown && summary?.stoppedBy === 'end') {
      const { passes: pass, rate: sentRate, maxLagMs: lagMs } = summary;
      process.stdout.write(`\r\x1b[K${bar({ share: 1, pass, sentRate, lagMs })}`);
    }
    if (barShown) process.stdout.write('\n');
  }
  printSummary(summary);
}

await runMain(main);
