// Integrals of series over a day so far (power → kWh, irradiance → Wh/m²), read from the stored rollups so
// that back-filled and late data count, and cheaply: whole hours from the hourly rollups (as the daily KPI
// job reads them); from the minute ones the part hours at either end (a day that starts on a half hour,
// the hour under way) and the hours in which a series' data starts or stops (a communication loss, a
// late upload still to come), where an hour's mean would stand for the whole hour.
import type { History, TelemetryStore } from '../store/telemetry/types.ts';
import { type IntegralPoint, integralOf } from './kpiFormulas.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** Each series' integral from `from` to `to` in unit·h, or null for a series with no data in that span. */
export async function integralsSince(
  telemetry: TelemetryStore,
  seriesIds: readonly number[],
  from: number,
  to: number,
): Promise<Map<number, number | null>> {
  const points = new Map<number, IntegralPoint[]>(seriesIds.map((id) => [id, []]));
  // Buckets of one rollup's width, so that the store reads that rollup (planHistory).
  const read = async (ids: readonly number[], start: number, end: number, width: number): Promise<History | null> => {
    if (ids.length === 0 || end <= start) return null;
    const aligned = Math.floor(start / width) * width;
    const buckets = Math.ceil((end - aligned) / width);
    return telemetry.history({ seriesIds: ids, from: aligned, to: aligned + buckets * width, maxPoints: buckets });
  };
  const add = (history: History | null, width: number, keep: (id: number, ts: number) => boolean = () => true) => {
    for (const series of history?.series ?? []) {
      series.avg.forEach((mean, i) => {
        const ts = history?.ts[i] as number;
        if (mean !== null && keep(series.id, ts)) points.get(series.id)?.push({ ts, mean, widthMs: width });
      });
    }
  };

  const firstHour = Math.min(to, Math.ceil(from / HOUR) * HOUR);
  const lastHour = Math.max(firstHour, Math.floor(to / HOUR) * HOUR);
  const before = await read(seriesIds, from, firstHour, MINUTE);
  const hours = await read(seriesIds, firstHour, lastHour, HOUR);
  const after = await read(seriesIds, lastHour, to, MINUTE);
  add(before, MINUTE);
  add(after, MINUTE);

  // The hours each series has data in, and those next to one without (or to a part without), by hour.
  const has = (history: History | null, id: number) =>
    history?.series.find((s) => s.id === id)?.avg.some((v) => v !== null) ?? false;
  const edges = new Map<number, number[]>();
  const edgeOf = new Set<string>();
  for (const series of hours?.series ?? []) {
    const filled = new Set(hours?.ts.filter((_, i) => series.avg[i] !== null));
    const filledAt = (hour: number) =>
      hour < firstHour ? has(before, series.id) : hour >= lastHour ? has(after, series.id) : filled.has(hour);
    for (const hour of filled) {
      if (filledAt(hour - HOUR) && filledAt(hour + HOUR)) continue;
      edges.set(hour, [...(edges.get(hour) ?? []), series.id]);
      edgeOf.add(`${series.id}/${hour}`);
    }
  }
  add(hours, HOUR, (id, ts) => !edgeOf.has(`${id}/${ts}`));
  for (const [hour, ids] of edges) add(await read(ids, hour, hour + HOUR, MINUTE), MINUTE);

  const totals = new Map<number, number | null>();
  for (const [id, list] of points) {
    list.sort((a, b) => a.ts - b.ts);
    totals.set(id, list.length === 0 ? null : integralOf(list, to));
  }
  return totals;
}
