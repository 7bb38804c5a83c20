// A history page's state and data: the view lives in the URL (so a link reproduces it), each change of
// filter goes back to page 1, and the page of rows is fetched from the server, the previous rows kept
// on screen (dimmed) until the next arrive so that paging never flashes an empty table.
import type { alarmSortKeys, eventSortKeys, LogPage } from '@voltscope/shared/alarms';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api, type Call, call, type Reply } from '../session/api.ts';
import {
  type ListFilter,
  type LogQuery,
  type LogSpec,
  type LogView,
  lastPage,
  pageQuery,
  parseView,
  writeView,
} from './logQuery.ts';

/** The history APIs (the event log and the alarm log), and their rows. */
interface LogRows {
  'GET /api/events': Reply<'GET /api/events'>['items'][number];
  'GET /api/alarms/history': Reply<'GET /api/alarms/history'>['items'][number];
}
export type LogRoute = keyof LogRows;
export type LogItem<K extends LogRoute> = LogRows[K];

/** A call of a log with a query; its `sort` is one of the route's (parseView keeps only the page's). */
export function logCall<K extends LogRoute>(route: K, { sort, ...query }: LogQuery): Call<LogPage<LogItem<K>>> {
  const request =
    route === 'GET /api/events'
      ? call('GET /api/events', {
          query: { ...query, ...(sort ? { sort: sort as (typeof eventSortKeys)[number] } : {}) },
        })
      : call('GET /api/alarms/history', {
          query: { ...query, ...(sort ? { sort: sort as (typeof alarmSortKeys)[number] } : {}) },
        });
  return request as Call<LogPage<LogItem<K>>>;
}

export interface LogData<T> {
  /** The latest page received (kept while the next loads). */
  page: LogPage<T> | null;
  loading: boolean;
  error: unknown;
}

export interface LogControls {
  view: LogView;
  /** Changes filters (back to page 1). */
  filter: (patch: Partial<Omit<LogView, 'page' | 'sort' | 'order'>>) => void;
  setLists: (patch: Partial<Record<ListFilter, string[]>>) => void;
  sortBy: (key: string) => void;
  goTo: (page: number) => void;
  reset: () => void;
  reload: () => void;
}

export function useLogQuery<K extends LogRoute>(route: K, spec: LogSpec): LogControls & LogData<LogItem<K>> {
  const [params, setParams] = useSearchParams();
  // `spec` is a module constant of each page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const view = useMemo(() => parseView(params, spec), [params]);
  const [data, setData] = useState<LogData<LogItem<K>>>({ page: null, loading: true, error: null });
  const [attempt, setAttempt] = useState(0);

  const write = useCallback(
    (next: LogView) =>
      setParams((current) => writeView(next, spec, current), { replace: true, preventScrollReset: true }),
    [setParams, spec],
  );

  // The query without `now`: a preset period is resolved at fetch time, so "last hour" stays the last hour.
  const key = useMemo(() => pageQuery(view, spec, 0), [view, spec]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the view; `attempt` reloads.
  useEffect(() => {
    const controller = new AbortController();
    setData((d) => ({ ...d, loading: true, error: null }));
    api(logCall(route, pageQuery(view, spec, Date.now())), { signal: controller.signal }).then(
      (page) => {
        // Past the last page (the set shrank, or a stale link): go to the last page that has rows.
        if (page.items.length === 0 && page.total > 0 && view.page > 1) {
          write({ ...view, page: lastPage(page.total, view.pageSize) });
          return;
        }
        setData({ page, loading: false, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setData((d) => ({ ...d, loading: false, error }));
      },
    );
    return () => controller.abort();
  }, [route, key, attempt]);

  const controls: LogControls = {
    view,
    filter: (patch) => write({ ...view, ...patch, page: 1 }),
    setLists: (patch) => write({ ...view, lists: { ...view.lists, ...patch }, page: 1 }),
    sortBy: (sortKey) =>
      write({
        ...view,
        sort: sortKey,
        // The same column flips; another starts newest (or most severe) first for the default, A→Z otherwise.
        order:
          view.sort === sortKey ? (view.order === 'asc' ? 'desc' : 'asc') : sortKey === spec.sorts[0] ? 'desc' : 'asc',
        page: 1,
      }),
    goTo: (page) => write({ ...view, page }),
    reset: () => write({ ...parseView(new URLSearchParams(), spec), pageSize: view.pageSize, zone: view.zone }),
    reload: () => setAttempt((n) => n + 1),
  };
  return { ...controls, ...data };
}
