// The access log's page as the operator sees it: the first page takes new entries live at its top (the
// newest first, the page keeping its size), an entry pushed again (its alarm raised) replaces the one
// held, and an entry outside the filter is left out. Pure: the page component holds the state.
import type { AccessEvent, AccessPage } from '@voltscope/shared/contracts/access';

export interface AccessFilterView {
  sites: readonly string[];
  door: string | null;
  result: string | null;
  /** Time span [from, to); `to` null: up to now (live entries may arrive). */
  from: number;
  to: number | null;
  q: string;
}

/** Whether an entry pushed live belongs on the page the filter shows. */
export function matchesFilter(event: AccessEvent, view: AccessFilterView): boolean {
  if (!view.sites.includes(event.siteId)) return false;
  if (view.door && event.deviceId !== view.door) return false;
  if (view.result && event.result !== view.result) return false;
  if (event.ts < view.from || (view.to !== null && event.ts >= view.to)) return false;
  const q = view.q.trim().toLowerCase();
  if (q && !`${event.person ?? ''} ${event.badge ?? ''}`.toLowerCase().includes(q)) return false;
  return true;
}

/**
 * The page with `event` in it: replaced where held (its alarm is now known); else, on the first page,
 * added at the top in time order (the oldest row leaves a full page), and counted in the total.
 */
export function withLiveEvent(page: AccessPage, event: AccessEvent): AccessPage {
  const at = page.items.findIndex((e) => e.id === event.id);
  if (at >= 0) return { ...page, items: page.items.map((e, i) => (i === at ? event : e)) };
  if (page.page !== 1) return { ...page, total: page.total + 1 };
  const items = [event, ...page.items].sort((a, b) => b.ts - a.ts || b.id - a.id).slice(0, page.pageSize);
  return { ...page, items, total: page.total + 1 };
}

/** Results that call for an operator's eye: shown in red (forced) or orange (denied, held open). */
export const resultColor: Record<AccessEvent['result'], string> = {
  granted: 'teal',
  denied: 'orange',
  held_open: 'orange',
  forced: 'red',
};
