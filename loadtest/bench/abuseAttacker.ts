// The attacker of the abuse benchmark, in a worker thread: one address (`x-forwarded-for`, the hub trusts
// its proxy) that, until told to stop, floods
//   sign-in     wrong passwords, half for the admin's account, half sprayed over unknown names
//   ingest      anonymous 8 MiB NDJSON bodies, and bodies with a valid key and one huge line each
//   subscribe   sockets naming the generator's site 100 times per `live:subscribe`, as fast as they are
//               answered (a socket the hub disconnects is replaced), and sockets that follow every site,
//               stop reading, keep asking for snapshots, and are replaced every few seconds.
// It counts what it sent and how each was answered over the measured window, and reports that when stopped.
import type { Duplex } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';

export interface AttackPlan {
  url: string;
  /** The attacker's own account (a signed-in operator), for its sockets. */
  token: string;
  /** An ingest key of one site, for the keyed bodies. */
  ingestKey: string;
  address: string;
  adminEmail: string;
  site: string;
  sites: string[];
  signInLoops: number;
  anonymousIngestLoops: number;
  keyedIngestLoops: number;
  subscribeFlooders: number;
  stalledSockets: number;
}
/** What was sent, by kind, and how it was answered (a status code, an ack's error code, or `error`), from `measure` on. */
export interface AttackReport {
  seconds: number;
  kinds: Record<string, { sent: number; answers: Record<string, number> }>;
}

const plan = workerData as AttackPlan;
let report: AttackReport['kinds'] = {};
let measuredFrom = performance.now();
let running = true;
const stopped: Promise<unknown>[] = [];

function count(kind: string, answer: string) {
  const entry = report[kind] ?? { sent: 0, answers: {} };
  entry.sent++;
  entry.answers[answer] = (entry.answers[answer] ?? 0) + 1;
  report[kind] = entry;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `attempt` in `loops` parallel loops until stopped; an answer is counted under `kind`. */
function flood(kind: string, loops: number, attempt: () => Promise<string>) {
  for (let i = 0; i < loops; i++) {
    stopped.push(
      (async () => {
        while (running) {
          const answer = await attempt().catch(() => 'error');
          count(kind, answer);
          // A refused connection is answered at once: without a pause the loop would only measure itself.
          if (answer === 'error') await sleep(20);
        }
      })(),
    );
  }
}

const headers = { 'x-forwarded-for': plan.address };

async function post(path: string, body: Buffer | string, extra: Record<string, string>): Promise<string> {
  const response = await fetch(`${plan.url}${path}`, { method: 'POST', headers: { ...headers, ...extra }, body });
  await response.arrayBuffer();
  return String(response.status);
}

// (a) Sign-in: every other try for the admin (throttled after a few), the rest for names that do not exist.
let tries = 0;
flood('sign_in', plan.signInLoops, () => {
  tries++;
  const email = tries % 2 === 0 ? plan.adminEmail : `nobody${tries}@example.com`;
  return post('/api/auth/login', JSON.stringify({ email, password: `wrong-${tries}` }), {
    'content-type': 'application/json',
  });
});

// (b) Ingest: 8 MiB of valid-looking NDJSON without a key, and a keyed body whose second line is 1 MiB.
const sampleLine = `${JSON.stringify({ series: 1, ts: Date.now(), value: 1 })}\n`;
const anonymousBody = Buffer.from(sampleLine.repeat(Math.ceil((8 * 2 ** 20) / sampleLine.length)));
const hugeLineBody = Buffer.from(
  `${sampleLine}${JSON.stringify({ series: 1, ts: Date.now(), value: 1, pad: 'x'.repeat(2 ** 20) })}\n`,
);
flood('ingest_anonymous', plan.anonymousIngestLoops, () =>
  post('/api/ingest', anonymousBody, { 'content-type': 'application/x-ndjson' }),
);
flood('ingest_huge_line', plan.keyedIngestLoops, () =>
  post('/api/ingest', hugeLineBody, { 'content-type': 'application/x-ndjson', 'x-ingest-key': plan.ingestKey }),
);

// (c) Sockets.
function open(): Promise<Socket> {
  const socket = io(plan.url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token: plan.token },
    extraHeaders: { authorization: `Bearer ${plan.token}`, ...headers },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

type Ack = { data?: unknown; error?: { code: string } };
const sameSiteMany = { sites: Array.from({ length: 100 }, () => ({ id: plan.site })) };
const SUBSCRIBES_IN_FLIGHT = 10;

for (let i = 0; i < plan.subscribeFlooders; i++) {
  stopped.push(
    (async () => {
      while (running) {
        const socket = await open().catch(() => null);
        if (!socket) {
          count('subscribe', 'connect_error');
          await sleep(100);
          continue;
        }
        await Promise.all(
          Array.from({ length: SUBSCRIBES_IN_FLIGHT }, async () => {
            while (running && socket.connected) {
              const ack = (await socket
                .timeout(5000)
                .emitWithAck('live:subscribe', sameSiteMany)
                .catch(() => ({ error: { code: socket.connected ? 'timeout' : 'disconnected' } }))) as Ack;
              count('subscribe', ack.error ? ack.error.code : 'ok');
            }
          }),
        );
        socket.disconnect();
      }
    })(),
  );
}

const STALLED_LIFE_MS = 3000;
const SNAPSHOT_ASKS = 50;
for (let i = 0; i < plan.stalledSockets; i++) {
  stopped.push(
    (async () => {
      while (running) {
        const socket = await open().catch(() => null);
        if (!socket) {
          count('stalled_socket', 'connect_error');
          await sleep(100);
          continue;
        }
        const every = { sites: plan.sites.map((id) => ({ id })) };
        const ack = (await socket
          .timeout(5000)
          .emitWithAck('live:subscribe', every)
          .catch(() => ({ error: { code: 'timeout' } }))) as Ack;
        count('stalled_socket', ack.error ? ack.error.code : 'ok');
        // Stop reading: the hub's writes pile up in its buffers until it drops the socket.
        const tcp = (socket.io.engine.transport as unknown as { ws?: { _socket?: Duplex } }).ws?._socket;
        tcp?.pause();
        for (let k = 0; k < SNAPSHOT_ASKS; k++) socket.emit('live:subscribe', every, () => {});
        const end = Date.now() + STALLED_LIFE_MS;
        while (running && Date.now() < end) await sleep(100);
        // Gone without a goodbye: a closing handshake would wait for the answer it cannot read.
        tcp?.destroy();
        socket.close();
      }
    })(),
  );
}

parentPort?.on('message', async (message: string) => {
  if (message === 'measure') {
    report = {};
    measuredFrom = performance.now();
  } else if (message === 'stop') {
    running = false;
    const seconds = (performance.now() - measuredFrom) / 1000;
    await Promise.all(stopped);
    parentPort?.postMessage({ seconds, kinds: report } satisfies AttackReport);
  }
});
parentPort?.postMessage('started');
