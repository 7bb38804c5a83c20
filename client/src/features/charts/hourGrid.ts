// Energy per hour of the day, by day, on a site's own clock: history buckets (mean kW per slot) binned
// into cells of local day × local hour. The hub buckets on UTC boundaries, so each cell is made of the
// slots whose start falls in that local hour: one slot an hour in zones a whole number of hours from UTC,
// two or four where the zone is half or quarter hours off (Tehran is UTC+3:30). Daylight saving time
// makes a 23-hour day (the skipped hour is "skipped", not "no data") and a 25-hour day (the repeated
// hour holds the energy of both).

import { zonedParts } from '../../ui/PeriodPicker.tsx';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The history API's largest `maxPoints`. */
const MAX_POINTS = 10_000;

export const HOURS = 24;

/** What a cell holds. */
export const CELL = {
  /** An energy figure (possibly zero: night). */
  energy: 0,
  /** An hour that has passed without any data: an outage or a gap in telemetry. */
  missing: 1,
  /** An hour that has not begun yet. */
  future: 2,
  /** An hour the clock skipped (the spring change to daylight saving time). */
  skipped: 3,
} as const;

export interface HourGrid {
  /** Local days (`YYYY-MM-DD`), oldest first: the rows. */
  days: string[];
  /** kWh per cell, row-major (day × 24 hours); NaN where the cell has no figure. */
  energy: Float64Array;
  /** A `CELL` code per cell. */
  state: Uint8Array;
  /** Slots per cell: more than `perHour` in the hour a clock change repeats. */
  slots: Uint8Array;
  /** Slots in an ordinary hour. */
  perHour: number;
  /** The cell the current hour falls in (its energy is so far), or -1. */
  current: number;
}

export interface Buckets {
  /** Bucket starts, ms. */
  ts: readonly number[];
  /** Mean power in kW per bucket; null where there was no sample. */
  avg: readonly (number | null)[];
  bucketMs: number;
}

/** The wall clock of a zone at an instant (Gregorian calendar, 24-hour): its day, hour, and minute as UTC ms. */
function wallClock(timeZone: string, at: number): { day: string; hour: number; wall: number } {
  const p = zonedParts(at, timeZone);
  return {
    day: `${String(p.y).padStart(4, '0')}-${String(p.m).padStart(2, '0')}-${String(p.d).padStart(2, '0')}`,
    hour: p.h,
    wall: Date.UTC(p.y, p.m - 1, p.d, p.h, p.min),
  };
}

/** Minutes the zone's clock is ahead of UTC at an instant. */
const offsetMinutes = (timeZone: string, at: number): number => {
  const minute = Math.floor(at / 60_000) * 60_000;
  return Math.round((wallClock(timeZone, minute).wall - minute) / 60_000);
};

/**
 * The slot width that puts local hours on slot boundaries over [from, to): an hour, or half or a
 * quarter of one where the zone's offset from UTC is not whole hours (checked twice a day, which
 * catches every offset the range goes through).
 */
export function slotMsFor(timeZone: string, from: number, to: number): number {
  let slot = HOUR_MS;
  for (let t = from; t <= to; t += DAY_MS / 2) {
    const offset = offsetMinutes(timeZone, Math.min(t, to));
    if (offset % 60 !== 0) slot = Math.min(slot, offset % 30 === 0 ? HOUR_MS / 2 : HOUR_MS / 4);
  }
  return slot;
}

/**
 * History requests covering [from, to) with buckets exactly `slotMs` wide: each span a whole number of
 * slots, at most the API's 10 000 points. The hub picks the coarsest rollup with at least `maxPoints`
 * buckets, so `maxPoints = span / slotMs` gives one bucket per slot (the hourly rollup for whole hours).
 */
export function historyRequests(
  from: number,
  to: number,
  slotMs: number,
): { from: number; to: number; maxPoints: number }[] {
  const out: { from: number; to: number; maxPoints: number }[] = [];
  const slots = Math.ceil((to - from) / slotMs);
  for (let done = 0; done < slots; done += MAX_POINTS) {
    const n = Math.min(MAX_POINTS, slots - done);
    const start = from + done * slotMs;
    out.push({ from: start, to: start + n * slotMs, maxPoints: n });
  }
  return out;
}

