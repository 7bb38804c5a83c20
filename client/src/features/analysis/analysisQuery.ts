// What the analysis page shows (sites, per site or per generator, the days), read from and written to
// the page's address so that a link reproduces the view, and turned into the queries of
// /api/analysis/daily and /api/analysis/alarm-health. Pure: no React.
import { addDays, type DayString, dayIn, isDay, startOfDay } from '../../ui/PeriodPicker.tsx';

export const presets = ['7d', '30d', '90d', 'custom'] as const;
export type Preset = (typeof presets)[number];

const PRESET_DAYS: Record<Exclude<Preset, 'custom'>, number> = { '7d': 7, '30d': 30, '90d': 90 };
/** The longest custom range: a year of days per site stays a small answer. */
export const MAX_DAYS = 366;
const ID = /^[\w.:-]+$/;

export interface AnalysisView {
  /** Empty: every site the user may read. */
  sites: string[];
  /** Rows per generator of the one chosen site instead of per site. */
  byGenerator: boolean;
  /** With `byGenerator`, the generators asked for; empty: all of the site's. */
  devices: string[];
  preset: Preset;
  /** A custom range's first and last day, inclusive. */
  from: DayString | null;
  to: DayString | null;
}

export interface DayRange {
  from: DayString;
  to: DayString;
  /** How many days, both ends included. */
  days: number;
}

const list = (value: string | null) => [...new Set((value ?? '').split(',').filter((v) => ID.test(v)))];

export function parseView(params: URLSearchParams): AnalysisView {
  const period = params.get('period') ?? '';
  const [from, to] = period.split('..');
  const custom = from !== undefined && to !== undefined && isDay(from) && isDay(to);
  const preset: Preset = custom ? 'custom' : period === '30d' || period === '90d' ? period : '7d';
  const sites = list(params.get('sites'));
  return {
    sites,
    byGenerator: params.get('by') === 'generator' && sites.length === 1,
    devices: sites.length === 1 ? list(params.get('devices')) : [],
    preset,
    from: custom ? (from <= to ? from : to) : null,
    to: custom ? (from <= to ? to : from) : null,
  };
}

/** The address of a view, defaults left out so that a plain link stays plain. */
export function writeView(view: AnalysisView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.sites.length > 0) params.set('sites', view.sites.join(','));
  if (view.byGenerator && view.sites.length === 1) {
    params.set('by', 'generator');
    if (view.devices.length > 0) params.set('devices', view.devices.join(','));
  }
  if (view.preset === 'custom' && view.from && view.to) params.set('period', `${view.from}..${view.to}`);
  else if (view.preset !== '7d' && view.preset !== 'custom') params.set('period', view.preset);
  return params;
}

/** Days from `from` to `to` inclusive. */
export function daysBetween(from: DayString, to: DayString): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The days a view covers, counted in `timeZone` as of `now`; a preset ends today. */
export function dayRange(view: AnalysisView, timeZone: string, now = Date.now()): DayRange {
  const today = dayIn(timeZone, now);
  if (view.preset === 'custom' && view.from && view.to) {
    const to = view.to > today ? today : view.to;
    const from = view.from > to ? to : view.from;
    // A range longer than the limit keeps its end and loses its oldest days.
    const start = daysBetween(from, to) > MAX_DAYS ? addDays(to, 1 - MAX_DAYS) : from;
    return { from: start, to, days: daysBetween(start, to) };
  }
  const days = PRESET_DAYS[view.preset === 'custom' ? '7d' : view.preset];
  return { from: addDays(today, 1 - days), to: today, days };
}

/** Every day of a range, oldest first. */
export function listDays(range: DayRange): DayString[] {
  return Array.from({ length: range.days }, (_, i) => addDays(range.from, i));
}

/** The instants a range of days covers in `timeZone`: its first midnight to the end of its last day, or now. */
export function instantsOf(range: DayRange, timeZone: string, now = Date.now()): { from: number; to: number } {
  const from = startOfDay(timeZone, range.from);
  return { from, to: Math.max(from + 1, Math.min(now, startOfDay(timeZone, addDays(range.to, 1)))) };
}

/** The query of /api/analysis/daily (JSON, or CSV for the export). */
export function dailyQuery(
  sites: readonly string[],
  devices: readonly string[] | null,
  range: DayRange,
  format: 'json' | 'csv' = 'json',
): { sites?: string; devices?: string; from: string; to: string; format?: 'csv' } {
  return {
    ...(sites.length > 0 ? { sites: sites.join(',') } : {}),
    ...(devices && devices.length > 0 ? { devices: devices.join(',') } : {}),
    from: range.from,
    to: range.to,
    ...(format === 'csv' ? { format } : {}),
  };
}

/** The query of /api/analysis/alarm-health. */
export function healthQuery(
  sites: readonly string[],
  span: { from: number; to: number },
): { sites?: string; from: string; to: string } {
  return {
    ...(sites.length > 0 ? { sites: sites.join(',') } : {}),
    from: String(Math.floor(span.from)),
    to: String(Math.floor(span.to)),
  };
}

/** An instant as the alarm history's address writes it: ISO 8601 in UTC, to the minute. */
const isoMinute = (ms: number) => new Date(ms).toISOString().slice(0, 16).concat('Z');

/** The alarm history filtered to sites (all the user's when empty) or one device, over a span. */
export function alarmHistoryLink(
  filter: { sites: readonly string[]; deviceId?: string },
  span: { from: number; to: number },
): string {
  const query = new URLSearchParams();
  if (filter.sites.length > 0) query.set('sites', filter.sites.join(','));
  if (filter.deviceId) query.set('devices', filter.deviceId);
  query.set('period', 'custom');
  // Whole minutes that still hold the span's ends.
  query.set('from', isoMinute(Math.floor(span.from / 60_000) * 60_000));
  query.set('to', isoMinute(Math.ceil(span.to / 60_000) * 60_000));
  return `/alarm/history?${query.toString()}`;
}
