// When a figure may no longer be shown as live (RELIABILITY decision 10): the figures of a refresh that
// has not come back in time, and a site none of whose generators has reported within its period.
import type { SiteKpis } from '@voltscope/shared/kpis';

/** How often the dashboard asks the hub for its figures. */
export const KPI_REFRESH_MS = 10_000;
/** Figures are stale once this many refreshes have failed to replace them. */
export const STALE_AFTER_MS = 3 * KPI_REFRESH_MS;

/** The newest report of any of the site's generators (ms), or null if none has reported. */
export function lastReport(site: Pick<SiteKpis, 'generators'>): number | null {
  let newest: number | null = null;
  for (const g of site.generators)
    if (g.lastSeen !== null && (newest === null || g.lastSeen > newest)) newest = g.lastSeen;
  return newest;
}

/**
 * A site's live figures are stale when none of its generators is reporting: the hub marks a generator
 * offline once it has been silent past its period, so a site whose generators are all offline (or that
 * has none) has nothing current to show.
 */
export const isSiteStale = (site: Pick<SiteKpis, 'state' | 'generators'>): boolean =>
  site.state === 'offline' || site.generators.every((g) => g.state === 'offline');
