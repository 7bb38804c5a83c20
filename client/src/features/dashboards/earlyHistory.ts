// The fleet chart's history request, which a first load of the solar dashboard may start before the
// chart exists: as soon as the early series lookup (useTrendSources.ts) answers, for the window in the
// page's address. The chart takes that answer if it asks the very same query (same series, same
// bucket-aligned span: historyWindow rounds to the bucket), else asks afresh; either way it sees the same data.
import { api, call } from '../../session/api.ts';
import { historyWindow, type TrendWindow, trendWindows } from './fleetTrend.ts';

type HistoryQuery = ReturnType<typeof historyWindow>;

/** The history API's limit. */
export const SERIES_PER_REQUEST = 50;

/** The window named by the page's `trend` parameter (6 hours by default). */
export function trendWindowOf(value: string | null): TrendWindow {
  return (Object.keys(trendWindows) as TrendWindow[]).find((w) => w === value) ?? '6h';
}

function fetchHistory(ids: readonly number[], q: HistoryQuery, signal: AbortSignal, early = false) {
  const query = { ids: ids.join(','), from: String(q.from), to: String(q.to), maxPoints: q.maxPoints };
  return api(call('GET /api/series/history', { query }), { signal, endSessionOn401: !early });
}

type HistoryReply = Awaited<ReturnType<typeof fetchHistory>>;

/** Taken only this soon after it started, and once: later loads and refreshes ask afresh. */
const EARLY_FOR_MS = 20_000;
let early: { key: string; startedAt: number; reply: Promise<HistoryReply> } | null = null;

const keyOf = (ids: readonly number[], q: HistoryQuery) =>
  `${[...ids].sort((a, b) => a - b).join(',')}|${q.from}|${q.to}|${q.maxPoints}`;

/** Starts the history request of these series for the window in the address (one request's worth). */
export function startEarlyHistory(ids: readonly number[], span: TrendWindow): void {
  if (early || ids.length === 0 || ids.length > SERIES_PER_REQUEST) return;
  const { windowMs, bucketMs } = trendWindows[span];
  const q = historyWindow(Date.now(), windowMs, bucketMs);
  // A refused call here ends nothing: the chart's own request decides about the session.
  const reply = fetchHistory(ids, q, new AbortController().signal, true);
  reply.catch(() => {}); // unused or failed: the chart asks itself
  early = { key: keyOf(ids, q), startedAt: Date.now(), reply };
}

/** The history of `ids` over `q`: the early answer if it asked exactly this lately, else a fresh one. */
export function historyOf(ids: readonly number[], q: HistoryQuery, signal: AbortSignal): Promise<HistoryReply> {
  const taken = early && Date.now() - early.startedAt < EARLY_FOR_MS && early.key === keyOf(ids, q) ? early : null;
  if (!taken) return fetchHistory(ids, q, signal);
  early = { ...taken, startedAt: 0 }; // once: a refresh or another visit gets fresh data
  return taken.reply.catch(() => fetchHistory(ids, q, signal));
}
