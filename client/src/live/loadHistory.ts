// Fills a site's rings from the history API: a missed span after a long disconnection, or the last
// minutes a chart shows when it opens. Fifty series a request, one point a second at most.
import { ApiError, api, call } from '../session/api.ts';
import type { LiveStore } from './liveStore.ts';

const SERIES_PER_REQUEST = 50;

export async function loadHistory(
  store: LiveStore,
  siteId: string,
  seriesIds: readonly number[],
  span: { from: number; to: number },
  { signal, heldUntil }: { signal?: AbortSignal; heldUntil?: ReadonlyMap<number, number> } = {},
): Promise<void> {
  const from = Math.floor(span.from);
  const to = Math.ceil(span.to);
  const maxPoints = Math.min(10_000, Math.max(1, Math.ceil((to - from) / 1000)));
  for (let i = 0; i < seriesIds.length; i += SERIES_PER_REQUEST) {
    const ids = seriesIds.slice(i, i + SERIES_PER_REQUEST).join(',');
    const history = await api(
      call('GET /api/series/history', { query: { ids, from: String(from), to: String(to), maxPoints } }),
      signal ? { signal } : {},
    );
    for (const s of history.series) store.mergeHistory(siteId, s.id, history.ts, s.avg, heldUntil?.get(s.id));
  }
}

/** Waits before a missed span is asked again; after the last, the span stays a gap until the next resume. */
const GAP_RETRY_MS = [1000, 2000, 4000, 8000] as const;

/**
 * How long to wait before asking again for a missed span after `error` on attempt `attempt` (0 first), or
 * null to give up. A request can fail while a hub node is going away (the proxy takes it out within two
 * seconds): a network failure, a 5xx or a 429 is worth asking again; any other answer would be the same.
 */
export function gapRetryDelay(error: unknown, attempt: number): number | null {
  const wait = GAP_RETRY_MS[attempt];
  if (wait === undefined) return null;
  if (!(error instanceof ApiError)) return error instanceof TypeError ? wait : null;
  if (error.status === 429 || error.status >= 500) return Math.max(wait, (error.retryAfter ?? 0) * 1000);
  return null;
}
