// The healthy clients of the abuse benchmark, in a worker thread: each signs in with the token it is
// given, follows its sites, measures each live sample's latency from its ingest time to the handler here
// (same machine, same clock), and counts the live frames of each site it missed, by frame number: a gap
// between two frames, a catch-up in place of frames, or frames it never got by the end of the window
// (a client dropped or disconnected).
import { parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';
import { decodeFrame, frameKinds } from '../../shared/src/frames.ts';
import { followSites } from './followSites.ts';

export interface HealthyReport {
  latencies: number[];
  frames: number;
  lostFrames: number;
  disconnects: number;
}
export type HealthyRequest = { op: 'measure' } | { op: 'report'; site: string; seq: number } | { op: 'close' };

const { url, token, subscriptions } = workerData as { url: string; token: string; subscriptions: string[][] };
const CONNECT_BATCH = 20;
const MAX_LATENCIES = 20_000;

interface Client {
  socket: Socket;
  /** The last frame number seen of each site (the snapshot's, then each live frame's). */
  lastSeq: Map<string, number>;
}

const clients: Client[] = [];
let measuring = false;
let frames = 0;
let lostFrames = 0;
let disconnects = 0;
let seen = 0;
const latencies: number[] = [];

function record(latency: number) {
  seen++;
  if (latencies.length < MAX_LATENCIES) latencies.push(latency);
  else {
    const j = Math.floor(Math.random() * seen);
    if (j < latencies.length) latencies[j] = latency;
  }
}

function onFrame(client: Client, site: string, payload: ArrayBuffer | ArrayBufferView) {
  const frame = decodeFrame(payload);
  const last = client.lastSeq.get(site);
  client.lastSeq.set(site, Math.max(last ?? frame.seq, frame.seq));
  if (!measuring || last === undefined || frame.seq <= last) return;
  // A live frame should be the next one; a catch-up stands for every frame up to its number.
  lostFrames += frame.kind === frameKinds.live ? frame.seq - last - 1 : frame.seq - last;
  if (frame.kind !== frameKinds.live) return;
  frames++;
  const now = Date.now();
  // Every 25th sample of the frame: each waited its own part of the window.
  for (let i = 0; i < frame.ts.length; i += 25) record(now - (frame.ts[i] as number));
}

async function connect(sites: string[]) {
  const socket = io(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
    extraHeaders: { authorization: `Bearer ${token}` },
  });
  const client: Client = { socket, lastSeq: new Map() };
  clients.push(client);
  socket.on('live:frame', (site: string, payload: ArrayBuffer | ArrayBufferView) => onFrame(client, site, payload));
  socket.on('disconnect', () => {
    if (measuring) disconnects++;
  });
  await followSites(socket, sites, 30_000);
}

parentPort?.on('message', (message: HealthyRequest) => {
  if (message.op === 'measure') {
    measuring = true;
  } else if (message.op === 'report') {
    measuring = false;
    // Frames the hub had numbered when the window closed that a client never got (the parent waits a
    // moment before asking, so that frames in flight have arrived).
    for (const client of clients) {
      const last = client.lastSeq.get(message.site);
      if (last !== undefined && last < message.seq) lostFrames += message.seq - last;
    }
    parentPort?.postMessage({ latencies, frames, lostFrames, disconnects } satisfies HealthyReport);
  } else if (message.op === 'close') {
    for (const client of clients) client.socket.disconnect();
    parentPort?.postMessage('closed');
  }
});

for (let i = 0; i < subscriptions.length; i += CONNECT_BATCH) {
  await Promise.all(subscriptions.slice(i, i + CONNECT_BATCH).map(connect));
}
parentPort?.postMessage('connected');
