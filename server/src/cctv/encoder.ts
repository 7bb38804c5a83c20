// The simulated cameras' encoder: a few worker threads, started at the first frame asked for, so that
// drawing and encoding never hold the event loop, where the live telemetry is sent. A camera's frames
// always go to the same thread, where its encoder keeps the rows of its previous frame. With no thread configured, frames are
// encoded on the event loop (tests of one frame, tiny hubs).
import { Worker } from 'node:worker_threads';
import { encodeFrame, type FrameJob } from './frame.ts';

interface Pending {
  resolve(jpeg: Uint8Array): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  pending: Map<number, Pending>;
}

export class FrameEncoder {
  readonly #size: number;
  readonly #threads: (Thread | undefined)[] = [];
  #nextId = 1;
  #closed = false;
  /** Frames encoded since start, for /metrics and the benchmark. */
  encoded = 0;

  constructor(threads: number) {
    this.#size = threads;
  }

  /** Frames asked for and not yet back. */
  get inFlight(): number {
    return this.#threads.reduce((n, t) => n + (t?.pending.size ?? 0), 0);
  }

  async encode(job: FrameJob): Promise<Uint8Array> {
    if (this.#closed) throw new Error('The encoder is closed');
    if (this.#size === 0) {
      this.encoded++;
      return encodeFrame(job);
    }
    const thread = this.#threadOf(job.key);
    const id = this.#nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      thread.pending.set(id, {
        resolve: (jpeg) => {
          this.encoded++;
          resolve(jpeg);
        },
        reject,
      });
      thread.worker.postMessage({ id, job });
    });
  }

  #threadOf(key: string): Thread {
    let hash = 0;
    for (let i = 0; i < key.length; i++) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
    const index = Math.abs(hash) % this.#size;
    return this.#threads[index] ?? this.#spawn(index);
  }

  #spawn(index: number): Thread {
    const worker = new Worker(new URL('./encodeWorker.ts', import.meta.url));
    worker.unref();
    const thread: Thread = { worker, pending: new Map() };
    worker.on('message', (message: { id: number; jpeg?: Uint8Array; error?: string }) => {
      const pending = thread.pending.get(message.id);
      thread.pending.delete(message.id);
      if (!pending) return;
      if (message.jpeg) pending.resolve(message.jpeg);
      else pending.reject(new Error(message.error ?? 'The frame could not be encoded'));
    });
    const fail = (error: Error) => {
      for (const pending of thread.pending.values()) pending.reject(error);
      thread.pending.clear();
      if (this.#threads[index] === thread) this.#threads[index] = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('The encoder thread stopped')));
    this.#threads[index] = thread;
    return thread;
  }

  async close(): Promise<void> {
    this.#closed = true;
    const threads = this.#threads.splice(0);
    await Promise.all(threads.map((t) => t?.worker.terminate()));
  }
}
