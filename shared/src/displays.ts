// Wall displays (kiosk screens): what a playlist may show and the limits of its items, for the admin's
// editor, the hub's checks and the kiosk's runner alike. A display is its own subject: a read-only
// principal scoped to its sites (the `display` role in abilities.ts), bound to one browser by a pairing
// code and a display token that does not expire but can be revoked at once.
import type { Language } from './i18n.ts';

/**
 * The pages a playlist item may show: the monitoring pages, by their route name (client/src/routes.tsx),
 * with the address the kiosk opens. The alarm console is read-only for a display (it cannot act).
 */
export const playlistPages = {
  'overview-fleet': '/overview/fleet',
  'dashboards-solar': '/dashboards/solar',
  'dashboards-real-time-power-bar-chart': '/dashboards/RealTimePowerBarChart',
  'dashboards-real-time-pvbar-chart': '/dashboards/RealTimePVBarChart',
  'overview-solar': '/overview/solar',
  'overview-wind': '/overview/wind',
  'overview-daily-energy': '/overview/ApexChartDailySalesStates',
  'overview-irradiance-power': '/overview/ChartJsLineChart',
  'alarm-realtime': '/alarm/realtime',
  'sld-sl': '/sld/sl',
  'cctv-monitor': '/cctv/monitor',
} as const;
export type PlaylistPage = keyof typeof playlistPages;
export const playlistPageNames = Object.keys(playlistPages) as PlaylistPage[];

/** Pages that show one site, chosen by `?site=`: an item of these names its site (else the display's first). */
export const sitePages: ReadonlySet<PlaylistPage> = new Set([
  'dashboards-real-time-power-bar-chart',
  'dashboards-real-time-pvbar-chart',
  'overview-solar',
  'overview-wind',
  'overview-daily-energy',
  'overview-irradiance-power',
  'sld-sl',
]);

export const MIN_DWELL_S = 5;
export const MAX_DWELL_S = 3600;
export const DEFAULT_DWELL_S = 30;
export const MAX_PLAYLIST_ITEMS = 50;
export const MAX_DISPLAY_NAME = 80;
/** A pairing code is good for this long, and for one pairing. */
export const PAIRING_TTL_MS = 15 * 60_000;
/** After a display renews its token, the previous one keeps working this long (requests in flight). */
export const RENEW_GRACE_MS = 5 * 60_000;
/** A display renews its token this often (silently, while it runs). */
export const RENEW_EVERY_MS = 24 * 3600_000;

export type DisplayTheme = 'light' | 'dark';

export interface PlaylistItem {
  page: PlaylistPage;
  /** For a page of one site: which (null: the display's first site). Ignored by fleet-wide pages. */
  siteId: string | null;
  dwellSeconds: number;
  /** Null: the display's own language. */
  language: Language | null;
  /** Null: the display's own theme. */
  theme: DisplayTheme | null;
}

/** Letters and digits a wall's remote or a phone types without confusion: no 0/O, 1/I/L, 5/S, 2/Z. */
export const PAIRING_ALPHABET = '346789ABCDEFGHJKMNPQRTUVWXY';
/** A pairing code as shown and typed: two groups of four, e.g. `K7QF-M3XD` (case and dash optional). */
export const PAIRING_CODE_PATTERN = /^[346789ABCDEFGHJKMNPQRTUVWXY]{4}-?[346789ABCDEFGHJKMNPQRTUVWXY]{4}$/i;

/** The code as stored and compared: capitals, no dash. */
export const normalPairingCode = (code: string): string => code.trim().toUpperCase().replace('-', '');

/** The kiosk address of an item (with its site when the page shows one). */
export function itemPath(item: PlaylistItem, displaySites: readonly string[]): string {
  const path = playlistPages[item.page];
  if (!sitePages.has(item.page)) return path;
  const site = item.siteId ?? displaySites[0];
  return site ? `${path}?site=${encodeURIComponent(site)}` : path;
}
