// The benches' Socket.IO clients (fanoutClients.ts workers), split in two: probes, which measure the
// latency a user sees, and the load, which receives and decodes the same frames. On this machine every
// client shares one core, so a client's latency includes waiting while the clients before it decode
// theirs (~25 µs a frame: 50 ms from the first of 2,000 to the last), a queue that users, each on a
// machine of their own, do not have. The load therefore runs at the lowest priority and the probes at
// the process's: a probe reads its frame as soon as the hub has written it. Probes are every 19th
// client (prime: out of step with `mix`'s one wall in five), connected in turn with the others so that
// they sit all along the hub's write order. Every client's latency is still reported (`all`).
import { Worker } from 'node:worker_threads';
import type { ClientsReport } from './fanoutClients.ts';

/** The clients one load worker thread holds. */
export const CLIENTS_PER_WORKER = 500;
const PROBE_EVERY = 19;
/** Clients that connect at once: 2,000 one after the other take too long, all at once swamp the hub. */
const CONNECT_BATCH = 20;
/** The load's priority (Linux niceness, the lowest). */
const LOAD_NICE = 19;

export const isProbe = (client: number) => client % PROBE_EVERY === 0;

const once = <T>(w: Worker) =>
  new Promise<T>((resolve, reject) => {
    w.once('message', resolve);
    w.once('error', reject);
  });

function merge(reports: readonly ClientsReport[]): ClientsReport {
  const sum = (key: 'clients' | 'frames' | 'samples' | 'bytes' | 'snapshots' | 'catchups') =>
    reports.reduce((n, r) => n + r[key], 0);
  return {
    clients: sum('clients'),
    frames: sum('frames'),
    samples: sum('samples'),
    bytes: sum('bytes'),
    latencies: reports.flatMap((r) => r.latencies).sort((a, b) => a - b),
    snapshots: sum('snapshots'),
    catchups: sum('catchups'),
  };
}

export class ClientPool {
  readonly #probes: Worker;
  readonly #load: Worker[];

  private constructor(probes: Worker, load: Worker[]) {
    this.#probes = probes;
    this.#load = load;
  }

  get #all(): Worker[] {
    return [this.#probes, ...this.#load];
  }

  /** Connects a client per list of sites, in the lists' order, each following its sites. */
  static async open(url: string, token: string | null, subscriptions: readonly string[][]): Promise<ClientPool> {
    const owner = subscriptions.map((_, i) => (isProbe(i) ? -1 : Math.floor(i / CLIENTS_PER_WORKER)));
    const start = (lists: string[][], nice: number) =>
      new Worker(new URL('./fanoutClients.ts', import.meta.url), {
        workerData: { url, token, subscriptions: lists, paced: true, nice },
      });
    const probes = start(
      subscriptions.filter((_, i) => owner[i] === -1),
      0,
    );
    const loads = Math.ceil(subscriptions.length / CLIENTS_PER_WORKER);
    const load = Array.from({ length: loads }, (_, w) =>
      start(
        subscriptions.filter((_, i) => owner[i] === w),
        LOAD_NICE,
      ),
    );
    const pool = new ClientPool(probes, load);
    try {
      await Promise.all(pool.#all.map((w) => once(w)));
      for (let first = 0; first < subscriptions.length; first += CONNECT_BATCH) {
        const batch = owner.slice(first, first + CONNECT_BATCH);
        await Promise.all(
          [-1, ...load.keys()].map((w) => {
            const count = batch.filter((o) => o === w).length;
            if (count === 0) return null;
            const worker = w === -1 ? probes : (load[w] as Worker);
            const reply = once(worker);
            worker.postMessage({ connect: count });
            return reply;
          }),
        );
      }
    } catch (error) {
      await pool.terminate();
      throw error;
    }
    return pool;
  }

  /** From now on, what the clients receive counts. */
  measure(): void {
    const from = Date.now();
    for (const w of this.#all) w.postMessage({ measure: from });
  }

  /**
   * What the probes measured, and every client (probes included), over the samples stamped from `measure`
   * to the first report; a later report reads the same window again, with what arrived since.
   */
  async report(): Promise<{ probes: ClientsReport; all: ClientsReport }> {
    const to = Date.now();
    const reports = await Promise.all(
      this.#all.map((w) => {
        const reply = once<ClientsReport>(w);
        w.postMessage({ report: to });
        return reply;
      }),
    );
    return { probes: merge(reports.slice(0, 1)), all: merge(reports) };
  }

  async close(): Promise<void> {
    await Promise.all(
      this.#all.map((w) => {
        const reply = once(w);
        w.postMessage('close');
        return reply;
      }),
    );
    await this.terminate();
  }

  async terminate(): Promise<void> {
    await Promise.all(this.#all.map((w) => w.terminate()));
  }
}
