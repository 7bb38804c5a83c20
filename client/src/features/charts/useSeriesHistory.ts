// Several series' history over a range in one request: bucket means in columns, in the order asked.
// A failed reload keeps what is on screen; only a failed first load is an error.
import { useEffect, useState } from 'react';
import { api, call } from '../../session/api.ts';
import type { HistoryColumns } from './liveTail.ts';

export type SeriesHistory =
  | { status: 'loading'; previous: HistoryColumns | null }
  | { status: 'error'; error: unknown; previous: HistoryColumns | null }
  | { status: 'ready'; data: HistoryColumns };

const kept = (s: SeriesHistory): HistoryColumns | null => (s.status === 'ready' ? s.data : s.previous);

/** `ids` as given (undefined where a site lacks the series: its column stays empty). */
export function useSeriesHistory(
  ids: readonly (number | undefined)[],
  from: number,
  to: number,
  maxPoints: number,
): SeriesHistory & { reload: () => void } {
  const [state, setState] = useState<SeriesHistory>({ status: 'loading', previous: null });
  const [attempt, setAttempt] = useState(0);
  const key = ids.map((id) => id ?? '').join(',');

  // `key` stands for `ids`; `attempt` is the retry trigger.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    const wanted = key.split(',').map((id) => (id === '' ? undefined : Number(id)));
    const present = wanted.filter((id): id is number => id !== undefined);
    if (present.length === 0 || maxPoints <= 0) return;
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', previous: kept(s) }));
    const points = Math.max(10, Math.min(10_000, Math.round(maxPoints)));
    const query = {
      ids: present.join(','),
      from: String(Math.floor(from)),
      to: String(Math.ceil(to)),
      maxPoints: points,
    };
    api(call('GET /api/series/history', { query }), { signal: controller.signal }).then(
      (reply) => {
        const byId = new Map(reply.series.map((s) => [s.id, s.avg]));
        const empty = new Array<null>(reply.ts.length).fill(null);
        const columns = wanted.map((id) => (id === undefined ? empty : (byId.get(id) ?? empty)));
        setState({ status: 'ready', data: { ts: reply.ts, bucketMs: reply.bucketMs, columns } });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ status: 'error', error, previous: kept(s) }));
      },
    );
    return () => controller.abort();
  }, [key, from, to, maxPoints, attempt]);

  return { ...state, reload: () => setAttempt((n) => n + 1) };
}
