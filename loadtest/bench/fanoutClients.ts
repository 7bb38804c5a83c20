// Socket.IO clients for the fan-out benchmark, in a worker thread: they connect, subscribe to the site,
// decode what arrives and measure each sample's latency from its arrival at the hub (its timestamp) to
// the handler here (same machine, same clock).
import { parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';
import { decodeFrame } from '../../shared/src/frames.ts';

const { url, count, token, site } = workerData as { url: string; count: number; token: string | null; site: string };
const sockets: Socket[] = [];
let measuring = false;
let frames = 0;
let samples = 0;
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

async function connectAll() {
  for (let i = 0; i < count; i++) {
    const socket = io(url, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      ...(token ? { auth: { token }, extraHeaders: { authorization: `Bearer ${token}` } } : {}),
    });
    socket.on('live:frame', (_site: string, bytes: ArrayBufferView) => {
      if (!measuring) return;
      const frame = decodeFrame(bytes);
      const now = Date.now();
      frames++;
      samples += frame.series.length;
      // Every 25th sample of the frame: each waited its own part of the window.
      for (let i = 0; i < frame.ts.length; i += 25) record(now - (frame.ts[i] as number));
    });
    socket.on('sample', (_id: number, ts: number) => {
      if (!measuring) return;
      samples++;
      if (samples % 50 === 0) record(Date.now() - ts);
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await socket.timeout(10_000).emitWithAck('live:subscribe', { sites: [{ id: site }] });
  }
}

parentPort?.on('message', async (message: string) => {
  if (message === 'measure') {
    measuring = true;
    frames = 0;
    samples = 0;
    latencies.length = 0;
    seen = 0;
  } else if (message === 'report') {
    measuring = false;
    parentPort?.postMessage({ frames, samples, latencies });
  } else if (message === 'close') {
    for (const socket of sockets) socket.disconnect();
    parentPort?.postMessage('closed');
  }
});

await connectAll();
parentPort?.postMessage('connected');
