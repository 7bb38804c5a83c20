// Writes a window's live frames to their rooms' sockets in slices of a few milliseconds, yielding to the
// event loop between them. In one synchronous burst, four sites' frames to a thousand sockets hold the
// loop for about 70 ms (ingest, acks and heartbeats waiting behind them); sliced, no slice holds it for
// more than a few. Each slice is one encoding for its sockets (Socket.IO's broadcast to their ids).
import type { Io } from './types.ts';

/** Longest one slice holds the event loop (ms), and the most sockets one encoding serves. */
const SLICE_MS = 4;
const SLICE_SOCKETS = 200;

interface Job {
  siteId: string;
  room: string;
  frame: Uint8Array;
  /** The room's sockets when the frame was made, and the next one to write to. */
  ids: string[];
  next: number;
}

export class FrameWriter {
  readonly #io: Io;
  readonly #written: (sockets: number, frame: Uint8Array) => void;
  readonly #idle: () => void;
  #queue: Job[] = [];
  #slice: NodeJS.Immediate | null = null;

  /** `written` is told of each slice (how many sockets got the frame), `idle` when all is written. */
  constructor(io: Io, written: (sockets: number, frame: Uint8Array) => void, idle: () => void) {
    this.#io = io;
    this.#written = written;
    this.#idle = idle;
  }

  /** Frames queued and not yet written to every socket of their room. */
  get busy(): boolean {
    return this.#queue.length > 0;
  }

  /** Queues a frame for the sockets now in `room`; written from the next `flush` on. */
  add(siteId: string, room: string, frame: Uint8Array, members: ReadonlySet<string>): void {
    this.#queue.push({ siteId, room, frame, ids: [...members], next: 0 });
  }

  flush = (): void => {
    const { sockets } = this.#io.sockets;
    const until = performance.now() + SLICE_MS;
    while (this.#queue.length > 0) {
      const job = this.#queue[0] as Job;
      const batch: string[] = [];
      while (job.next < job.ids.length && batch.length < SLICE_SOCKETS) {
        const id = job.ids[job.next++] as string;
        const socket = sockets.get(id);
        // Left the room since the frame was made, or skipped as slow this window: not written.
        if (socket && !socket.data.flow?.slow && socket.rooms.has(job.room)) batch.push(id);
      }
      if (batch.length > 0) {
        // Local: another node's sockets get their frames from that node (cluster/sampleRelay.ts).
        this.#io.local.to(batch).emit('live:frame', job.siteId, job.frame);
        this.#written(batch.length, job.frame);
      }
      if (job.next >= job.ids.length) this.#queue.shift();
      if (this.#queue.length > 0 && performance.now() >= until) {
        this.#slice = setImmediate(this.flush);
        return;
      }
    }
    this.#slice = null;
    this.#idle();
  };

  stop(): void {
    if (this.#slice) clearImmediate(this.#slice);
    this.#slice = null;
    this.#queue = [];
  }
}
