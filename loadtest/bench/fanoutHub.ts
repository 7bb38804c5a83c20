// A hub process for the fan-out benchmark, in one of three modes: `voltscope` (the real hub), `naive`
// (plain Socket.IO, one event per sample to the room) and `broadcast` (plain Socket.IO broadcasting the
// same encoded frames every window). A generator ingests `rate` samples a second over `seriesCount`
// series of one site, stamped with the time they reach the hub. Talks to its parent over IPC.
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Server } from 'socket.io';
import { buildApp } from '../../server/src/app.ts';
import { loadConfig } from '../../server/src/config.ts';
import { encodeFrame, frameKinds } from '../../shared/src/frames.ts';

const [mode = 'voltscope', rateArg = '10000'] = process.argv.slice(2);
const rate = Number(rateArg);
const SITE = 'ma-ouarzazate';
const WINDOW_MS = 100;
const send = (message: unknown) => process.send?.(message);

let port = 0;
let seriesIds: number[] = [];
let ingestTick: (now: number, count: number) => void;
let deliveries: () => number;
let skipped: () => number = () => 0;
let close: () => Promise<void>;

if (mode === 'voltscope') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-fanout-'));
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', SIMULATOR: 'false', SCRYPT_LOG2N: '10' }),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
  const { registry, ingest } = app.services;
  seriesIds = registry.devicesOfSite(SITE).flatMap((d) => registry.seriesOfDevice(d.id).map((s) => s.id));
  ingestTick = (now, count) => {
    const batch = { series: new Int32Array(count), ts: new Float64Array(count), values: new Float64Array(count) };
    for (let i = 0; i < count; i++) {
      batch.series[i] = seriesIds[i % seriesIds.length] as number;
      batch.ts[i] = now;
      batch.values[i] = i;
    }
    void ingest.accept(batch);
  };
  deliveries = () => app.fanout.counters.deliveries;
  skipped = () => app.fanout.counters.skipped;
  close = async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  };
} else {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  io.on('connection', (socket) => {
    socket.on('live:subscribe', (_request: unknown, ack: (r: unknown) => void) => {
      void socket.join(SITE);
      ack({ data: { granted: [{ siteId: SITE, seq: 0, via: 'snapshot', gap: null }], refused: [] } });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  port = (http.address() as { port: number }).port;
  seriesIds = Array.from({ length: 1600 }, (_, i) => i + 1);
  let delivered = 0;
  const members = () => io.sockets.adapter.rooms.get(SITE)?.size ?? 0;
  let seq = 0;
  const pending = { series: [] as number[], ts: [] as number[], values: [] as number[] };
  ingestTick = (now, count) => {
    for (let i = 0; i < count; i++) {
      const id = seriesIds[i % seriesIds.length] as number;
      if (mode === 'naive') {
        io.to(SITE).emit('sample', id, now, i);
        delivered += members();
      } else {
        pending.series.push(id);
        pending.ts.push(now);
        pending.values.push(i);
      }
    }
  };
  if (mode === 'broadcast') {
    setInterval(() => {
      if (pending.series.length === 0) return;
      const frame = encodeFrame(frameKinds.live, ++seq, pending.series, pending.ts, pending.values);
      pending.series = [];
      pending.ts = [];
      pending.values = [];
      io.to(SITE).emit('live:frame', SITE, frame);
      delivered += members();
    }, WINDOW_MS);
  }
  deliveries = () => delivered;
  close = async () => {
    io.close();
  };
}

// The generator: every 10 ms, the samples due by then (a steady rate, not bursts).
let generated = 0;
let generatorStart = 0;
let generator: NodeJS.Timeout | null = null;
let measureStart = { cpu: process.cpuUsage(), thread: process.threadCpuUsage(), deliveries: 0, skipped: 0, at: 0 };

process.on('message', async (message: { op: string }) => {
  if (message.op === 'memory') {
    globalThis.gc?.();
    send({ op: 'memory', rss: process.memoryUsage().rss });
  } else if (message.op === 'start') {
    generatorStart = Date.now();
    generated = 0;
    generator = setInterval(() => {
      const now = Date.now();
      const due = Math.floor(((now - generatorStart) * rate) / 1000) - generated;
      if (due > 0) {
        ingestTick(now, due);
        generated += due;
      }
    }, 10);
    send({ op: 'started' });
  } else if (message.op === 'measure') {
    measureStart = {
      cpu: process.cpuUsage(),
      thread: process.threadCpuUsage(),
      deliveries: deliveries(),
      skipped: skipped(),
      at: performance.now(),
    };
    send({ op: 'measuring' });
  } else if (message.op === 'report') {
    const cpu = process.cpuUsage(measureStart.cpu);
    const thread = process.threadCpuUsage(measureStart.thread);
    send({
      op: 'report',
      cpuSeconds: (cpu.user + cpu.system) / 1e6,
      // The fan-out runs on the main thread; the store writes on a thread of its own.
      mainThreadCpuSeconds: (thread.user + thread.system) / 1e6,
      seconds: (performance.now() - measureStart.at) / 1000,
      deliveries: deliveries() - measureStart.deliveries,
      skipped: skipped() - measureStart.skipped,
    });
  } else if (message.op === 'close') {
    if (generator) clearInterval(generator);
    await close();
    send({ op: 'closed' });
    process.exit(0);
  }
});
send({ op: 'ready', port, mode });
