// Plant KPI formulas, in one place for the live figures (kpis.ts) and the daily job (daily.ts): pure
// functions of numbers, times and time zones, so that both give the same answer for the same day.
// Definitions follow IEC 61724-1: final yield Yf = E / P0 (kWh/kWp), reference yield Yr = H_POA / 1 kW/m²,
// performance ratio PR = Yf / Yr.
import type { SiteKind } from '@voltscope/shared/domain';

const HOUR = 3_600_000;

/** Below this insolation (kWh/m², i.e. 50 Wh/m²) the performance ratio is noise (dawn), so it is not given. */
export const MIN_INSOLATION_KWH_M2 = 0.05;
/** The PR a healthy plant reaches: expected energy = P0 × H_POA × REFERENCE_PR. */
export const REFERENCE_PR = 0.8;
/** Sun up, for availability: plane-of-array irradiance above this (W/m²). */
export const SUN_UP_W_M2 = 50;
/** A generator produced in an interval when its mean power was above this share of its rating. */
export const PRODUCING_SHARE = 0.01;
/** A generic wind turbine: no output below cut-in, rated from rated speed, stopped from cut-out (m/s). */
export const CUT_IN = 3;
export const RATED_SPEED = 12;
export const CUT_OUT = 25;
/** A mean holds until the next one at most this long: longer silences are outages, not output. */
const MAX_HOLD_MS = 20 * 60_000;

// Time and time zones.

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      ...{ year: 'numeric', month: 'numeric', day: 'numeric' },
      ...{ hour: 'numeric', minute: 'numeric', second: 'numeric' },
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The wall clock at `timeZone` at `ms`: its date, and that wall time read as if it were UTC. */
function wallClock(ms: number, timeZone: string): { date: string; wallMs: number } {
  const parts = formatterOf(timeZone).formatToParts(ms);
  const field = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const [y, m, d] = [field('year'), field('month'), field('day')];
  const wallMs = Date.UTC(y, m - 1, d, field('hour'), field('minute'), field('second')) + (((ms % 1000) + 1000) % 1000);
  const date = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return { date, wallMs };
}

/**
 * The first instant of the local day at `timeZone` that contains `now`. Found from the zone's offset,
 * not by counting back the wall clock's hours: on a clock-change day (Europe/Madrid's last Sunday of
 * March has 23 hours) the wall clock skipped or repeated an hour since midnight.
 */
export function startOfLocalDay(now: number, timeZone: string): number {
  const { date, wallMs } = wallClock(now, timeZone);
  const midnightWall = wallMs - (wallMs % 86_400_000);
  // Local midnight under the offset in force now, then under the offset in force then (they differ
  // only when the clock changed since midnight); the earlier one that still falls on this date.
  const first = midnightWall - (wallMs - now);
  const at = wallClock(first, timeZone);
  const second = midnightWall - (at.wallMs - first);
  const candidates = [first, second].filter((t) => t <= now && wallClock(t, timeZone).date === date);
  return candidates.length === 0 ? now - (wallMs - midnightWall) : Math.min(...candidates);
}

/** The local midnight before the local day that starts at `midnight` (23, 24 or 25 hours earlier). */
export const previousLocalMidnight = (midnight: number, timeZone: string): number =>
  startOfLocalDay(midnight - 1, timeZone);

/** YYYY-MM-DD of `ms` at `timeZone`. */
export const localDay = (ms: number, timeZone: string): string => wallClock(ms, timeZone).date;

// Energy.

/**
 * The integral over time of bucket means, in unit·h (kW → kWh, W/m² → Wh/m²). Each mean holds until
 * the next bucket with data (sparse samples, such as 15-minute history, fill the time between them),
 * for at most MAX_HOLD_MS or one bucket, whichever is longer, and never past `to`.
 */
export function energyOf(
  ts: readonly number[],
  means: readonly (number | null)[],
  bucketMs: number,
  to: number,
): number {
  const points: IntegralPoint[] = [];
  means.forEach((mean, i) => {
    if (mean !== null && mean !== undefined) points.push({ ts: ts[i] as number, mean, widthMs: bucketMs });
  });
  return integralOf(points, to);
}

/** A bucket mean starting at `ts` over `widthMs` (an hour's among minutes', say). */
export interface IntegralPoint {
  ts: number;
  mean: number;
  widthMs: number;
}

/** energyOf for buckets of several widths, in time order: each holds as there, by its own width. */
export function integralOf(points: readonly IntegralPoint[], to: number): number {
  let total = 0;
  points.forEach((p, i) => {
    const next = points[i + 1];
    const until = next ? Math.min(next.ts, p.ts + Math.max(p.widthMs, MAX_HOLD_MS)) : Math.min(to, p.ts + p.widthMs);
    total += p.mean * Math.max(0, until - p.ts);
  });
  return total / HOUR;
}

