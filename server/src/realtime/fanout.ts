// The fan-out: samples are gathered per site and sent as one binary frame per room, at most once a frame
// window and as soon as they arrive, encoded once and written to every socket of the room. Once per
// tick, before writing, each socket is judged from what its transport has not yet written
// (backpressure.ts): one that does not keep up is skipped (latest value wins) and, once drained, gets
// the latest values of what it missed in one small catch-up frame; one far behind is disconnected.
// Recent frames are kept so that a reconnecting client can resume without a gap. Frame numbers start
// at the hub's boot time in ms (its epoch): a room makes at most one frame a window (10 ms or more), so
// every number of an earlier boot lies below the next boot's epoch, and a client resuming from an
// earlier boot is told to fetch what it missed instead of being replayed another boot's frames.
// Why one file of ~350 lines: a tick's order (judge, build, write, credit) and the room state it shares
// are the hot path's invariant; the pure parts already live beside it (backpressure.ts, snapshots.ts,
// delivery.ts), and splitting the rest would spread one sequence over files.
import type { GrantedSite } from '@voltscope/shared/events';
import { decodeFrame, encodeFrame, type FrameKind, frameKinds } from '@voltscope/shared/frames';
import type { Registry } from '../fleet/registry.ts';
import type { LatestValues } from '../live/latest.ts';
import type { SeriesRings } from '../live/rings.ts';
import type { SampleBatch } from '../store/telemetry/types.ts';
import { bufferedBytes, cutOff, type FlowLimits, flowOf, judge } from './backpressure.ts';
import { ColumnBuffer } from './columnBuffer.ts';
import { FrameWriter } from './delivery.ts';
import { type Columns, latestOfFrames, latestOfSite, snapshotOfSite, withinFrameSpan } from './snapshots.ts';
import type { Io, IoSocket } from './types.ts';

export interface FanoutOptions {
  frameMs: number;
  /** How long sent frames are kept for resuming, in ms. */
  logMs: number;
  /** Snapshot depth for trend series, in ms. */
  snapshotMs: number;
  /** Largest snapshot of one site, in bytes (trends are thinned to fit). */
  snapshotMaxBytes: number;
  /** Bytes a socket may leave unwritten before it is skipped, and before it is disconnected. */
  slowBytes: number;
  dropBytes: number;
  /** Snapshot and replay bytes a socket may leave unwritten besides `dropBytes` (backpressure.ts). */
  bulkBytes: number;
  /** Where the once-a-minute note about skipped sockets goes. */
  log: { warn(details: object, message: string): void };
}

export const roomOf = (siteId: string) => `site:${siteId}`;
/** The site a room is for, or null for the hub's other rooms (socket ids, tokens, users). */
export const siteOfRoom = (room: string): string | null => (room.startsWith('site:') ? room.slice(5) : null);
const SLOW_ROOM = '$slow';
const FRAME_HEADER_BYTES = 24;
const SAMPLE_BYTES = 16;
const NOTE_EVERY_MS = 60_000;
const SNAPSHOT_REUSE_MS = 1000;

interface LoggedFrame {
  seq: number;
  sentAt: number;
  frame: Uint8Array;
}

interface RoomState {
  seq: number;
  log: LoggedFrame[];
  /** The samples of the window that is open. */
  pending: ColumnBuffer;
}

export type SnapshotReason = 'subscribe' | 'resume' | 'catchUp';
type BytesKind = 'live' | 'snapshot' | 'catchUp' | 'replay';

export class Fanout {
  readonly #io: Io;
  readonly #registry: () => Registry;
  readonly #rings: SeriesRings;
  readonly #latest: LatestValues;
  readonly #options: FanoutOptions;
  /** The first frame number of this boot, less one: every room starts here. */
  readonly epoch = Date.now();
  readonly #rooms = new Map<string, RoomState>();
  #timer: NodeJS.Timeout | null = null;
  #running = false;
  /** Samples wait in some room; when the last tick ran. */
  #pending = false;
  #lastTick = 0;
  readonly #writer: FrameWriter;
  /** Per site, its last snapshot and what the room held when it was made: one build serves a subscribe storm. */
  readonly #snapshots = new Map<string, { seq: number; pending: number; at: number; frame: Uint8Array }>();
  #noted = { at: 0, skipped: 0, dropped: 0 };
  /** Running totals (the metrics read them); bytes are counted per socket written to. */
  readonly counters = {
    frames: 0,
    frameBytes: 0,
    deliveries: 0,
    /** Of the deliveries, those written straight to a WebSocket's TCP connection (delivery.ts). */
    directDeliveries: 0,
    skipped: 0,
    droppedSlow: 0,
    snapshots: { subscribe: 0, resume: 0, catchUp: 0 } satisfies Record<SnapshotReason, number>,
    bytes: { live: 0, snapshot: 0, catchUp: 0, replay: 0 } satisfies Record<BytesKind, number>,
  };
  /** As of the last tick that sent frames: sockets by class, and what they had left unwritten. */
  readonly gauges = { keepingUp: 0, slow: 0, keepingUpBacklog: 0, slowBacklog: 0 };

