// The main thread's side of the ingest's JSON parser thread (jsonWorker.ts). It never fails a request:
// if the thread cannot answer (it died, or is closed), the body is parsed on the main thread as before.
import { Worker } from 'node:worker_threads';
import type { ParseReply, ParseRequest } from './jsonWorker.ts';
import type { SampleColumns } from './validate.ts';

/** Below this, a body is parsed on the main thread: the hop to the worker would cost more than it saves. */
export const OFF_THREAD_MIN_BYTES = 16 * 1024;

export class JsonOffThread {
  #worker: Worker | null = null;
  readonly #waiting = new Map<number, (columns: SampleColumns | null) => void>();
  #nextId = 1;
  #closed = false;

  /** The body's samples as columns; null when the main thread must parse it (unusual body, no thread). */
  parse(body: Buffer, maxSamples: number): Promise<SampleColumns | null> {
    if (this.#closed) return Promise.resolve(null);
    const worker = this.#start();
    const id = this.#nextId++;
    // A copy the worker owns: Fastify's buffer may be a view over memory shared with other requests.
    const bytes = new Uint8Array(body);
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve);
      worker.postMessage({ id, bytes, maxSamples } satisfies ParseRequest, [bytes.buffer]);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = null;
    this.#settleAll();
    await worker?.terminate();
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(new URL('./jsonWorker.ts', import.meta.url));
    worker.unref();
    worker.on('message', ({ id, columns }: ParseReply) => {
      this.#waiting.get(id)?.(columns);
      this.#waiting.delete(id);
    });
    const gone = () => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      this.#settleAll();
    };
    worker.on('error', gone);
    worker.on('exit', gone);
    this.#worker = worker;
    return worker;
  }

  /** Whatever was asked of a thread that is gone is parsed on the main thread. */
  #settleAll(): void {
    for (const resolve of this.#waiting.values()) resolve(null);
    this.#waiting.clear();
  }
}