/** Insolation in kWh/m² from plane-of-array irradiance means in W/m². */
export const insolationOf = (ts: readonly number[], poa: readonly (number | null)[], bucketMs: number, to: number) =>
  energyOf(ts, poa, bucketMs, to) / 1000;

// Yields and ratios: null where a figure would be meaningless rather than zero or infinite.

/** Final yield Yf = E / P0 (kWh/kWp). */
export const specificYield = (energyKwh: number | null, capacityKw: number): number | null =>
  energyKwh === null || capacityKw <= 0 ? null : energyKwh / capacityKw;

/** IEC 61724 PR = Yf / Yr, with Yr = H_POA / 1 kW/m²; not given below MIN_INSOLATION_KWH_M2. */
export function performanceRatio(
  energyKwh: number | null,
  capacityKw: number,
  insolationKwhM2: number | null,
): number | null {
  const yf = specificYield(energyKwh, capacityKw);
  if (yf === null || insolationKwhM2 === null || insolationKwhM2 < MIN_INSOLATION_KWH_M2) return null;
  return yf / insolationKwhM2;
}

/** Energy over what the capacity would make running flat out from `from` to `to` (a local day, or part). */
export function capacityFactor(energyKwh: number | null, capacityKw: number, from: number, to: number): number | null {
  const hours = (to - from) / HOUR;
  return energyKwh === null || capacityKw <= 0 || hours <= 0 ? null : energyKwh / (capacityKw * hours);
}

/** The share of what could produce that did (generators now, or due hours of a day); null for none. */
export const availability = (producing: number, due: number): number | null => (due === 0 ? null : producing / due);

/** Whether a generator should produce in an interval: sun up on the array, or wind between cut-in and cut-out. */
export function isDue(
  kind: SiteKind,
  poaWm2: number | null | undefined,
  windSpeed: number | null | undefined,
): boolean {
  if (kind === 'solar') return poaWm2 !== null && poaWm2 !== undefined && poaWm2 > SUN_UP_W_M2;
  return windSpeed !== null && windSpeed !== undefined && windSpeed >= CUT_IN && windSpeed < CUT_OUT;
}

/** Whether a mean power counts as producing (above PRODUCING_SHARE of the rating). */
export const isProducing = (powerKw: number | null | undefined, ratingKw: number): boolean =>
  (powerKw ?? 0) > PRODUCING_SHARE * ratingKw;

// Capacity.

/**
 * Each generator's share of the plant's capacity (kWp for solar, where only AC ratings are known):
 * proportional to the ratings known (a generator without one then gets none). With no rating known at
 * all, the capacity is split equally: a plant's generators are as a rule alike, and an equal share gives
 * every generator a specific yield and capacity factor a user can compare, where a share of zero would
 * hide them all (no figure) and leave the plant's capacity belonging to none of its generators.
 */
export function capacityShares(
  capacityKw: number,
  generators: readonly { id: string; ratedKw: number | null }[],
): Map<string, number> {
  const rated = generators.reduce((n, d) => n + (d.ratedKw ?? 0), 0);
  return new Map(
    generators.map((d) => [d.id, rated > 0 ? (capacityKw * (d.ratedKw ?? 0)) / rated : capacityKw / generators.length]),
  );
}

// Expected energy.

/** The share of rated power a generic turbine makes at `speed` (cubic from cut-in to rated speed). */
export function genericPowerCurve(speed: number): number {
  if (speed < CUT_IN || speed >= CUT_OUT) return 0;
  if (speed >= RATED_SPEED) return 1;
  return (speed ** 3 - CUT_IN ** 3) / (RATED_SPEED ** 3 - CUT_IN ** 3);
}

/** Solar: what a healthy plant makes from this insolation, P0 × H_POA × REFERENCE_PR. */
export const expectedSolarKwh = (capacityKw: number, insolationKwhM2: number | null): number | null =>
  insolationKwhM2 === null ? null : capacityKw * insolationKwhM2 * REFERENCE_PR;

/** Solar, now: what a healthy plant makes at this plane-of-array irradiance (W/m²), P0 × G / 1 kW/m² × REFERENCE_PR. */
export const expectedSolarKw = (capacityKw: number, irradianceWm2: number | null): number | null =>
  irradianceWm2 === null ? null : (capacityKw * Math.max(0, irradianceWm2) * REFERENCE_PR) / 1000;

/** Wind, now: what the generic curve makes at this wind speed. */
export const expectedWindKw = (capacityKw: number, speed: number | null): number | null =>
  speed === null ? null : capacityKw * genericPowerCurve(speed);

/** Wind: what the generic curve makes at a mean `speed` held for `durationMs`. */
export const expectedWindKwh = (capacityKw: number, speed: number, durationMs: number): number =>
  capacityKw * genericPowerCurve(speed) * (durationMs / HOUR);
