// Plausible movements over a generated plan's features, as timed paths: a person walking the inside of
// the north fence at night, a vehicle coming up the road, through the gate and parking by the control
// building, a maintenance crew going from the building to the yard and from station to station by day.
// Pure and seeded: the same random source gives the same path.
import type { TrackKind } from '@voltscope/shared/contracts/motion';
import type { Features } from './plan.ts';

export type Scenario = 'fence' | 'vehicle' | 'crew';

/** A position at a time (ms); the path is a straight line between two. */
export interface TimedPoint {
  t: number;
  x: number;
  y: number;
}

export interface PlannedTrack {
  scenario: Scenario;
  kind: TrackKind;
  path: TimedPoint[];
}

/** Walking and driving speeds, m/s: what the generator draws from. */
export const SPEEDS = {
  walk: [0.9, 1.5],
  crew: [0.7, 1.2],
  drive: [4, 8],
} as const satisfies Record<string, readonly [number, number]>;

const between = (random: () => number, [lo, hi]: readonly [number, number]) => lo + (hi - lo) * random();

/** Builds a timed path through `waypoints` at `speed`, with a stop (seconds) where a waypoint asks for one. */
function timed(
  start: number,
  waypoints: { x: number; y: number; stopS?: number }[],
  speed: () => number,
): TimedPoint[] {
  const first = waypoints[0];
  if (!first) return [];
  const path: TimedPoint[] = [{ t: start, x: first.x, y: first.y }];
  let t = start;
  let prev = first;
  for (const w of waypoints.slice(1)) {
    // Whole milliseconds: times are stored as integers.
    t += Math.round((Math.hypot(w.x - prev.x, w.y - prev.y) / speed()) * 1000);
    path.push({ t, x: w.x, y: w.y });
    if (w.stopS) {
      t += Math.round(w.stopS * 1000);
      path.push({ t, x: w.x, y: w.y });
    }
    prev = w;
  }
  return path;
}

/** A track of `scenario` over the plan's features, starting at `start` (ms). */
export function planTrack(scenario: Scenario, f: Features, start: number, random: () => number): PlannedTrack {
  const { fence, gate, building, parking, yard } = f;
  const jitter = (v: number, by: number) => v + (random() - 0.5) * 2 * by;
  if (scenario === 'fence') {
    // Along the inside of the north fence, from the west or the east, a pause or two to look about.
    const y = fence.y + 4 + random() * 8;
    const west = random() < 0.5;
    const xs = [fence.x + 6, fence.x + fence.w * 0.35, fence.x + fence.w * 0.65, fence.x + fence.w - 6];
    if (!west) xs.reverse();
    const speed = between(random, SPEEDS.walk);
    const waypoints = xs.map((x, i) => ({
      x: jitter(x, 3),
      y: jitter(y, 2),
      stopS: i === 1 || i === 2 ? 5 + random() * 25 : 0,
    }));
    // Then down the east or west fence a little way.
    const last = waypoints.at(-1) ?? { x: fence.x, y };
    waypoints.push({ x: last.x, y: fence.y + 40 + random() * 40, stopS: 0 });
    return { scenario, kind: 'person', path: timed(start, waypoints, () => speed * (0.9 + 0.2 * random())) };
  }
  if (scenario === 'vehicle') {
    const gx = gate.x + gate.w / 2;
    const speed = between(random, SPEEDS.drive);
    const waypoints = [
      ...f.road.slice(0, 2).map(([x, y]) => ({ x: Math.min(x, 398), y })),
      { x: gx, y: gate.y + 4, stopS: 8 + random() * 20 }, // at the gate: badge, wait for it to open
      { x: gx, y: gate.y - 14 },
      { x: parking.x + 6 + random() * (parking.w - 12), y: parking.y + parking.h / 2, stopS: 20 },
    ];
    // Slower through the gate than on the road.
    return { scenario, kind: 'vehicle', path: timed(start, waypoints, () => speed * (0.6 + 0.4 * random())) };
  }
  // The crew: from the building's door to the yard, a stop at each station, and back.
  const door = { x: building.x + building.w + 2, y: building.y + building.h / 2 };
  const speed = between(random, SPEEDS.crew);
  const stations = [0, 1, 2, 3].map((i) => ({
    x: yard.x + 11 + i * 15,
    y: yard.y + yard.h - 6,
    stopS: 60 + random() * 180,
  }));
  if (random() < 0.5) stations.reverse();
  const waypoints = [door, { x: yard.x - 4, y: door.y }, ...stations, { x: yard.x - 4, y: door.y }, door];
  return { scenario, kind: 'person', path: timed(start, waypoints, () => speed) };
}

/** Where the track is at `t`; null before it starts or after it ends. */
export function positionAt(path: readonly TimedPoint[], t: number): { x: number; y: number } | null {
  const first = path[0];
  const last = path.at(-1);
  if (!first || !last || t < first.t || t > last.t) return null;
  for (let i = 1; i < path.length; i++) {
    const b = path[i] as TimedPoint;
    if (t > b.t) continue;
    const a = path[i - 1] as TimedPoint;
    const k = b.t === a.t ? 1 : (t - a.t) / (b.t - a.t);
    return { x: a.x + (b.x - a.x) * k, y: a.y + (b.y - a.y) * k };
  }
  return { x: last.x, y: last.y };
}

/** The end of a path (ms). */
export const endOf = (path: readonly TimedPoint[]): number => path.at(-1)?.t ?? 0;
