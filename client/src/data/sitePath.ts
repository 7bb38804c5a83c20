import type { SiteKind } from '@voltscope/shared/domain';

/** The overview page of a site: the wind farm's for wind, the solar plant's otherwise. */
export const siteOverviewPath = (site: { siteId: string; kind: SiteKind }) =>
  `/overview/${site.kind === 'wind' ? 'wind' : 'solar'}?site=${encodeURIComponent(site.siteId)}`;

/** The alarm console filtered on a site (and a priority). */
export const siteAlarmsPath = (siteId: string, priority?: string) =>
  `/alarm/realtime?site=${encodeURIComponent(siteId)}${priority ? `&priority=${priority}` : ''}`;
