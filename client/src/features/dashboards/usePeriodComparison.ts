// The hub's comparison of the chosen items over the period. A new answer replaces the old in place: the
// figures stay on screen (marked as updating) while the next ones load, so "today", which moves on each
// minute, never flashes empty.
import type { PeriodComparison } from '@voltscope/shared/kpis';
import { useEffect, useState } from 'react';
import { api } from '../../session/api.ts';
import type { TimeRange } from '../../ui/PeriodPicker.tsx';

/** Buckets in the normalised-power chart. */
const MAX_POINTS = 400;

export interface ComparisonState {
  data: PeriodComparison | null;
  loading: boolean;
  error: unknown;
}

export function comparisonPath(sites: readonly string[], devices: readonly string[], range: TimeRange): string {
  const q = new URLSearchParams();
  if (sites.length > 0) q.set('sites', sites.join(','));
  if (devices.length > 0) q.set('devices', devices.join(','));
  q.set('from', String(Math.floor(range.from)));
  q.set('to', String(Math.ceil(range.to)));
  q.set('maxPoints', String(MAX_POINTS));
  return `/api/kpis/period?${q.toString().replaceAll('%2C', ',')}`;
}

export function usePeriodComparison(path: string | null): ComparisonState {
  const [state, setState] = useState<ComparisonState>({ data: null, loading: path !== null, error: null });
  useEffect(() => {
    if (path === null) {
      setState({ data: null, loading: false, error: null });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    api<PeriodComparison>(path, { signal: controller.signal }).then(
      (data) => setState({ data, loading: false, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, loading: false, error }));
      },
    );
    return () => controller.abort();
  }, [path]);
  return state;
}
