// A worker thread of the load generator: it starts its share of the simulated browsers on the ramp's
// schedule and, each time the main thread asks, reports what they counted since the last time, with
// its own thread's CPU time and event-loop delay (how far the generator itself lags).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { Histogram } from './histogram.ts';
import { type ClientContext, SimulatedClient } from './loadgenClient.ts';
import {
  counterNames,
  type Delta,
  type FromWorker,
  type ToWorker,
  type WorkerSetup,
  zeroCounters,
} from './loadgenProtocol.ts';

/** Distinct failure messages kept per report; the rest are counted under one line. */
const MAX_MESSAGES = 20;

const port = parentPort;
if (!port) throw new Error('loadgenWorker.ts runs as a worker thread of loadgenRun.ts');
const setup = workerData as WorkerSetup;

let errors = new Map<string, number>();
const ctx: ClientContext = {
  url: setup.url,
  sites: setup.sites,
  token: setup.token,
  login: setup.login,
  counters: zeroCounters(),
  gauges: { started: 0, connected: 0, subscribed: 0 },
  latency: new Histogram(),
  signIn: new Histogram(),
  note(message) {
    const key = errors.has(message) || errors.size < MAX_MESSAGES ? message : '(other messages)';
    errors.set(key, (errors.get(key) ?? 0) + 1);
  },
};

const clients: SimulatedClient[] = [];
const timers: NodeJS.Timeout[] = [];
const LOOP_RESOLUTION_MS = 10;
const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
loop.enable();
let lastAt = performance.now();
let lastCpu = process.threadCpuUsage();

/** The histogram holds the whole time between its timer's turns: the lateness is beyond the resolution. */
const lateness = (ns: number) => (loop.count > 0 ? Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS) : 0);

function report(): Delta {
  const now = performance.now();
  const cpu = process.threadCpuUsage(lastCpu);
  const delta: Delta = {
    intervalMs: now - lastAt,
    counters: { ...ctx.counters },
    started: ctx.gauges.started,
    connected: ctx.gauges.connected,
    subscribed: ctx.gauges.subscribed,
    latency: ctx.latency.take(),
    signIn: ctx.signIn.take(),
    threadCpuMs: (cpu.user + cpu.system) / 1000,
    loopDelayP99Ms: lateness(loop.percentile(99)),
    loopDelayMaxMs: lateness(loop.max),
    errors: Object.fromEntries(errors),
  };
  // Zeroed in place: the clients' event handlers hold this very object.
  for (const name of counterNames) ctx.counters[name] = 0;
  errors = new Map();
  loop.reset();
  lastAt = now;
  lastCpu = process.threadCpuUsage();
  return delta;
}

function send(message: FromWorker): void {
  const transfer = 'delta' in message ? [message.delta.latency.counts.buffer, message.delta.signIn.counts.buffer] : [];
  port?.postMessage(message, transfer);
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'start') {
    for (const offset of setup.offsets) {
      const timer = setTimeout(
        () => {
          const client = new SimulatedClient(ctx);
          clients.push(client);
          void client.start();
        },
        Math.max(0, message.startAt + offset - Date.now()),
      );
      timers.push(timer);
    }
  } else if (message.type === 'flush') {
    send({ type: 'delta', delta: report() });
  } else {
    for (const timer of timers) clearTimeout(timer);
    for (const client of clients) client.close();
    loop.disable();
    send({ type: 'final', delta: report() });
  }
});

send({ type: 'ready' });
