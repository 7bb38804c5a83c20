// The console's filter, kept in the address (`?site=a,b&priority=critical&state=shelved`) so that the
// navbar counts can open it filtered and a filtered view can be bookmarked or shared. Empty means all.
import { type Alarm, type AlarmPriority, alarmPriorities } from '@voltscope/shared/alarms';
import { type AlarmCategory, alarmCategories, categoryOf } from '../../alarmFeed/alarmView.ts';

export interface ConsoleFilter {
  sites: readonly string[];
  priorities: readonly AlarmPriority[];
  categories: readonly AlarmCategory[];
}

const list = (params: URLSearchParams, key: string) =>
  (params.get(key) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const only = <T extends string>(values: string[], allowed: readonly T[]): T[] =>
  allowed.filter((v) => values.includes(v));

export function parseFilter(params: URLSearchParams): ConsoleFilter {
  return {
    sites: [...new Set(list(params, 'site'))],
    priorities: only(list(params, 'priority'), alarmPriorities),
    categories: only(list(params, 'state'), alarmCategories),
  };
}

/** The filter as search params, leaving other params of the address as they are. */
export function withFilter(params: URLSearchParams, filter: ConsoleFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, values: readonly string[]) => {
    if (values.length > 0) next.set(key, values.join(','));
    else next.delete(key);
  };
  set('site', filter.sites);
  set('priority', filter.priorities);
  set('state', filter.categories);
  return next;
}

export const isFiltered = (filter: ConsoleFilter): boolean =>
  filter.sites.length + filter.priorities.length + filter.categories.length > 0;

export function matches(alarm: Alarm, filter: ConsoleFilter): boolean {
  return (
    (filter.sites.length === 0 || filter.sites.includes(alarm.siteId)) &&
    (filter.priorities.length === 0 || filter.priorities.includes(alarm.priority)) &&
    (filter.categories.length === 0 || filter.categories.includes(categoryOf(alarm)))
  );
}

/** How many alarms each chip would add, counted on the alarms the other filters keep. */
export function facetCounts(alarms: readonly Alarm[], filter: ConsoleFilter) {
  const priorities = Object.fromEntries(alarmPriorities.map((p) => [p, 0])) as Record<AlarmPriority, number>;
  const categories = Object.fromEntries(alarmCategories.map((c) => [c, 0])) as Record<AlarmCategory, number>;
  for (const alarm of alarms) {
    if (filter.sites.length > 0 && !filter.sites.includes(alarm.siteId)) continue;
    const category = categoryOf(alarm);
    if (filter.categories.length === 0 || filter.categories.includes(category)) priorities[alarm.priority] += 1;
    if (filter.priorities.length === 0 || filter.priorities.includes(alarm.priority)) categories[category] += 1;
  }
  return { priorities, categories };
}
