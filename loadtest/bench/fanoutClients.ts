// Socket.IO clients for the fan-out benchmark, in a worker thread: each connects, subscribes to its own
// list of sites, decodes what arrives and measures each sample's latency from its timestamp (its
// arrival at the hub, or the simulator step it belongs to) to the handler here (same machine, same clock).
// All connect at once by default; with `paced`, a `{ connect: n }` message connects the next n, so that
// the pool can interleave its workers' clients (clientPool.ts). `nice` lowers this thread's priority.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';
import { decodeFrame, frameKinds } from '../../shared/src/frames.ts';
import { followSites } from './followSites.ts';

/** What the worker measured: the live window's traffic, and the snapshots of the whole run. */
export interface ClientsReport {
  clients: number;
  frames: number;
  samples: number;
  bytes: number;
  latencies: number[];
  snapshots: number;
  catchups: number;
}

const { url, token, subscriptions, paced, nice } = workerData as {
  url: string;
  token: string | null;
  subscriptions: string[][];
  paced?: boolean;
  nice?: number;
};
/** A kind the server may add for a socket that missed frames; counted, not decoded. */
const CATCHUP_KIND = 3;
/** Connections opened at once: 2,000 one after the other take too long, all at once swamp the hub. */
const CONNECT_BATCH = 20;
/** How long a report waits for frames stamped in the window that are still on their way (or unread). */
const REPORT_GRACE_MS = 300;
const sockets: Socket[] = [];
/**
 * The measured window, by the samples' own stamps: a frame counts when its first sample was stamped in it,
 * however late this thread reads it (the load runs at the lowest priority, clientPool.ts).
 */
let from = Number.POSITIVE_INFINITY;
let to = Number.POSITIVE_INFINITY;
const inWindow = (ts: number) => ts >= from && ts < to;
let frames = 0;
let samples = 0;
let bytes = 0;
// Counted from subscribe to the end, not only in the window: they mostly come at subscribe or on catch-up.
let snapshots = 0;
let catchups = 0;
const latencies: number[] = [];
let seen = 0;

/** Keeps a uniform sample of at most 20,000 latencies (reservoir sampling). */
function record(latency: number) {
  seen++;
  if (latencies.length < 20_000) latencies.push(latency);
  else {
    const j = Math.floor(Math.random() * seen);
    if (j < latencies.length) latencies[j] = latency;
  }
}

function onFrame(_site: string, payload: ArrayBuffer | ArrayBufferView) {
  const view =
    payload instanceof ArrayBuffer
      ? new Uint8Array(payload)
      : new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength);
  const kind = view[1];
  if (kind === frameKinds.snapshot) snapshots++;
  else if (kind === CATCHUP_KIND) catchups++;
  if (kind !== frameKinds.live) {
    // Snapshots and catch-ups count by when they arrive.
    if (inWindow(Date.now())) bytes += view.byteLength;
    return;
  }
  const frame = decodeFrame(view);
  if (frame.ts.length === 0 || !inWindow(frame.ts[0] as number)) return;
  const now = Date.now();
  bytes += view.byteLength;
  frames++;
  samples += frame.series.length;
  // Every 25th sample of the frame: each waited its own part of the window.
  for (let i = 0; i < frame.ts.length; i += 25) record(now - (frame.ts[i] as number));
}

async function connect(sites: string[]) {
  const socket = io(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(token ? { auth: { token }, extraHeaders: { authorization: `Bearer ${token}` } } : {}),
  });
  socket.on('live:frame', onFrame);
  socket.on('sample', (_id: number, ts: number) => {
    if (!inWindow(ts)) return;
    samples++;
    if (samples % 50 === 0) record(Date.now() - ts);
  });
  sockets.push(socket);
  await followSites(socket, sites, 10_000);
}

/** Lowers this worker thread's own priority (Linux: a thread id names one thread; elsewhere unchanged). */
function lowerPriority(niceness: number) {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), niceness);
  } catch {
    // No /proc/thread-self: the clients run at the process's priority.
  }
}

let connected = 0;
async function connectNext(count: number) {
  const next = subscriptions.slice(connected, connected + count);
  connected += next.length;
  for (let i = 0; i < next.length; i += CONNECT_BATCH) await Promise.all(next.slice(i, i + CONNECT_BATCH).map(connect));
}

type Message = 'measure' | 'report' | 'close' | { connect: number } | { measure: number } | { report: number };

/** `{ measure: t }` and `{ report: t }` name the window's ends on the sender's clock (this thread may run late). */
parentPort?.on('message', async (message: Message) => {
  if (typeof message === 'object' && 'connect' in message) {
    await connectNext(message.connect);
    parentPort?.postMessage('connected');
  } else if (message === 'measure' || (typeof message === 'object' && 'measure' in message)) {
    from = typeof message === 'object' ? message.measure : Date.now();
    to = Number.POSITIVE_INFINITY;
    frames = 0;
    samples = 0;
    bytes = 0;
    latencies.length = 0;
    seen = 0;
  } else if (message === 'report' || (typeof message === 'object' && 'report' in message)) {
    // Closes the window (a later report reads the same one again), then lets what was stamped in it arrive.
    if (to === Number.POSITIVE_INFINITY) to = typeof message === 'object' ? message.report : Date.now();
    await new Promise((r) => setTimeout(r, REPORT_GRACE_MS));
    const report: ClientsReport = {
      clients: sockets.length,
      frames,
      samples,
      bytes,
      latencies,
      snapshots,
      catchups,
    };
    parentPort?.postMessage(report);
  } else if (message === 'close') {
    for (const socket of sockets) socket.disconnect();
    parentPort?.postMessage('closed');
  }
});

if (nice) lowerPriority(nice);
if (paced) parentPort?.postMessage('ready');
else {
  await connectNext(subscriptions.length);
  parentPort?.postMessage('connected');
}
