// A hub process for the fan-out benchmark: `voltscope` (the real hub) or a bare Socket.IO baseline
// (fanoutBaselines.ts), fed by `generator` (`rate` samples a second over the series of one site, stamped
// with the time they reach the hub, from `start`) or by `simulator` (the demo fleet's simulator at its
// real rate, from the moment the hub is up). Talks to its parent over IPC and measures its own CPU and
// event-loop delay over the window the parent names.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import {
  type BenchHub,
  bareHub,
  DEFLATE,
  GENERATOR_SITE,
  SIMULATOR_OPTIONS,
  type Source,
  wireBytesOf,
} from './fanoutBaselines.ts';

const [modeArg = 'voltscope', sourceArg = 'generator', rateArg = '1000'] = process.argv.slice(2);
const rate = Number(rateArg);
/** BENCH_DEFLATE=1: permessage-deflate on, in the real hub and the baselines alike. */
const deflate = process.env.BENCH_DEFLATE === '1';
const send = (message: unknown) => process.send?.(message);

async function voltscopeHub(source: Source): Promise<BenchHub> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-fanout-'));
  const base = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', SCRYPT_LOG2N: '10' };
  const simulator = {
    DEMO: 'true',
    SIMULATOR: 'true',
    BACKFILL_DAYS: '0',
    SIM_SEED: String(SIMULATOR_OPTIONS.seed),
    SIM_FAULT_RATE: String(SIMULATOR_OPTIONS.faults.scale),
  };
  const app = await buildApp(
    loadConfig(source === 'simulator' ? { ...base, ...simulator } : { ...base, SIMULATOR: 'false' }),
  );
  // Engine.IO makes its WebSocket server again when the HTTP server starts listening, with these options.
  if (deflate) (app.services.io.engine.opts as { perMessageDeflate?: unknown }).perMessageDeflate = DEFLATE;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { registry, ingest } = app.services;
  const siteIds = [...new Set([...registry.devices.values()].map((d) => d.siteId))].sort();
  const generated = registry
    .devicesOfSite(GENERATOR_SITE)
    .flatMap((d) => registry.seriesOfDevice(d.id).map((s) => s.id));
  return {
    port: (app.server.address() as { port: number }).port,
    sites: source === 'simulator' ? siteIds : [GENERATOR_SITE],
    generate: (now, count) => {
      const batch = { series: new Int32Array(count), ts: new Float64Array(count), values: new Float64Array(count) };
      for (let i = 0; i < count; i++) {
        batch.series[i] = generated[i % generated.length] as number;
        batch.ts[i] = now;
        batch.values[i] = i;
      }
      void ingest.accept(batch);
    },
    deliveries: () => app.services.fanout.counters.deliveries,
    skipped: () => app.services.fanout.counters.skipped,
    wireBytes: () => wireBytesOf(app.services.io),
    close: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

if (modeArg !== 'voltscope' && modeArg !== 'naive' && modeArg !== 'broadcast') throw new Error(`mode ${modeArg}?`);
if (sourceArg !== 'generator' && sourceArg !== 'simulator') throw new Error(`source ${sourceArg}?`);
const hub = modeArg === 'voltscope' ? await voltscopeHub(sourceArg) : await bareHub(modeArg, sourceArg, deflate);

// The generator: every 10 ms, the samples due by then (a steady rate, not bursts).
let generated = 0;
let generatorStart = 0;
let generator: NodeJS.Timeout | null = null;
const LOOP_RESOLUTION_MS = 10;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
let measureStart = {
  cpu: process.cpuUsage(),
  thread: process.threadCpuUsage(),
  deliveries: 0,
  skipped: 0,
  wire: 0,
  at: 0,
};
const mainThreadCpuS = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1e6;
};

process.on('message', async (message: { op: string }) => {
  if (message.op === 'memory') {
    // With the main thread's CPU (before and after the collection) and the bytes written so far: between
    // two of these, what subscribing cost.
    const cpuBeforeGcS = mainThreadCpuS();
    globalThis.gc?.();
    const { rss } = process.memoryUsage();
    send({ op: 'memory', rss, cpuBeforeGcS, cpuS: mainThreadCpuS(), wireBytes: hub.wireBytes() });
  } else if (message.op === 'start') {
    if (sourceArg === 'generator') {
      generatorStart = Date.now();
      generated = 0;
      generator = setInterval(() => {
        const now = Date.now();
        const due = Math.floor(((now - generatorStart) * rate) / 1000) - generated;
        if (due > 0) {
          hub.generate(now, due);
          generated += due;
        }
      }, 10);
    }
    send({ op: 'started' });
  } else if (message.op === 'measure') {
    loopDelay.reset();
    loopDelay.enable();
    measureStart = {
      cpu: process.cpuUsage(),
      thread: process.threadCpuUsage(),
      deliveries: hub.deliveries(),
      skipped: hub.skipped(),
      wire: hub.wireBytes(),
      at: performance.now(),
    };
    send({ op: 'measuring' });
  } else if (message.op === 'report') {
    loopDelay.disable();
    const cpu = process.cpuUsage(measureStart.cpu);
    const thread = process.threadCpuUsage(measureStart.thread);
    send({
      op: 'report',
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      // The fan-out runs on the main thread; the store writes on a thread of its own.
      mainThreadCpuSeconds: (thread.user + thread.system) / 1e6,
      seconds: (performance.now() - measureStart.at) / 1000,
      deliveries: hub.deliveries() - measureStart.deliveries,
      skipped: hub.skipped() - measureStart.skipped,
      wireBytes: hub.wireBytes() - measureStart.wire,
      // The histogram holds the whole interval between its timer's runs: an idle loop reads 10 ms.
      loopLagP99Ms: Math.max(0, loopDelay.percentile(99) / 1e6 - LOOP_RESOLUTION_MS),
    });
  } else if (message.op === 'close') {
    if (generator) clearInterval(generator);
    await hub.close();
    send({ op: 'closed' });
    process.exit(0);
  }
});
send({ op: 'ready', port: hub.port, sites: hub.sites, mode: modeArg });
