// Writes a tick's live frames to the sockets of their rooms in slices of a few milliseconds, yielding to
// the event loop between them. In one synchronous burst, four sites' frames to a thousand sockets hold
// the loop for tens of ms (ingest, acks and heartbeats waiting behind them); sliced, no slice holds it for
// more than a few. Each frame is encoded once into its wire bytes (wire.ts), and each socket gets every
// frame of the tick it follows in ONE write to its TCP connection: sockets that follow the same sites
// share the same buffer. A socket that cannot be written directly (polling, a queue above TCP,
// permessage-deflate) gets the frame through Socket.IO, one broadcast per frame for all such sockets.

import type { Io } from './types.ts';
import { directSink, liveFrameWire } from './wire.ts';

/** Longest one slice holds the event loop (ms). */
const SLICE_MS = 4;
/** Up to this many frames in a tick, the set a socket follows is a bit mask; past it, a string. */
const MASK_BITS = 30;

interface Due {
  siteId: string;
  room: string;
  frame: Uint8Array;
  wire: Buffer;
  /** Sockets of this slice that get the frame through Socket.IO. */
  fallback: string[];
}

/** One tick's frames, the sockets of their rooms when they were made, and the next one to write to. */
interface Tick {
  due: Due[];
  members: Set<string>;
  ids: string[] | null;
  next: number;
  /** One buffer per set of frames a socket follows. */
  joined: Map<number | string, Buffer>;
}

const emptyTick = (): Tick => ({ due: [], members: new Set(), ids: null, next: 0, joined: new Map() });

export class FrameWriter {
  readonly #io: Io;
  readonly #written: (deliveries: number, direct: number, bytes: number) => void;
  readonly #idle: () => void;
  #tick: Tick = emptyTick();
  #slice: NodeJS.Immediate | null = null;

  /**
   * `written` is told of each slice (frames delivered, how many of them straight to TCP, their bytes),
   * `idle` when all is written.
   */
  constructor(io: Io, written: (deliveries: number, direct: number, bytes: number) => void, idle: () => void) {
    this.#io = io;
    this.#written = written;
    this.#idle = idle;
  }

  /** Frames queued and not yet written to every socket of their room. */
  get busy(): boolean {
    return this.#tick.due.length > 0;
  }

  /** Queues a frame for the sockets now in `room`; written from the next `flush` on. */
  add(siteId: string, room: string, frame: Uint8Array, members: ReadonlySet<string>): void {
    const tick = this.#tick;
    tick.due.push({ siteId, room, frame, wire: liveFrameWire(siteId, frame), fallback: [] });
    for (const id of members) tick.members.add(id);
  }

  flush = (): void => {
    const tick = this.#tick;
    if (tick.due.length === 0) {
      this.#done();
      return;
    }
    tick.ids ??= [...tick.members];
    const { sockets } = this.#io.sockets;
    const until = performance.now() + SLICE_MS;
    let deliveries = 0;
    let direct = 0;
    let bytes = 0;
    while (tick.next < tick.ids.length) {
      const socket = sockets.get(tick.ids[tick.next++] as string);
      // Gone, or skipped as slow this window: not written.
      if (!socket || socket.data.flow?.slow) continue;
      const sink = directSink(socket);
      let key: number | string = tick.due.length <= MASK_BITS ? 0 : '';
      for (let f = 0; f < tick.due.length; f++) {
        const due = tick.due[f] as Due;
        // Left the room since the frame was made: not written.
        if (!socket.rooms.has(due.room)) continue;
        deliveries++;
        bytes += due.frame.byteLength;
        if (!sink) due.fallback.push(socket.id);
        else {
          direct++;
          key = typeof key === 'number' ? key | (1 << f) : `${key}${f},`;
        }
      }
      if (sink && key !== 0 && key !== '') sink.write(this.#joined(tick, key));
      if ((tick.next & 63) === 0 && performance.now() >= until) break;
    }
    this.#fallback(tick);
    this.#written(deliveries, direct, bytes);
    if (tick.next < tick.ids.length) {
      this.#slice = setImmediate(this.flush);
      return;
    }
    this.#done();
  };

  /** The wire bytes of the frames `key` names, concatenated once per tick. */
  #joined(tick: Tick, key: number | string): Buffer {
    let bytes = tick.joined.get(key);
    if (!bytes) {
      const parts =
        typeof key === 'number'
          ? tick.due.filter((_, f) => (key & (1 << f)) !== 0)
          : key
              .split(',')
              .filter(Boolean)
              .map((f) => tick.due[Number(f)] as Due);
      bytes = parts.length === 1 ? (parts[0] as Due).wire : Buffer.concat(parts.map((d) => d.wire));
      tick.joined.set(key, bytes);
    }
    return bytes;
  }

  /** This slice's sockets that Socket.IO writes to: one encoding per frame for all of them. */
  #fallback(tick: Tick): void {
    for (const due of tick.due) {
      if (due.fallback.length === 0) continue;
      // Local: another node's sockets get their frames from that node (cluster/sampleRelay.ts).
      this.#io.local.to(due.fallback).emit('live:frame', due.siteId, due.frame);
      due.fallback = [];
    }
  }

  #done(): void {
    this.#slice = null;
    this.#tick = emptyTick();
    this.#idle();
  }

  stop(): void {
    if (this.#slice) clearImmediate(this.#slice);
    this.#slice = null;
    this.#tick = emptyTick();
  }
}
