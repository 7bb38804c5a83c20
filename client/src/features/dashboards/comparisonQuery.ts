// What the comparison shows, as it is kept in the address (so that a link reproduces the view):
// `?compare=sites&sites=a,b&period=7d` or `?compare=units&devices=x,y&period=2025-06-01..2025-06-07`.
import { formatPeriodParam, type Period, parsePeriodParam } from '../../ui/PeriodPicker.tsx';

/** The hub compares at most this many items at once. */
export const MAX_ITEMS = 20;

export type CompareMode = 'sites' | 'units';

export interface ComparisonQuery {
  mode: CompareMode;
  /** Null when the address names none: the page then picks a default. */
  ids: string[] | null;
  period: Period;
}

export const DEFAULT_PERIOD: Period = { preset: '7d' };

const ID = /^[\w.:-]{1,64}$/;

function parseIds(value: string | null): string[] | null {
  if (value === null) return null;
  const ids = [...new Set(value.split(',').filter((id) => ID.test(id)))];
  return ids.slice(0, MAX_ITEMS);
}

export function parseComparison(params: URLSearchParams): ComparisonQuery {
  const mode: CompareMode =
    params.get('compare') === 'units' || (params.get('compare') === null && params.has('devices')) ? 'units' : 'sites';
  return {
    mode,
    ids: parseIds(params.get(mode === 'units' ? 'devices' : 'sites')),
    period: parsePeriodParam(params.get('period'), DEFAULT_PERIOD),
  };
}

/** Writes the query into `params` (other parameters are kept). */
export function writeComparison(params: URLSearchParams, query: ComparisonQuery): URLSearchParams {
  params.set('compare', query.mode);
  params.delete(query.mode === 'units' ? 'sites' : 'devices');
  if (query.ids === null) params.delete(query.mode === 'units' ? 'devices' : 'sites');
  else params.set(query.mode === 'units' ? 'devices' : 'sites', query.ids.join(','));
  params.set('period', formatPeriodParam(query.period));
  return params;
}

/** Keeps the ids that are offered (in their order), and says how many were left out. */
export function keepOffered(ids: readonly string[], offered: ReadonlySet<string>): { kept: string[]; dropped: number } {
  const kept = ids.filter((id) => offered.has(id));
  return { kept, dropped: ids.length - kept.length };
}
