// The hub's motion service: the site plans (stored placements over the generated ones, kept in memory for
// the simulator and the pages), the simulation's feed, and the tracks it records. A track's new points are
// pushed to the sockets following its site at most once a second per track (`motion:track`, one message
// encoded once for the room), before the store writes them; a motion alarm raised on a site while one of
// its tracks runs (or just ended) is remembered by that track.
import type { SitePlan, Track, TrackPoint } from '@voltscope/shared/contracts/motion';
import type { Site } from '@voltscope/shared/domain';
import type { AlarmEngine } from '../alarms/engine.ts';
import type { Registry } from '../fleet/registry.ts';
import type { Io } from '../realtime/types.ts';
import type { Db } from '../store/db.ts';
import { listSites } from '../store/sites.ts';
import { featuresOf, generatedLayout, type Layout, mergeLayout, SENSOR_RANGE } from './plan.ts';
import { MotionSimulation, type MotionSite, pastTracks, type TrackRecord } from './simulation.ts';
import { hasTracks, listPlans, type StoredPlan, type TrackWrite, writeTracks } from './store.ts';

export const motionRoomOf = (siteId: string) => `motion:${siteId}`;

export interface MotionLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** How long after its end a track still takes the alarm its motion raised (the alarm's delay and commit). */
const LINK_AFTER_END_MS = 60_000;

interface Pending {
  head: Omit<Track, 'points'>;
  points: TrackPoint[];
  /** New since the last push. */
  dirty: boolean;
  lastSensor: string | null;
  /** When it ended, on the simulator's clock. */
  endedAt: number | null;
  wallEnded: number | null;
}

export class MotionService {
  readonly #db: Db;
  readonly #registry: () => Registry;
  readonly #io: Io;
  readonly #log: MotionLog;
  #sites = new Map<string, Site>();
  #plans = new Map<string, StoredPlan>();
  #motionSites: { registry: Registry; list: MotionSite[] } | null = null;
  readonly #tracks = new Map<string, Pending>();
  #timer: NodeJS.Timeout | null = null;
  #writing: Promise<void> = Promise.resolve();
  /** The fleet simulator's motion (hub.ts hands it to the simulator). */
  readonly simulation: MotionSimulation;

  constructor(db: Db, registry: () => Registry, io: Io, alarms: AlarmEngine, seed: number, log: MotionLog) {
    this.#db = db;
    this.#registry = registry;
    this.#io = io;
    this.#log = log;
    this.simulation = new MotionSimulation(
      seed,
      () => this.motionSites(),
      (record) => this.record(record),
    );
    alarms.on('change', ({ alarm, event }) => {
      if (event.type !== 'alarm_raised' || !alarm) return;
      if (this.#registry().devices.get(alarm.deviceId)?.type !== 'motion_sensor') return;
      this.#link(alarm.siteId, alarm.deviceId, alarm.id);
    });
  }

  /** Reads the sites and the stored plans (at start, and after a plan or the fleet changed). */
  async load(): Promise<void> {
    this.#sites = new Map((await listSites(this.#db)).map((s) => [s.id, s]));
    this.#plans = new Map((await listPlans(this.#db)).map((p) => [p.siteId, p]));
    this.#motionSites = null;
  }

  site(siteId: string): Site | undefined {
    return this.#sites.get(siteId);
  }

  stored(siteId: string): StoredPlan | undefined {
    return this.#plans.get(siteId);
  }

  /** Where the site's devices stand and its zones: the stored ones over the generated. */
  layout(site: Site): Layout {
    const generated = generatedLayout(site.kind === 'wind' ? 'wind' : 'solar', this.#registry().devicesOfSite(site.id));
    const stored = this.#plans.get(site.id);
    const merged = mergeLayout(generated, stored?.layout ?? null);
    return stored?.contentType ? { ...merged, width: stored.width, height: stored.height } : merged;
  }

  /** The plan as the page reads it. */
  planView(site: Site): SitePlan {
    const layout = this.layout(site);
    const stored = this.#plans.get(site.id);
    const devices = this.#registry().devices;
    return {
      siteId: site.id,
      generated: !stored?.contentType,
      width: layout.width,
      height: layout.height,
      imageUrl: `/api/sites/${encodeURIComponent(site.id)}/plan/image`,
      imageType: (stored?.contentType as SitePlan['imageType'] | undefined) ?? 'image/svg+xml',
      devices: layout.devices.flatMap((p) => {
        const d = devices.get(p.deviceId);
        if (!d || (d.type !== 'camera' && d.type !== 'motion_sensor' && d.type !== 'door_reader')) return [];
        return [
          {
            deviceId: d.id,
            type: d.type,
            name: d.name,
            names: d.names ?? null,
            x: p.x,
            y: p.y,
            heading: d.type === 'camera' ? p.heading : null,
            range: d.type === 'motion_sensor' ? SENSOR_RANGE : null,
          },
        ];
      }),
      zones: layout.zones,
      updatedAt: stored?.updatedAt ?? null,
    };
  }

  /** The simulated sites' motion geometry, rebuilt when the fleet or a plan changes. */
  motionSites(): MotionSite[] {
    const registry = this.#registry();
    if (this.#motionSites?.registry === registry) return this.#motionSites.list;
    const list: MotionSite[] = [];
    for (const site of this.#sites.values()) {
      const devices = registry.devicesOfSite(site.id);
      if (!devices.some((d) => d.type === 'motion_sensor' || d.type === 'camera')) continue;
      const kind = site.kind === 'wind' ? 'wind' : 'solar';
      const layout = this.layout(site);
      const typeOf = (id: string) => registry.devices.get(id)?.type;
      list.push({
        siteId: site.id,
        longitude: site.longitude,
        features: featuresOf(kind, devices.filter((d) => d.type === 'inverter' || d.type === 'wind_turbine').length),
        sensors: layout.devices
          .filter((d) => typeOf(d.deviceId) === 'motion_sensor')
          .map((d) => ({ id: d.deviceId, x: d.x, y: d.y, range: SENSOR_RANGE })),
        cameras: layout.devices
          .filter((d) => typeOf(d.deviceId) === 'camera')
          .map((d) => ({ id: d.deviceId, x: d.x, y: d.y, heading: d.heading })),
        zones: layout.zones,
      });
    }
    this.#motionSites = { registry, list };
    return list;
  }

  /** A record from the simulation (or any source): kept until the next push. */
  record(record: TrackRecord): void {
    let pending = this.#tracks.get(record.trackId);
    if (!pending) {
      pending = {
        head: {
          id: record.trackId,
          siteId: record.siteId,
          kind: record.kind,
          zone: record.zone,
          startedAt: record.startedAt,
          endedAt: null,
          alarmId: null,
        },
        points: [],
        dirty: true,
        lastSensor: null,
        endedAt: null,
        wallEnded: null,
      };
      this.#tracks.set(record.trackId, pending);
    }
    pending.head.zone = record.zone;
    if (record.point) {
      pending.points.push(record.point);
      if (record.point.sensorId) pending.lastSensor = record.point.sensorId;
    }
    if (record.endedAt !== null) {
      pending.head.endedAt = record.endedAt;
      pending.endedAt = record.endedAt;
      pending.wallEnded = Date.now();
    }
    pending.dirty = true;
  }

  #link(siteId: string, sensorId: string, alarmId: number): void {
    const now = Date.now();
    const candidates = [...this.#tracks.values()].filter(
      (p) =>
        p.head.siteId === siteId &&
        p.head.alarmId === null &&
        (p.wallEnded === null || now - p.wallEnded < LINK_AFTER_END_MS),
    );
    const track = candidates.find((p) => p.lastSensor === sensorId) ?? candidates[0];
    if (!track) return;
    track.head.alarmId = alarmId;
    track.dirty = true;
  }

  /** Pushes each changed track's new points to its site's room, then stores them. */
  flush(): Promise<void> {
    const writes: TrackWrite[] = [];
    const now = Date.now();
    for (const [id, p] of this.#tracks) {
      if (p.dirty) {
        const message = { track: { ...p.head }, points: p.points };
        this.#io.to(motionRoomOf(p.head.siteId)).emit('motion:track', message);
        writes.push({ ...p.head, points: p.points });
        p.points = [];
        p.dirty = false;
      }
      if (p.wallEnded !== null && now - p.wallEnded >= LINK_AFTER_END_MS) this.#tracks.delete(id);
    }
    if (writes.length === 0) return this.#writing;
    this.#writing = this.#writing
      .then(() => writeTracks(this.#db, writes))
      .catch((error: unknown) => this.#log.error({ err: error }, 'motion tracks not stored'));
    return this.#writing;
  }

  start(): void {
    this.#timer ??= setInterval(() => void this.flush(), 1000);
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.flush();
  }

  /** The first start's history: past days' tracks of the simulated sites (modest: at most a week). */
  async fillHistory(days: number, now: number, seed: number): Promise<void> {
    if (days <= 0 || (await hasTracks(this.#db))) return;
    const from = now - Math.min(7, days) * 86_400_000;
    const tracks = pastTracks(this.motionSites(), from, now - 60_000, seed);
    for (let i = 0; i < tracks.length; i += 20) {
      await writeTracks(
        this.#db,
        tracks.slice(i, i + 20).map((t) => ({ ...t, alarmId: null })),
      );
    }
    this.#log.info({ tracks: tracks.length }, 'motion history filled');
  }
}
