// The alarm storm's subscribed operators, in a worker thread so that decoding their messages is not
// charged to the hub's event loop: each socket follows every site and keeps the event ids it got; the
// first also times each raise from its triggering sample. Posts its counts every 200 ms, and on
// 'finish' the latencies, then disconnects.
import { parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

export interface ClientsProgress {
  kind: 'progress';
  /** Distinct events each socket has received. */
  counts: number[];
  /** When the first socket last received an event. */
  lastEventAt: number;
}
export interface ClientsResult {
  kind: 'result';
  counts: number[];
  lastEventAt: number;
  latencies: number[];
}

const { url, token, sites, count } = workerData as { url: string; token: string; sites: string[]; count: number };
const seen: Set<number>[] = [];
const latencies: number[] = [];
let lastEventAt = 0;

const sockets = await Promise.all(
  Array.from({ length: count }, async (_, c) => {
    const ids = new Set<number>();
    seen.push(ids);
    const socket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      auth: { token },
      extraHeaders: { authorization: `Bearer ${token}` },
    });
    socket.on('alarm:events', (payloads: { event: { id: number; ts: number; type: string } }[]) => {
      for (const { event } of payloads) {
        ids.add(event.id);
        if (c !== 0) continue;
        lastEventAt = Date.now();
        if (event.type === 'alarm_raised') latencies.push(lastEventAt - event.ts);
      }
    });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    await socket.timeout(10_000).emitWithAck('alarms:subscribe', { sites: sites.map((id) => ({ id })) });
    return socket;
  }),
);

const counts = () => seen.map((s) => s.size);
const timer = setInterval(
  () => parentPort?.postMessage({ kind: 'progress', counts: counts(), lastEventAt } satisfies ClientsProgress),
  200,
);
parentPort?.on('message', (message: string) => {
  if (message !== 'finish') return;
  clearInterval(timer);
  for (const socket of sockets) socket.disconnect();
  parentPort?.postMessage({ kind: 'result', counts: counts(), lastEventAt, latencies } satisfies ClientsResult);
  parentPort?.close();
});
parentPort?.postMessage('ready');
