// The hub process of the abuse benchmark (abuse.ts): the real hub on loopback with its production
// settings (scrypt cost included), behind a trusted proxy so that `x-forwarded-for` names each client's
// address, fed by a generator (`rate` samples a second over the series of one site, each stamped with the
// time it is ingested). Talks to its parent over IPC; measures its own event-loop delay
// (`monitorEventLoopDelay`), its peak memory and the sockets it dropped over the window the parent names.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { GENERATOR_SITE } from './fanoutBaselines.ts';

export type AbuseHubRequest = { op: 'start' | 'measure' | 'report' | 'close' };
export type AbuseHubReply =
  | { op: 'ready'; port: number; sites: string[] }
  | { op: 'started' | 'measuring' | 'closed' }
  | {
      op: 'report';
      loopLagP99Ms: number;
      /** The generator site's last frame number when the window closed. */
      seq: number;
      peakRssMb: number;
      droppedSlow: number;
      skipped: number;
    };

const rate = Number(process.argv[2] ?? '1000');
const send = (message: AbuseHubReply) => process.send?.(message);

const dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-abuse-'));
// The production scrypt cost unless SCRYPT_LOG2N says otherwise (the benchmark's own test lowers it).
const app = await buildApp(
  loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SIMULATOR: 'false',
    TRUST_PROXY: 'true',
    SCRYPT_LOG2N: process.env.SCRYPT_LOG2N,
  }),
);
await app.listen({ port: 0, host: '127.0.0.1' });
const { registry, ingest, fanout } = app.services;
const generated = registry.devicesOfSite(GENERATOR_SITE).flatMap((d) => registry.seriesOfDevice(d.id).map((s) => s.id));
const sites = [...new Set([...registry.devices.values()].map((d) => d.siteId))].sort();

// Every 10 ms, the samples due by then (a steady rate, not bursts), as fanoutHub.ts does.
let generator: NodeJS.Timeout | null = null;
function startGenerator() {
  const start = Date.now();
  let sent = 0;
  generator = setInterval(() => {
    const now = Date.now();
    const due = Math.floor(((now - start) * rate) / 1000) - sent;
    if (due <= 0) return;
    const batch = { series: new Int32Array(due), ts: new Float64Array(due), values: new Float64Array(due) };
    for (let i = 0; i < due; i++) {
      batch.series[i] = generated[(sent + i) % generated.length] as number;
      batch.ts[i] = now;
      batch.values[i] = i;
    }
    sent += due;
    void ingest.accept(batch);
  }, 10);
}

const LOOP_RESOLUTION_MS = 10;
const loopDelay = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
let peakRss = 0;
let rssTimer: NodeJS.Timeout | null = null;
let before = { droppedSlow: 0, skipped: 0 };

process.on('message', async (message: AbuseHubRequest) => {
  if (message.op === 'start') {
    startGenerator();
    send({ op: 'started' });
  } else if (message.op === 'measure') {
    loopDelay.reset();
    loopDelay.enable();
    peakRss = process.memoryUsage.rss();
    rssTimer = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage.rss());
    }, 250);
    before = { droppedSlow: fanout.counters.droppedSlow, skipped: fanout.counters.skipped };
    send({ op: 'measuring' });
  } else if (message.op === 'report') {
    loopDelay.disable();
    if (rssTimer) clearInterval(rssTimer);
    send({
      op: 'report',
      // The histogram holds the whole interval between its timer's runs: an idle loop reads 10 ms.
      loopLagP99Ms: Math.max(0, loopDelay.percentile(99) / 1e6 - LOOP_RESOLUTION_MS),
      seq: fanout.seqOf(GENERATOR_SITE),
      peakRssMb: Math.max(peakRss, process.memoryUsage.rss()) / 2 ** 20,
      droppedSlow: fanout.counters.droppedSlow - before.droppedSlow,
      skipped: fanout.counters.skipped - before.skipped,
    });
  } else if (message.op === 'close') {
    if (generator) clearInterval(generator);
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
    send({ op: 'closed' });
    process.exit(0);
  }
});
send({ op: 'ready', port: (app.server.address() as { port: number }).port, sites });
