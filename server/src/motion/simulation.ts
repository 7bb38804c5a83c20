// The simulator's motion: tracks started at plausible times on each simulated site (the fence walk at
// night, vehicles mostly by day, the maintenance crew by day), moved over the site's plan at each step of
// the fleet simulator, read by the motion sensors in whose range they are (a sensor reads 1 while a track
// is within it), and handed to the hub, point by point, through `onRecord`.
import type { PlanZone, TrackKind, TrackPoint } from '@voltscope/shared/contracts/motion';
import { createRandom } from '../simulator/random.ts';
import { CAMERA_FOV, CAMERA_RANGE, type Features } from './plan.ts';
import { endOf, type PlannedTrack, planTrack, positionAt, type Scenario } from './tracks.ts';

/** What the simulation knows of a site: its features and where its sensors and cameras stand. */
export interface MotionSite {
  siteId: string;
  longitude: number;
  features: Features;
  sensors: { id: string; x: number; y: number; range: number }[];
  cameras: { id: string; x: number; y: number; heading: number | null }[];
  zones: PlanZone[];
}

/** A track's state with a new point (or its end). */
export interface TrackRecord {
  siteId: string;
  trackId: string;
  kind: TrackKind;
  zone: string | null;
  startedAt: number;
  /** Set on the track's last record. */
  endedAt: number | null;
  point: TrackPoint | null;
}

/** How the fleet simulator drives it (server/src/simulator/simulator.ts `motion` option). */
export interface MotionFeed {
  /** Moves the tracks to `now` (`dt` seconds after the last step), starts new ones, sends their points. */
  advance(now: number, dt: number): void;
  /** A motion sensor's reading after the last advance: 1 while a track is in its range, else 0. */
  reading(deviceId: string): number;
}

/** A point of a track every so many ms of simulated time. */
export const POINT_MS = 2000;

/** Tracks started per hour on a site, by day and by night. */
const RATES: Record<Scenario, { day: number; night: number }> = {
  fence: { day: 0, night: 0.5 },
  vehicle: { day: 0.4, night: 0.08 },
  crew: { day: 0.2, night: 0 },
};

/** Night by the site's sun time: before 06:00 or from 20:00. */
export function isNight(longitude: number, now: number): boolean {
  const hour = (((now / 3_600_000 + longitude / 15) % 24) + 24) % 24;
  return hour < 6 || hour >= 20;
}

export function insidePolygon(points: readonly (readonly [number, number])[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i] as [number, number];
    const [xj, yj] = points[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The nearest sensor in whose range (x, y) is; null when none. */
export function sensorAt(site: MotionSite, x: number, y: number): string | null {
  let best: string | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const s of site.sensors) {
    const d = Math.hypot(s.x - x, s.y - y);
    if (d <= s.range && d < bestD) {
      best = s.id;
      bestD = d;
    }
  }
  return best;
}

/** The nearest camera that has (x, y) in its field of view; null when none. */
export function cameraAt(site: MotionSite, x: number, y: number): string | null {
  let best: string | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const c of site.cameras) {
    const d = Math.hypot(c.x - x, c.y - y);
    if (d > CAMERA_RANGE || d >= bestD) continue;
    if (c.heading !== null && d > 3) {
      // Bearing from the camera, 0 north, clockwise (y grows southwards).
      const bearing = (Math.atan2(x - c.x, c.y - y) * 180) / Math.PI;
      const off = Math.abs(((bearing - c.heading + 540) % 360) - 180);
      if (off > CAMERA_FOV / 2) continue;
    }
    best = c.id;
    bestD = d;
  }
  return best;
}

export const zoneAt = (site: MotionSite, x: number, y: number): string | null =>
  site.zones.find((z) => insidePolygon(z.points, x, y))?.id ?? null;

/** A point of a track at `t`, with the sensor and camera that see it there. */
export function pointAt(site: MotionSite, planned: PlannedTrack, t: number): TrackPoint | null {
  const at = positionAt(planned.path, t);
  if (!at) return null;
  const x = Math.round(at.x * 10) / 10;
  const y = Math.round(at.y * 10) / 10;
  return { ts: Math.round(t), x, y, sensorId: sensorAt(site, x, y), cameraId: cameraAt(site, x, y) };
}

const trackIdOf = (siteId: string, scenario: Scenario, start: number) => `${siteId}~${scenario}~${start.toString(36)}`;

interface Running {
  site: MotionSite;
  planned: PlannedTrack;
  id: string;
  zone: string | null;
  lastPoint: number;
}

export class MotionSimulation implements MotionFeed {
  readonly #sites: () => readonly MotionSite[];
  readonly #onRecord: (record: TrackRecord) => void;
  readonly #random: () => number;
  readonly #running = new Map<string, Running>();
  #readings = new Map<string, number>();
  /** Scenarios asked for (`start`), begun at the next step. */
  #asked: { siteId: string; scenario: Scenario }[] = [];