  constructor(io: Io, registry: () => Registry, rings: SeriesRings, latest: LatestValues, options: FanoutOptions) {
    this.#io = io;
    this.#registry = registry;
    this.#rings = rings;
    this.#latest = latest;
    this.#options = options;
    this.#writer = new FrameWriter(
      io,
      (deliveries, direct, bytes) => {
        this.counters.deliveries += deliveries;
        this.counters.directDeliveries += direct;
        this.counters.bytes.live += bytes;
      },
      () => this.#schedule(),
    );
  }

  start(): void {
    this.#running = true;
    this.#schedule();
  }

  stop(): void {
    this.#running = false;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#writer.stop();
  }

  /**
   * A tick as soon as samples wait, but at most one a window: a source that sends once a second gets its
   * frame out at once instead of waiting up to a window for a fixed tick, and a steady stream still goes
   * out once a window, coalesced.
   */
  #schedule(): void {
    if (!this.#running || !this.#pending || this.#timer || this.#writer.busy) return;
    const wait = Math.max(0, this.#lastTick + this.#options.frameMs - Date.now());
    // The live path's own clock, not the hub scheduler's: it paces frames, it is not upkeep.
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.tick();
    }, wait);
  }

  #room(siteId: string): RoomState {
    let room = this.#rooms.get(siteId);
    if (!room) {
      room = { seq: this.epoch, log: [], pending: new ColumnBuffer() };
      this.#rooms.set(siteId, room);
    }
    return room;
  }

  /**
   * Ingest listener: files each sample under its site. Frames are made even for rooms nobody is in at
   * the moment, so that a client that drops and comes back can resume without a gap.
   */
  accept(batch: SampleBatch): void {
    const registry = this.#registry();
    let lastSite: string | undefined;
    let room: RoomState | undefined;
    for (let i = 0; i < batch.series.length; i++) {
      const id = batch.series[i] as number;
      const site = registry.siteOfSeries(id);
      if (site === undefined) continue;
      if (site !== lastSite) {
        lastSite = site;
        room = this.#room(site);
      }
      if (!room) continue;
      room.pending.push(id, batch.ts[i] as number, batch.values[i] as number);
      this.#pending = true;
    }
    this.#schedule();
  }

  /**
   * Sends each room's gathered samples as one frame, after judging every socket once. While the previous
   * window's frames are still being written the samples wait: the next frame carries them all.
   */
  tick(now = Date.now()): void {
    if (this.#writer.busy) return;
    this.#pending = false;
    this.#lastTick = now;
    const due: [string, RoomState][] = [];
    for (const [siteId, room] of this.#rooms) {
      this.#prune(room, now);
      if (room.pending.length > 0) due.push([siteId, room]);
    }
    if (due.length === 0) return;
    this.#judgeSockets(now);
    for (const [siteId, room] of due) {
      room.seq++;
      const { series, ts, values } = withinFrameSpan(room.pending.view());
      const frame = encodeFrame(frameKinds.live, room.seq, series, ts, values);
      room.pending.clear();
      room.log.push({ seq: room.seq, sentAt: now, frame });
      this.#enqueue(siteId, room.seq, frame);
    }
    this.#writer.flush();
    this.#note(now);
  }

  /** Before any write of the tick: skips, drops, or catches up each subscribed socket. */
  #judgeSockets(now: number): void {
    const limits = this.#limits();
    const gauges = { keepingUp: 0, slow: 0, keepingUpBacklog: 0, slowBacklog: 0 };
    const catchUps = new Map<string, Uint8Array>();
    for (const socket of this.#io.sockets.sockets.values()) {
      const flow = socket.data.flow;
      // Not following live sites, but alarm events still queue up for it.
      if (!flow) {
        if (bufferedBytes(socket) > limits.dropBytes) this.#drop(socket);
        continue;
      }
      const { verdict, backlog } = judge(flow, bufferedBytes(socket), limits);
      if (verdict === 'drop') {
        this.#drop(socket);
      } else if (verdict === 'slow') {
        gauges.slow++;
        gauges.slowBacklog += backlog;
        if (!flow.slow) {
          flow.slow = true;
          void socket.join(SLOW_ROOM);
        }
      } else {
        gauges.keepingUp++;
        gauges.keepingUpBacklog += backlog;
        if (flow.slow) this.#catchUp(socket, catchUps, now);
      }
    }
    Object.assign(this.gauges, gauges);
  }

  #limits(): FlowLimits {
    const { slowBytes, dropBytes, bulkBytes } = this.#options;
    return { slowBytes, dropBytes, bulkBytes };
  }

  #drop(socket: IoSocket): void {
    this.counters.droppedSlow++;
    cutOff(socket);
  }

  /** A skipped socket that has drained: the latest values of what it missed, per site, then live again. */
  #catchUp(socket: IoSocket, cache: Map<string, Uint8Array>, now: number): void {
    const flow = flowOf(socket);
    flow.slow = false;
    void socket.leave(SLOW_ROOM);
    for (const [siteId, lastSeq] of flow.behind) {
      if (!socket.rooms.has(roomOf(siteId))) continue;
      // Sockets skipped from the same frame on get the same bytes: encoded once per tick.
      const key = `${siteId}\n${lastSeq}`;
      let frame = cache.get(key);
      if (!frame) {
        const missed = this.framesAfter(siteId, lastSeq);
        const columns = missed
          ? latestOfFrames(missed.map((f) => decodeFrame(f.frame)))
          : latestOfSite(this.#registry(), this.#latest, siteId, now);
        frame = this.#encode(frameKinds.catchUp, siteId, columns);
        cache.set(key, frame);
      }
      this.#send(socket, siteId, frame, 'catchUp');
      this.counters.snapshots.catchUp++;
    }
    flow.behind.clear();
  }

  /** Counts the sockets skipped for a frame and queues its writes to the others (delivery.ts). */
  #enqueue(siteId: string, seq: number, frame: Uint8Array): void {
    const room = roomOf(siteId);
    const members = this.#io.sockets.adapter.rooms.get(room);
    if (!members) return;
    let skipped = 0;
    for (const id of this.#io.sockets.adapter.rooms.get(SLOW_ROOM) ?? []) {
      if (!members.has(id)) continue;
      skipped++;
      const flow = this.#io.sockets.sockets.get(id)?.data.flow;
      if (flow && !flow.behind.has(siteId)) flow.behind.set(siteId, seq - 1);
    }
    this.counters.frames++;
    this.counters.frameBytes += frame.byteLength;
    this.counters.skipped += skipped;
    this.#writer.add(siteId, room, frame, members);
  }

  /** At most once a minute, while sockets are being skipped: how many, and how many frames. */
  #note(now: number): void {
    if (now - this.#noted.at < NOTE_EVERY_MS) return;
    const skipped = this.counters.skipped - this.#noted.skipped;
    const dropped = this.counters.droppedSlow - this.#noted.dropped;
    if (skipped === 0 && dropped === 0) return;
    this.#options.log.warn(
      { slowSockets: this.gauges.slow, skippedFrames: skipped, droppedSockets: dropped, sinceMs: now - this.#noted.at },
      'live frames skipped for sockets that do not keep up',
    );
    this.#noted = { at: now, skipped: this.counters.skipped, dropped: this.counters.droppedSlow };
  }

  /** The current seq of a site's room (the epoch before its first frame). */
  seqOf(siteId: string): number {
    return this.#rooms.get(siteId)?.seq ?? this.epoch;
  }

  /** Forgets the frames older than the resume window (ticks run only while samples come, so asked too). */
  #prune(room: RoomState, now: number): void {
    while (room.log.length > 0 && (room.log[0] as LoggedFrame).sentAt < now - this.#options.logMs) room.log.shift();
  }

  /** The frames after `lastSeq`, if the log still holds every one of them; null when some are gone. */
  framesAfter(siteId: string, lastSeq: number, now = Date.now()): LoggedFrame[] | null {
    const room = this.#rooms.get(siteId);
    if (!room) return lastSeq === this.epoch ? [] : null;
    this.#prune(room, now);
    if (lastSeq > room.seq) return null;
    if (lastSeq === room.seq) return [];
    const first = room.log[0];
    if (!first || first.seq > lastSeq + 1) return null;
    return room.log.filter((f) => f.seq > lastSeq);
  }

  /**
   * Whether a socket may be sent a reply of snapshots: one that asks for more than it reads is dropped
   * here, before its next reply, not only at the next tick. Its memory stays within the limits plus
   * one reply.
   */
  admits(socket: IoSocket): boolean {
    if (judge(flowOf(socket), bufferedBytes(socket), this.#limits()).verdict !== 'drop') return true;
    this.#drop(socket);
    return false;
  }

  /**
   * Brings a socket into a site's room: the frames it missed since `lastSeq` when the log still has them,
   * otherwise a snapshot and the span to fetch from the history API: the one before the snapshot's
   * trends, or, for a number of another boot, all from its last frame to now (this boot's rings hold
   * only what came since it started). Joined in the same tick, so the next live frame follows.
   */
  open(socket: IoSocket, siteId: string, wanted: { lastSeq?: number; lastTs?: number }, now = Date.now()): GrantedSite {
    const { lastSeq } = wanted;
    const otherBoot = lastSeq !== undefined && (lastSeq < this.epoch || lastSeq > this.seqOf(siteId));
    const missed = lastSeq === undefined || otherBoot ? null : this.framesAfter(siteId, lastSeq);
    let granted: GrantedSite;
    if (missed) {
      for (const { frame } of missed) this.#send(socket, siteId, frame, 'replay');
      granted = { siteId, seq: this.seqOf(siteId), via: 'replay', gap: null };
    } else {
      this.sendSnapshot(socket, siteId, lastSeq === undefined ? 'subscribe' : 'resume', now);
      const gapTo = otherBoot ? now : now - this.#options.snapshotMs;
      const gap = wanted.lastTs !== undefined && wanted.lastTs < gapTo ? { from: wanted.lastTs, to: gapTo } : null;
      granted = { siteId, seq: this.seqOf(siteId), via: 'snapshot', gap };
    }
    // Dropped while this was being sent: a room joined now would never be left.
    if (socket.connected) void socket.join(roomOf(siteId));
    return granted;
  }

  /**
   * Latest value of every series of the site, and the last minutes of its trend series (capped). Made
   * again only once samples of the site arrived since, or a second passed.
   */
  sendSnapshot(socket: IoSocket, siteId: string, reason: 'subscribe' | 'resume', now = Date.now()): void {
    const seq = this.seqOf(siteId);
    const pending = this.#rooms.get(siteId)?.pending.length ?? 0;
    let cached = this.#snapshots.get(siteId);
    if (!cached || cached.seq !== seq || cached.pending !== pending || now - cached.at > SNAPSHOT_REUSE_MS) {
      const columns = snapshotOfSite(this.#registry(), this.#rings, this.#latest, siteId, {
        now,
        windowMs: this.#options.snapshotMs,
        maxSamples: Math.floor((this.#options.snapshotMaxBytes - FRAME_HEADER_BYTES) / SAMPLE_BYTES),
      });
      cached = { seq, pending, at: now, frame: this.#encode(frameKinds.snapshot, siteId, columns) };
      this.#snapshots.set(siteId, cached);
    }
    this.counters.snapshots[reason]++;
    this.#send(socket, siteId, cached.frame, 'snapshot');
  }

  #encode(kind: FrameKind, siteId: string, columns: Columns): Uint8Array {
    const { series, ts, values } = withinFrameSpan(columns);
    return encodeFrame(kind, this.seqOf(siteId), series, ts, values);
  }

  /** A frame for one socket: counted, and credited as bulk so that it does not make the socket slow. */
  #send(socket: IoSocket, siteId: string, frame: Uint8Array, kind: Exclude<BytesKind, 'live'>): void {
    if (!socket.connected) return;
    flowOf(socket).credit += frame.byteLength;
    this.counters.bytes[kind] += frame.byteLength;
    socket.emit('live:frame', siteId, frame);
  }
}