/**
 * Bins buckets into local day × hour cells over [from, to), both local midnights. `now` decides which
 * hours have passed: a passed hour without data is `missing`; the hour in progress holds the energy so far.
 */
export function binHours(
  timeZone: string,
  from: number,
  to: number,
  slotMs: number,
  buckets: Buckets,
  now: number,
): HourGrid {
  const days: string[] = [];
  const rowOf = new Map<string, number>();
  // Each slot of the range, where it lands on the local clock.
  const cellOfSlot: number[] = [];
  for (let t = from; t < to; t += slotMs) {
    const { day, hour } = wallClock(timeZone, t);
    let row = rowOf.get(day);
    if (row === undefined) {
      row = days.length;
      rowOf.set(day, row);
      days.push(day);
    }
    cellOfSlot.push(row * HOURS + hour);
  }
  const size = days.length * HOURS;
  const energy = new Float64Array(size).fill(Number.NaN);
  const state = new Uint8Array(size).fill(CELL.skipped);
  const slots = new Uint8Array(size);
  const passed = new Uint8Array(size);
  let current = -1;
  cellOfSlot.forEach((cell, i) => {
    const start = from + i * slotMs;
    slots[cell] = (slots[cell] ?? 0) + 1;
    if (start <= now) passed[cell] = 1;
    if (start <= now && now < start + slotMs) current = cell;
  });

  const { ts, avg, bucketMs } = buckets;
  for (let i = 0; i < ts.length; i++) {
    const start = ts[i] as number;
    const kw = avg[i];
    if (kw === null || kw === undefined || start < from || start >= to || start > now) continue;
    const cell = cellOfSlot[Math.floor((start - from) / slotMs)];
    if (cell === undefined) continue;
    // The bucket in progress counts only the time it has covered so far.
    const hours = Math.min(bucketMs, now - start) / HOUR_MS;
    energy[cell] = (Number.isNaN(energy[cell] as number) ? 0 : (energy[cell] as number)) + kw * hours;
  }

  for (let cell = 0; cell < size; cell++) {
    if (slots[cell] === 0) continue;
    if (!Number.isNaN(energy[cell] as number)) state[cell] = CELL.energy;
    else state[cell] = passed[cell] ? CELL.missing : CELL.future;
  }
  // The hour in progress without data yet is not an outage: its data may still be on the way.
  if (current >= 0 && state[current] === CELL.missing) state[current] = CELL.future;
  return { days, energy, state, slots, perHour: Math.round(HOUR_MS / slotMs), current };
}

export interface GridSummary {
  /** kWh over every cell with a figure. */
  total: number;
  /** The day with the most energy, and with the least among days that are over. */
  best: { day: string; kwh: number } | null;
  worst: { day: string; kwh: number } | null;
  /** The hour with the most energy. */
  peak: { day: string; hour: number; kwh: number } | null;
  /** Hours passed without data. */
  missing: number;
  /** kWh per day (NaN for a day without any figure). */
  dayTotals: Float64Array;
}

/** Totals for the text summary and the tooltip; `today` (a local day) is left out of "worst day". */
export function summarise(grid: HourGrid, today: string): GridSummary {
  const dayTotals = new Float64Array(grid.days.length).fill(Number.NaN);
  let total = 0;
  let missing = 0;
  let peak: GridSummary['peak'] = null;
  grid.days.forEach((day, row) => {
    for (let hour = 0; hour < HOURS; hour++) {
      const cell = row * HOURS + hour;
      const state = grid.state[cell];
      if (state === CELL.missing) missing++;
      if (state !== CELL.energy) continue;
      const kwh = grid.energy[cell] as number;
      total += kwh;
      dayTotals[row] = (Number.isNaN(dayTotals[row] as number) ? 0 : (dayTotals[row] as number)) + kwh;
      if (!peak || kwh > peak.kwh) peak = { day, hour, kwh };
    }
  });
  let best: GridSummary['best'] = null;
  let worst: GridSummary['worst'] = null;
  grid.days.forEach((day, row) => {
    const kwh = dayTotals[row] as number;
    if (Number.isNaN(kwh)) return;
    if (!best || kwh > best.kwh) best = { day, kwh };
    if (day < today && (!worst || kwh < worst.kwh)) worst = { day, kwh };
  });
  return { total, best, worst, peak, missing, dayTotals };
}