  constructor(seed: number, sites: () => readonly MotionSite[], onRecord: (record: TrackRecord) => void) {
    this.#random = createRandom(seed + 7);
    this.#sites = sites;
    this.#onRecord = onRecord;
  }

  /** Starts a track of `scenario` on a site at the next step (demos and tests). */
  start(siteId: string, scenario: Scenario): void {
    this.#asked.push({ siteId, scenario });
  }

  advance(now: number, dt: number): void {
    const sites = this.#sites();
    for (const site of sites) {
      const night = isNight(site.longitude, now);
      for (const scenario of ['fence', 'vehicle', 'crew'] as const) {
        const asked = this.#asked.some((a) => a.siteId === site.siteId && a.scenario === scenario);
        const busy = [...this.#running.values()].some(
          (r) => r.site.siteId === site.siteId && r.planned.scenario === scenario,
        );
        if (busy) continue;
        const rate = RATES[scenario][night ? 'night' : 'day'];
        if (asked || this.#random() < (rate * dt) / 3600) this.#begin(site, scenario, now);
      }
    }
    this.#asked = this.#asked.filter((a) => !sites.some((s) => s.siteId === a.siteId));
    const readings = new Map<string, number>();
    for (const [key, run] of this.#running) {
      const end = endOf(run.planned.path);
      const t = Math.min(now, end);
      if (t - run.lastPoint >= POINT_MS || t >= end) this.#emit(run, t, t >= end);
      if (t >= end) {
        this.#running.delete(key);
        continue;
      }
      const at = positionAt(run.planned.path, now);
      const sensor = at && sensorAt(run.site, at.x, at.y);
      if (sensor) readings.set(sensor, 1);
    }
    this.#readings = readings;
  }

  reading(deviceId: string): number {
    return this.#readings.get(deviceId) ?? 0;
  }

  #begin(site: MotionSite, scenario: Scenario, now: number): void {
    const planned = planTrack(scenario, site.features, now, this.#random);
    const run: Running = { site, planned, id: trackIdOf(site.siteId, scenario, now), zone: null, lastPoint: now };
    this.#running.set(run.id, run);
    this.#emit(run, now, false);
  }

  #emit(run: Running, t: number, ended: boolean): void {
    const point = pointAt(run.site, run.planned, t);
    if (point && run.zone === null) run.zone = zoneAt(run.site, point.x, point.y);
    run.lastPoint = t;
    this.#onRecord({
      siteId: run.site.siteId,
      trackId: run.id,
      kind: run.planned.kind,
      zone: run.zone,
      startedAt: run.planned.path[0]?.t ?? t,
      endedAt: ended ? Math.round(t) : null,
      point,
    });
  }
}

/** A finished track of the past, whole. */
export interface PastTrack {
  siteId: string;
  id: string;
  kind: TrackKind;
  zone: string | null;
  startedAt: number;
  endedAt: number;
  points: TrackPoint[];
}

/**
 * The tracks of past days for the history fill: per site and day a vehicle or two by day, the crew on
 * some days, a fence walk on some nights; a point every 5 s (modest: a few hundred rows a track).
 */
export function pastTracks(sites: readonly MotionSite[], from: number, to: number, seed: number): PastTrack[] {
  const random = createRandom(seed + 11);
  const out: PastTrack[] = [];
  const hour = 3_600_000;
  for (const site of sites) {
    for (let day = from - (from % 86_400_000); day < to; day += 86_400_000) {
      // Site sun time → UTC: the hours below are local.
      const local = (h: number) => day + h * hour - (site.longitude / 15) * hour;
      const starts: [Scenario, number][] = [
        ['vehicle', local(7 + random() * 3)],
        ['vehicle', local(13 + random() * 4)],
      ];
      if (random() < 0.6) starts.push(['crew', local(9 + random() * 5)]);
      if (random() < 0.5) starts.push(['fence', local(random() < 0.5 ? 1 + random() * 4 : 21 + random() * 2)]);
      for (const [scenario, start] of starts) {
        const planned = planTrack(scenario, site.features, Math.round(start), random);
        const end = endOf(planned.path);
        if (start < from || end > to) continue;
        const points: TrackPoint[] = [];
        for (let t = start; t < end; t += 5000) {
          const p = pointAt(site, planned, Math.round(t));
          if (p) points.push(p);
        }
        const last = pointAt(site, planned, end);
        if (last) points.push(last);
        const zone = points.map((p) => zoneAt(site, p.x, p.y)).find((z) => z !== null) ?? null;
        out.push({
          siteId: site.siteId,
          id: trackIdOf(site.siteId, scenario, Math.round(start)),
          kind: planned.kind,
          zone,
          startedAt: Math.round(start),
          endedAt: end,
          points,
        });
      }
    }
  }
  return out;
}
