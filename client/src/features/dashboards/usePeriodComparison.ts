// The hub's comparison of the chosen items over the period. A new answer replaces the old in place: the
// figures stay on screen (marked as updating) while the next ones load, so "today", which moves on each
// minute, never flashes empty.
import type { PeriodComparison } from '@voltscope/shared/kpis';
import { useKept } from '../../data/useKept.ts';
import { type Call, call } from '../../session/api.ts';
import type { TimeRange } from '../../ui/PeriodPicker.tsx';

/** Buckets in the normalised-power chart. */
const MAX_POINTS = 400;

export interface ComparisonState {
  data: PeriodComparison | null;
  loading: boolean;
  error: unknown;
}

export function comparisonCall(sites: readonly string[], devices: readonly string[], range: TimeRange) {
  return call('GET /api/kpis/period', {
    query: {
      ...(sites.length > 0 && { sites: sites.join(',') }),
      ...(devices.length > 0 && { devices: devices.join(',') }),
      from: String(Math.floor(range.from)),
      to: String(Math.ceil(range.to)),
      maxPoints: MAX_POINTS,
    },
  });
}

export function usePeriodComparison(request: Call<PeriodComparison> | null): ComparisonState {
  return useKept(request);
}
