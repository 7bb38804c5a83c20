// Fan-out: N Socket.IO clients (in worker threads) follow sites in the patterns real pages use, against
// the real hub and bare Socket.IO baselines carrying the same stream, run the same way, interleaved:
//   one    every client on one site, fed by a generator (1,000 samples/s), simulator off; baselines
//          `naive` (one event per sample) and `broadcast` (the same encoded frames, one per window)
//   fleet  every client on all four demo sites (the fleet dashboard, a wall screen), fed by the demo
//          simulator at its real rate (every series once a second); baseline `broadcast`
//   mix    four operators in five on one site each (in turn), one wall in five on every site; as fleet
// The hub runs in a process of its own (fanoutRun.ts), the figures are built in fanoutFigures.ts.
// --deflate turns permessage-deflate on in every hub (figures named `fanout.deflate.*`), to weigh its
// CPU against the bytes it saves.
import type { Source } from './fanoutBaselines.ts';
import { fanoutFigures, NAIVE_MAX_CLIENTS } from './fanoutFigures.ts';
import { type Mode, type Pattern, pinSelf, type Run, runOnce } from './fanoutRun.ts';
import type { Figure } from './report.ts';

const PATTERNS: Record<Pattern, { source: Source; modes: readonly Mode[] }> = {
  one: { source: 'generator', modes: ['voltscope', 'naive', 'broadcast'] },
  fleet: { source: 'simulator', modes: ['voltscope', 'broadcast'] },
  mix: { source: 'simulator', modes: ['voltscope', 'broadcast'] },
};
const isPattern = (name: string): name is Pattern => Object.hasOwn(PATTERNS, name);

/** Snapshots a client would get if each site sent it one, at subscribe. */
function idealSnapshots(pattern: Pattern): string {
  return pattern === 'one' ? '1' : pattern === 'fleet' ? '4' : '1.6';
}

export async function fanoutBenchmark(options: { quick: boolean; args: string[] }): Promise<Figure[]> {
  pinSelf(1);
  // --patterns one,mix, --clients 100,1000 and --rounds 1 narrow a run; by default every pattern at
  // 100, 1,000 and 2,000 clients, 3 rounds.
  const flag = (name: string) =>
    options.args.includes(name) ? (options.args[options.args.indexOf(name) + 1] ?? '') : null;
  const patternsArg = flag('--patterns');
  const patterns = patternsArg === null ? (Object.keys(PATTERNS) as Pattern[]) : patternsArg.split(',');
  const unknown = patterns.filter((p) => !isPattern(p));
  if (unknown.length > 0 || patterns.length === 0) {
    throw new Error(`--patterns takes some of ${Object.keys(PATTERNS).join(',')}; got ${patternsArg}`);
  }
  const clientsArg = flag('--clients');
  const counts =
    clientsArg === null
      ? options.quick
        ? [100, 500]
        : [100, 1000, 2000]
      : clientsArg
          .split(',')
          .map(Number)
          .filter((n) => n > 0);
  const roundsArg = flag('--rounds');
  const rounds = roundsArg === null ? (options.quick ? 1 : 3) : Math.max(1, Number(roundsArg));
  const seconds = options.quick ? 5 : 10;
  const deflate = options.args.includes('--deflate');
  // --no-naive: without the one-event-per-sample baseline (minutes per run on a busy machine).
  const noNaive = options.args.includes('--no-naive');
  if (deflate) process.env.BENCH_DEFLATE = '1';

  const runs: Run[] = [];
  for (const pattern of patterns as Pattern[]) {
    const { source, modes } = PATTERNS[pattern];
    for (const clients of counts) {
      for (let round = 0; round < rounds; round++) {
        // Interleaved, so that a slow moment of the machine does not favour one design.
        for (const mode of modes) {
          // One event per sample to 1,000 sockets queues without bound in Engine.IO: the naive hub runs
          // out of memory within minutes (seen: 4 GiB heap), so it is measured up to 500 clients only.
          if (mode === 'naive' && (clients > NAIVE_MAX_CLIENTS || noNaive)) continue;
          const started = performance.now();
          const run = await runOnce(pattern, mode, clients, seconds, source);
          if (!run) continue;
          runs.push(run);
          console.error(
            `  ${pattern.padEnd(5)} ${mode.padEnd(9)} ${String(clients).padStart(5)} clients: ` +
              `${Math.round(run.deliveredSamplesPerS).toLocaleString('en-US')} samples/s, ` +
              `p50 ${run.latencyP50} ms, p99 ${run.latencyP99} ms (all clients ${run.allLatencyP99}), ` +
              `snapshots/client ${run.snapshotsPerClient.toFixed(1)} (ideal ${idealSnapshots(pattern)}), ` +
              `wire ${Math.round(run.wireBytesPerClientS).toLocaleString('en-US')} B/client/s, ` +
              `subscribe ${run.subscribeWireKbPerClient.toFixed(1)} KB ${run.subscribeCpuMsPerClient.toFixed(2)} ms/client, ` +
              `skipped ${run.skipped}, loop lag p99 ${run.loopLagP99.toFixed(1)} ms, ` +
              `hub cpu ${(run.hubCpu * 100).toFixed(0)} %, clients cpu ${(run.clientsCpu * 100).toFixed(0)} % (${Math.round((performance.now() - started) / 1000)} s)`,
          );
        }
      }
    }
  }
  const figures = fanoutFigures(runs, patterns as Pattern[], counts);
  return deflate ? figures.map((f) => ({ ...f, name: f.name.replace(/^fanout\./, 'fanout.deflate.') })) : figures;
}
