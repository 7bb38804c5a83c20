// What a history page shows (filters, period, search, sort, page, page size, time zone), read from and
// written to the page's URL so that a link reproduces the view, and turned into the query of the
// history API (/api/events, /api/alarms/history) for a page or for the CSV export. Pure: no React.
import { type LogPage, logPageSizes } from '@voltscope/shared/alarms';
import type { Language } from '@voltscope/shared/i18n';

export type LogPageSize = (typeof logPageSizes)[number];

/** The multi-valued filters the history API takes, each a comma-separated list. */
export const listFilters = ['sites', 'devices', 'types', 'priorities', 'states'] as const;
export type ListFilter = (typeof listFilters)[number];

export const periods = ['all', '1h', '24h', '7d', '30d', 'custom'] as const;
export type Period = (typeof periods)[number];

const SPANS: Record<Exclude<Period, 'all' | 'custom'>, number> = {
  '1h': 3_600_000,
  '24h': 86_400_000,
  '7d': 7 * 86_400_000,
  '30d': 30 * 86_400_000,
};

export type TimeZoneMode = 'mine' | 'site';

export interface LogView {
  lists: Record<ListFilter, string[]>;
  period: Period;
  /** The custom period's ends (ms), either open. */
  from: number | null;
  to: number | null;
  q: string;
  sort: string;
  order: 'asc' | 'desc';
  page: number;
  pageSize: LogPageSize;
  zone: TimeZoneMode;
}

/** What one page offers: which list filters, which sort keys (the first is the default, newest first). */
export interface LogSpec {
  lists: readonly ListFilter[];
  sorts: readonly string[];
}

export const DEFAULT_PAGE_SIZE: LogPageSize = 25;
const ID = /^[\w.:-]+$/;

const isPageSize = (n: number): n is LogPageSize => (logPageSizes as readonly number[]).includes(n);

function readTime(value: string | null): number | null {
  if (!value) return null;
  const ms = /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

/** An instant as it sits in a URL: ISO 8601 in UTC to the minute, readable and the same for everyone. */
export const writeTime = (ms: number): string => new Date(ms).toISOString().slice(0, 16).concat('Z');

export function parseView(params: URLSearchParams, spec: LogSpec): LogView {
  const lists = Object.fromEntries(listFilters.map((key) => [key, [] as string[]])) as Record<ListFilter, string[]>;
  for (const key of spec.lists) {
    const values = (params.get(key) ?? '').split(',').filter((v) => ID.test(v));
    lists[key] = [...new Set(values)];
  }
  const period = (periods as readonly string[]).includes(params.get('period') ?? '')
    ? (params.get('period') as Period)
    : 'all';
  const sort = spec.sorts.includes(params.get('sort') ?? '') ? (params.get('sort') as string) : (spec.sorts[0] ?? '');
  const page = Number(params.get('page'));
  const size = Number(params.get('size'));
  return {
    lists,
    period,
    from: period === 'custom' ? readTime(params.get('from')) : null,
    to: period === 'custom' ? readTime(params.get('to')) : null,
    q: (params.get('q') ?? '').slice(0, 200),
    sort,
    order: params.get('order') === 'asc' ? 'asc' : 'desc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: isPageSize(size) ? size : DEFAULT_PAGE_SIZE,
    zone: params.get('tz') === 'site' ? 'site' : 'mine',
  };
}

/** The URL parameters of a view, defaults left out so that a plain link stays plain. */
export function writeView(view: LogView, spec: LogSpec, base?: URLSearchParams): URLSearchParams {
  const params = new URLSearchParams(base);
  const set = (key: string, value: string | null) => (value ? params.set(key, value) : params.delete(key));
  for (const key of spec.lists) set(key, view.lists[key].join(','));
  set('period', view.period === 'all' ? null : view.period);
  set('from', view.period === 'custom' && view.from !== null ? writeTime(view.from) : null);
  set('to', view.period === 'custom' && view.to !== null ? writeTime(view.to) : null);
  set('q', view.q.trim() ? view.q : null);
  set('sort', view.sort === spec.sorts[0] ? null : view.sort);
  set('order', view.order === 'desc' ? null : view.order);
  set('page', view.page > 1 ? String(view.page) : null);
  set('size', view.pageSize === DEFAULT_PAGE_SIZE ? null : String(view.pageSize));
  set('tz', view.zone === 'site' ? 'site' : null);
  return params;
}

/** The span a view's period covers as of `now` (a preset moves with the clock). */
export function spanOf(view: Pick<LogView, 'period' | 'from' | 'to'>, now: number): { from?: number; to?: number } {
  if (view.period === 'all') return {};
  if (view.period === 'custom') {
    return { ...(view.from !== null ? { from: view.from } : {}), ...(view.to !== null ? { to: view.to } : {}) };
  }
  return { from: now - SPANS[view.period] };
}

/** The query of the history API (its `sort` one of the page's sort keys). */
export type LogQuery = Partial<Record<ListFilter | 'from' | 'to' | 'q' | 'sort', string>> & {
  order?: 'asc' | 'desc';
  page?: number;
  pageSize?: LogPageSize;
  format?: 'json' | 'csv';
  lang?: Language;
};

/** The filters of a view as the history API reads them (shared by a page's fetch and the CSV export). */
function filterQuery(view: LogView, spec: LogSpec, now: number): LogQuery {
  const query: LogQuery = {};
  for (const key of spec.lists) if (view.lists[key].length > 0) query[key] = view.lists[key].join(',');
  const span = spanOf(view, now);
  if (span.from !== undefined) query.from = String(Math.floor(span.from));
  if (span.to !== undefined) query.to = String(Math.floor(span.to));
  if (view.q.trim()) query.q = view.q.trim();
  return query;
}

export function pageQuery(view: LogView, spec: LogSpec, now: number): LogQuery {
  return {
    ...filterQuery(view, spec, now),
    sort: view.sort,
    order: view.order,
    page: view.page,
    pageSize: view.pageSize,
  };
}

/** The whole filtered set as CSV, in the page's order, messages and names in `lang`. */
export function csvQuery(view: LogView, spec: LogSpec, lang: Language, now: number): LogQuery {
  return { ...filterQuery(view, spec, now), sort: view.sort, order: view.order, format: 'csv', lang };
}

/** How many filters narrow the view (the period and the search count as one each). */
export function activeFilters(view: LogView, spec: LogSpec): number {
  return (
    spec.lists.filter((key) => view.lists[key].length > 0).length +
    (view.period === 'all' ? 0 : 1) +
    (view.q.trim() ? 1 : 0)
  );
}

export function lastPage(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The 1-based positions of a page's first and last rows (0 and 0 for an empty result). */
export function pageBounds(page: LogPage<unknown>): { from: number; to: number } {
  if (page.total === 0 || page.items.length === 0) return { from: 0, to: 0 };
  const from = (page.page - 1) * page.pageSize + 1;
  return { from, to: from + page.items.length - 1 };
}
