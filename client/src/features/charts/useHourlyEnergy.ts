// A series' energy per local hour over whole local days, from the history API: one bucket per slot
// (an hour, or half or a quarter of one in zones that are not whole hours off UTC), binned on the site's
// clock. A range that reaches today is fetched again every few minutes, so that the current hour fills in.
import { useEffect, useState } from 'react';
import { api, call } from '../../session/api.ts';
import { type Buckets, binHours, type HourGrid, historyRequests, slotMsFor } from './hourGrid.ts';

export type HourlyEnergy =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; grid: HourGrid; loadedAt: number };

const REFRESH_MS = 5 * 60_000;

async function fetchBuckets(seriesId: number, from: number, to: number, slotMs: number, signal: AbortSignal) {
  const buckets: { ts: number[]; avg: (number | null)[]; bucketMs: number } = { ts: [], avg: [], bucketMs: slotMs };
  for (const request of historyRequests(from, to, slotMs)) {
    const query = {
      ids: String(seriesId),
      from: String(request.from),
      to: String(request.to),
      maxPoints: request.maxPoints,
    };
    const reply = await api(call('GET /api/series/history', { query }), { signal });
    buckets.bucketMs = reply.bucketMs;
    const avg = reply.series[0]?.avg ?? [];
    reply.ts.forEach((t, i) => {
      buckets.ts.push(t);
      buckets.avg.push(avg[i] ?? null);
    });
  }
  return buckets as Buckets;
}

/** Energy per hour of `seriesId` (a power in kW) over [from, to), two local midnights of `timeZone`. */
export function useHourlyEnergy(
  seriesId: number | undefined,
  timeZone: string | undefined,
  from: number,
  to: number,
): HourlyEnergy & { reload: () => void } {
  const [state, setState] = useState<HourlyEnergy>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // `attempt` is the retry trigger.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (seriesId === undefined || !timeZone) {
      setState({ status: 'loading' });
      return;
    }
    const controller = new AbortController();
    const slotMs = slotMsFor(timeZone, from, to);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async (first: boolean) => {
      if (first) setState({ status: 'loading' });
      try {
        const buckets = await fetchBuckets(seriesId, from, to, slotMs, controller.signal);
        const now = Date.now();
        setState({ status: 'ready', grid: binHours(timeZone, from, to, slotMs, buckets, now), loadedAt: now });
        if (to > now) timer = setTimeout(() => void load(false), REFRESH_MS);
      } catch (error) {
        // A failed refresh keeps the grid on screen; only a failed first load is an error.
        if (controller.signal.aborted) return;
        if (first) setState({ status: 'error', error });
        else timer = setTimeout(() => void load(false), REFRESH_MS);
      }
    };
    void load(true);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [seriesId, timeZone, from, to, attempt]);

  return { ...state, reload: () => setAttempt((n) => n + 1) };
}
