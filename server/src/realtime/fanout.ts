// The fan-out: samples are gathered per site and sent about every 100 ms as one binary frame per room,
// encoded once and broadcast to every socket of the room. A socket that has not drained its previous
// frames is skipped (latest value wins: it gets a snapshot when it catches up), and one that falls too
// far behind is disconnected; both are counted. Recent frames are kept so a reconnecting client can
// resume without a gap.
import { encodeFrame, frameKinds } from '@voltscope/shared/frames';
import type { Registry } from '../fleet/registry.ts';
import type { LatestValues } from '../live/latest.ts';
import type { SeriesRings } from '../live/rings.ts';
import type { SampleBatch } from '../store/telemetry/types.ts';
import type { Io, IoSocket } from './types.ts';

export interface FanoutOptions {
  frameMs: number;
  /** How long sent frames are kept for resuming, in ms. */
  logMs: number;
  /** Snapshot depth for trend series, in ms. */
  snapshotMs: number;
  /** Frames a socket may have queued before it is skipped. */
  slowPackets: number;
  /** Frames a socket may have queued before it is disconnected as too slow. */
  dropPackets: number;
}

export const roomOf = (siteId: string) => `site:${siteId}`;
/** The site a room is for, or null for the hub's other rooms (socket ids, tokens, users). */
export const siteOfRoom = (room: string): string | null => (room.startsWith('site:') ? room.slice(5) : null);
const SLOW_ROOM = '$slow';
/** Series whose last minutes go into a snapshot; the others send their latest value only. */
const TREND_KEYS = new Set(['ac_power', 'dc_power', 'active_power', 'irradiance_poa', 'wind_speed']);
const STALE_FOR_SNAPSHOT_MS = 30 * 86_400_000;

interface LoggedFrame {
  seq: number;
  /** The newest sample time in the frame. */
  lastTs: number;
  sentAt: number;
  frame: Uint8Array;
}

interface RoomState {
  seq: number;
  log: LoggedFrame[];
  series: number[];
  ts: number[];
  values: number[];
}

/** Packets Engine.IO holds for a socket that its transport has not yet taken (unbounded by default). */
const queuedPackets = (socket: IoSocket) => (socket.conn as unknown as { writeBuffer: unknown[] }).writeBuffer.length;

export class Fanout {
  readonly #io: Io;
  readonly #registry: () => Registry;
  readonly #rings: SeriesRings;
  readonly #latest: LatestValues;
  readonly #options: FanoutOptions;
  readonly #rooms = new Map<string, RoomState>();
  #timer: NodeJS.Timeout | null = null;
  readonly counters = { frames: 0, frameBytes: 0, deliveries: 0, skipped: 0, droppedSlow: 0, snapshots: 0 };

  constructor(io: Io, registry: () => Registry, rings: SeriesRings, latest: LatestValues, options: FanoutOptions) {
    this.#io = io;
    this.#registry = registry;
    this.#rings = rings;
    this.#latest = latest;
    this.#options = options;
  }

  start(): void {
    this.#timer ??= setInterval(() => this.tick(), this.#options.frameMs);
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  #room(siteId: string): RoomState {
    let room = this.#rooms.get(siteId);
    if (!room) {
      room = { seq: 0, log: [], series: [], ts: [], values: [] };
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
      room.series.push(id);
      room.ts.push(batch.ts[i] as number);
      room.values.push(batch.values[i] as number);
    }
  }

  /** Sends each room's gathered samples as one frame. */
  tick(now = Date.now()): void {
    for (const [siteId, room] of this.#rooms) {
      while (room.log.length > 0 && (room.log[0] as LoggedFrame).sentAt < now - this.#options.logMs) room.log.shift();
      if (room.series.length === 0) continue;
      room.seq++;
      const frame = encodeFrame(frameKinds.live, room.seq, room.series, room.ts, room.values);
      let lastTs = 0;
      for (const t of room.ts) lastTs = Math.max(lastTs, t);
      room.log.push({ seq: room.seq, lastTs, sentAt: now, frame });
      room.series = [];
      room.ts = [];
      room.values = [];
      this.#deliver(siteId, frame);
    }
  }

  #deliver(siteId: string, frame: Uint8Array): void {
    const members = this.#io.sockets.adapter.rooms.get(roomOf(siteId));
    if (!members) return;
    let receivers = 0;
    for (const id of members) {
      const socket = this.#io.sockets.sockets.get(id);
      if (!socket) continue;
      const queued = queuedPackets(socket);
      if (queued >= this.#options.dropPackets) {
        this.counters.droppedSlow++;
        socket.disconnect(true);
      } else if (queued >= this.#options.slowPackets) {
        if (!socket.rooms.has(SLOW_ROOM)) void socket.join(SLOW_ROOM);
        this.counters.skipped++;
        socket.data.skipped = (socket.data.skipped ?? 0) + 1;
      } else if (socket.rooms.has(SLOW_ROOM)) {
        // Caught up: the frames it missed are replaced by the latest values of its sites.
        void socket.leave(SLOW_ROOM);
        for (const room of socket.rooms) if (room.startsWith('site:')) this.sendSnapshot(socket, room.slice(5));
        receivers++;
      } else {
        receivers++;
      }
    }
    // One encoding for the whole room; Socket.IO writes the same packet to each socket.
    const target =
      receivers === members.size ? this.#io.to(roomOf(siteId)) : this.#io.to(roomOf(siteId)).except(SLOW_ROOM);
    target.emit('live:frame', siteId, frame);
    this.counters.frames++;
    this.counters.frameBytes += frame.byteLength;
    this.counters.deliveries += receivers;
  }

  /** The current seq of a site's room (0 before its first frame). */
  seqOf(siteId: string): number {
    return this.#rooms.get(siteId)?.seq ?? 0;
  }

  /** The frames after `lastSeq`, if the log still holds every one of them; null when some are gone. */
  framesAfter(siteId: string, lastSeq: number): LoggedFrame[] | null {
    const room = this.#rooms.get(siteId);
    if (!room) return lastSeq === 0 ? [] : null;
    if (lastSeq > room.seq) return null;
    if (lastSeq === room.seq) return [];
    const first = room.log[0];
    if (!first || first.seq > lastSeq + 1) return null;
    return room.log.filter((f) => f.seq > lastSeq);
  }

  /** Latest value of every series of the site, and the last minutes of its trend series. */
  sendSnapshot(socket: IoSocket, siteId: string, now = Date.now()): void {
    const registry = this.#registry();
    const series: number[] = [];
    const ts: number[] = [];
    const values: number[] = [];
    const since = now - this.#options.snapshotMs;
    for (const device of registry.devicesOfSite(siteId)) {
      for (const s of registry.seriesOfDevice(device.id)) {
        if (TREND_KEYS.has(s.key)) {
          this.#rings.each(s.id, since, (t, v) => {
            series.push(s.id);
            ts.push(t);
            values.push(v);
          });
          continue;
        }
        // Older values are history, not state: they would also overflow the frame's time offsets.
        const latest = this.#latest.get(s.id);
        if (latest && latest.ts > now - STALE_FOR_SNAPSHOT_MS) {
          series.push(s.id);
          ts.push(latest.ts);
          values.push(latest.value);
        }
      }
    }
    this.counters.snapshots++;
    socket.emit('live:frame', siteId, encodeFrame(frameKinds.snapshot, this.seqOf(siteId), series, ts, values));
  }
}
