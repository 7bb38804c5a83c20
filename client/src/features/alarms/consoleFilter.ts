// The console's filter, kept in the address (`?view=shelved&site=a,b&priority=critical&state=acknowledged`)
// so that the navbar counts can open it filtered and a filtered view can be bookmarked or shared. The view
// is the working list unless named; empty lists mean all. An old address's `state=shelved` (the views were
// states once) opens the shelved view.
import { type Alarm, type AlarmPriority, alarmPriorities } from '@voltscope/shared/alarms';
import {
  type AlarmView,
  alarmStatesShown,
  alarmViews,
  type ShownState,
  shownStateOf,
  type Tally,
  viewOf,
} from '../../alarmFeed/alarmView.ts';

export interface ConsoleFilter {
  view: AlarmView;
  sites: readonly string[];
  priorities: readonly AlarmPriority[];
  states: readonly ShownState[];
}

export const noFilter: ConsoleFilter = { view: 'working', sites: [], priorities: [], states: [] };

const list = (params: URLSearchParams, key: string) =>
  (params.get(key) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

const only = <T extends string>(values: string[], allowed: readonly T[]): T[] =>
  allowed.filter((v) => values.includes(v));

export function parseFilter(params: URLSearchParams): ConsoleFilter {
  const states = list(params, 'state');
  const view = only([params.get('view') ?? '', ...states], alarmViews).find((v) => v !== 'working') ?? 'working';
  return {
    view,
    sites: [...new Set(list(params, 'site'))],
    priorities: only(list(params, 'priority'), alarmPriorities),
    states: only(states, alarmStatesShown),
  };
}

/** The filter as search params, leaving other params of the address as they are. */
export function withFilter(params: URLSearchParams, filter: ConsoleFilter): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, values: readonly string[]) => {
    if (values.length > 0) next.set(key, values.join(','));
    else next.delete(key);
  };
  set('view', filter.view === 'working' ? [] : [filter.view]);
  set('site', filter.sites);
  set('priority', filter.priorities);
  set('state', filter.states);
  return next;
}

/** Narrowed beyond its view: by site, priority or state. */
export const isFiltered = (filter: ConsoleFilter): boolean =>
  filter.sites.length + filter.priorities.length + filter.states.length > 0;

const keeps = {
  site: (alarm: Alarm, filter: ConsoleFilter) => filter.sites.length === 0 || filter.sites.includes(alarm.siteId),
  priority: (alarm: Alarm, filter: ConsoleFilter) =>
    filter.priorities.length === 0 || filter.priorities.includes(alarm.priority),
  state: (alarm: Alarm, filter: ConsoleFilter) =>
    filter.states.length === 0 || filter.states.includes(shownStateOf(alarm)),
  view: (alarm: Alarm, filter: ConsoleFilter) => viewOf(alarm) === filter.view,
};
type Facet = keyof typeof keeps;

/** Kept by every filter but `except`. */
const keptBy = (alarm: Alarm, filter: ConsoleFilter, except?: Facet) =>
  (Object.keys(keeps) as Facet[]).every((facet) => facet === except || keeps[facet](alarm, filter));

export const matches = (alarm: Alarm, filter: ConsoleFilter): boolean => keptBy(alarm, filter);

export interface FacetCounts {
  priorities: Record<AlarmPriority, number>;
  /** The states of the alarms in the open view. */
  states: Record<ShownState, number>;
  /** Every view, its count always shown. */
  views: Tally['views'];
}

/** How many alarms each chip or view would show, counted on the alarms the other filters keep. */
export const facetCounts = (alarms: readonly Alarm[], filter: ConsoleFilter): FacetCounts =>
  consoleView(alarms, filter).counts;

export interface ConsoleView {
  /** The alarms every filter keeps, in the order given. */
  visible: Alarm[];
  counts: FacetCounts;
  /** The figures of `visible` (the list's summary). */
  shown: Tally;
}

const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

/**
 * The list, its facets' counts and its summary in one pass over the alarms: the page asks for them on
 * every commit of the feed (many a second in a storm), and each alarm's four facets are judged once.
 */
export function consoleView(alarms: readonly Alarm[], filter: ConsoleFilter): ConsoleView {
  const visible: Alarm[] = [];
  const counts: FacetCounts = {
    priorities: zeros(alarmPriorities),
    states: zeros(alarmStatesShown),
    views: zeros(alarmViews),
  };
  const shownStates = zeros(alarmStatesShown);
  const shownViews = zeros(alarmViews);
  for (const alarm of alarms) {
    const site = keeps.site(alarm, filter);
    const priority = keeps.priority(alarm, filter);
    const state = shownStateOf(alarm);
    const stateKept = filter.states.length === 0 || filter.states.includes(state);
    const view = viewOf(alarm);
    const viewKept = view === filter.view;
    if (site && stateKept && viewKept) counts.priorities[alarm.priority] += 1;
    if (site && priority && viewKept) counts.states[state] += 1;
    if (site && priority && stateKept) counts.views[view] += 1;
    if (!(site && priority && stateKept && viewKept)) continue;
    visible.push(alarm);
    shownViews[view] += 1;
    if (view === 'working') shownStates[state] += 1;
  }
  const shown: Tally = {
    active: shownStates.unacknowledged + shownStates.acknowledged,
    unacknowledged: shownStates.unacknowledged + shownStates.rtn_unacknowledged,
    states: shownStates,
    views: shownViews,
  };
  return { visible, counts, shown };
}
