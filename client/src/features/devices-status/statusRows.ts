// The status grid's rows as the page shows them, without React: filtered (site, type, state, text),
// sorted (the worst first unless a column is chosen), cut into a page, and written as CSV.
import { type AlarmPriority, alarmPriorities } from '@voltscope/shared/alarms';
import type { DeviceStatusState } from '@voltscope/shared/contracts/fleetAdmin';
import { statusRank } from '@voltscope/shared/deviceStatus';
import type { DeviceType } from '@voltscope/shared/fleet';
import type { Reply } from '../../session/api.ts';

export type StatusRow = Reply<'GET /api/devices/status'>[number];

export const sortKeys = ['state', 'name', 'site', 'type', 'model', 'lastSeen', 'quality', 'alarms'] as const;
export type SortKey = (typeof sortKeys)[number];
export interface Sort {
  key: SortKey;
  order: 'asc' | 'desc';
}

export interface StatusFilter {
  site: string | null;
  type: DeviceType | null;
  state: DeviceStatusState | null;
  /** Words to find in the name (the reader's and the registered one), id, model or firmware. */
  text: string;
}

/** How the page words a row: the reader's names of the device, its site and its type. */
export interface RowWords {
  name(row: StatusRow): string;
  site(row: StatusRow): string;
  type(row: StatusRow): string;
  collator: Intl.Collator;
}

const fold = (text: string) => text.toLocaleLowerCase().normalize('NFKD');

export function filterRows(rows: readonly StatusRow[], filter: StatusFilter, words: RowWords): StatusRow[] {
  const needles = fold(filter.text).split(/\s+/).filter(Boolean);
  return rows.filter((row) => {
    if (filter.site && row.siteId !== filter.site) return false;
    if (filter.type && row.type !== filter.type) return false;
    if (filter.state && row.state !== filter.state) return false;
    if (needles.length === 0) return true;
    const haystack = fold([words.name(row), row.name, row.id, row.model, row.firmware].join(' '));
    return needles.every((n) => haystack.includes(n));
  });
}

/** Critical first; a device with no open alarm after every one that has. */
const priorityRank = (p: AlarmPriority | null) => (p === null ? alarmPriorities.length : alarmPriorities.indexOf(p));

/** Nulls (never seen, no quality yet) last whatever the order. */
const byNumber = (a: number | null, b: number | null, sign: number) =>
  a === null ? (b === null ? 0 : 1) : b === null ? -1 : sign * (a - b);

export function sortRows(rows: readonly StatusRow[], sort: Sort, words: RowWords): StatusRow[] {
  const sign = sort.order === 'asc' ? 1 : -1;
  const text = (a: string, b: string) => sign * words.collator.compare(a, b);
  const byName = (a: StatusRow, b: StatusRow) => words.collator.compare(words.name(a), words.name(b));
  // The worst first: the state, then the highest open alarm and how many, then the oldest last word.
  const worst = (a: StatusRow, b: StatusRow) =>
    statusRank[a.state] - statusRank[b.state] ||
    priorityRank(a.alarms.highest) - priorityRank(b.alarms.highest) ||
    b.alarms.open - a.alarms.open ||
    byName(a, b);
  const compare: Record<SortKey, (a: StatusRow, b: StatusRow) => number> = {
    state: (a, b) => sign * worst(a, b),
    name: (a, b) => sign * byName(a, b),
    site: (a, b) => text(words.site(a), words.site(b)) || byName(a, b),
    type: (a, b) => text(words.type(a), words.type(b)) || byName(a, b),
    model: (a, b) => text(`${a.model} ${a.firmware}`, `${b.model} ${b.firmware}`) || byName(a, b),
    lastSeen: (a, b) => byNumber(a.lastSeen, b.lastSeen, sign) || byName(a, b),
    quality: (a, b) => byNumber(a.dataQuality, b.dataQuality, sign) || byName(a, b),
    alarms: (a, b) =>
      sign * (priorityRank(b.alarms.highest) - priorityRank(a.alarms.highest) || a.alarms.open - b.alarms.open) ||
      byName(a, b),
  };
  return [...rows].sort(compare[sort.key]);
}

/** The page `page` (from 1) of `size` rows, the page number brought back within the rows there are. */
export function pageOf<T>(rows: readonly T[], page: number, size: number): { items: T[]; page: number } {
  const last = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), last);
  return { items: rows.slice((current - 1) * size, current * size), page: current };
}

/** One CSV field: quoted when it holds a comma, quote or line break; a formula's lead character defused. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  // A cell starting with =, +, - or @ is a formula to a spreadsheet (CSV injection).
  if (typeof value === 'string' && /^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A CSV document (a byte order mark first, so spreadsheets read it as UTF-8), lines ended by CRLF. */
export function toCsv(header: readonly string[], lines: readonly (readonly (string | number | null)[])[]): string {
  return `\uFEFF${[header, ...lines].map((line) => line.map(csvField).join(',')).join('\r\n')}\r\n`;
}
