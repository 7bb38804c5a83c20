// The filters' counts, handed down through a context rather than as props: a storm changes them at every
// commit, and only these small spans need drawing again, not the filters' Mantine chips, segmented
// control and site picker around them (ConsoleFilters is memoised on the filter and the sites).

import { createContext, type ReactNode, useContext } from 'react';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import classes from './AlarmConsole.module.css';
import type { FacetCounts } from './consoleFilter.ts';

type Facet = keyof FacetCounts;
export type FacetValue<F extends Facet> = keyof FacetCounts[F] & string;

const zero: FacetCounts = {
  priorities: { critical: 0, high: 0, medium: 0, low: 0 },
  states: { unacknowledged: 0, acknowledged: 0, rtn_unacknowledged: 0 },
  views: { working: 0, shelved: 0, suppressed: 0, out_of_service: 0 },
};

export const FacetCountsContext = createContext<FacetCounts>(zero);

const countOf = <F extends Facet>(counts: FacetCounts, facet: F, value: FacetValue<F>): number =>
  (counts[facet] as Record<string, number>)[value] ?? 0;

/** A chip's count. */
export function FacetCount<F extends Facet>({ facet, value }: { facet: F; value: FacetValue<F> }) {
  const n = countOf(useContext(FacetCountsContext), facet, value);
  const lng = useLanguage();
  return (
    <span className={classes.chipCount} data-count={n}>
      {formatNumber(lng, n)}
    </span>
  );
}

/** A view's label with its count (the count on the label, which the tests and screen readers read). */
export function ViewLabel({ view, children }: { view: FacetValue<'views'>; children: ReactNode }) {
  const n = countOf(useContext(FacetCountsContext), 'views', view);
  const lng = useLanguage();
  return (
    <span className={classes.chipContent} data-testid={`view-${view}`} data-count={n}>
      {children}
      <span className={classes.chipCount}>{formatNumber(lng, n)}</span>
    </span>
  );
}
