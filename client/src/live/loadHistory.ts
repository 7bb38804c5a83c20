// Fills a site's rings from the history API: a missed span after a long disconnection, or the last
// minutes a chart shows when it opens. Fifty series a request, one point a second at most.
import { api, call } from '../session/api.ts';
import type { LiveStore } from './liveStore.ts';

const SERIES_PER_REQUEST = 50;

export async function loadHistory(
  store: LiveStore,
  siteId: string,
  seriesIds: readonly number[],
  span: { from: number; to: number },
  signal?: AbortSignal,
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
    for (const s of history.series) store.mergeHistory(siteId, s.id, history.ts, s.avg);
  }
}
