// Plant performance figures the server computes from live values and rollups, shared with the client
// so that pages show them as they are (nothing here is computed again in the browser).
import type { Static } from 'typebox';
import type * as schemas from './contracts/sites.ts';

// GeneratorKpis, SiteKpis, FleetKpis, PeriodKpis and PeriodComparison are the API's replies: their
// schemas (with what each figure means) are in contracts/sites.ts.

export type GeneratorKpis = Static<typeof schemas.GeneratorKpis>;

export type SiteKpis = Static<typeof schemas.SiteKpis>;

export type FleetKpis = Static<typeof schemas.FleetKpis>;

export type PeriodKpis = Static<typeof schemas.PeriodKpis>;

export type PeriodComparison = Static<typeof schemas.PeriodComparison>;

/** One day of a site (deviceId null) or a generator, computed by the hub's daily job and kept. */
export interface DailyKpis {
  siteId: string;
  deviceId: string | null;
  /** The site's local day, YYYY-MM-DD. */
  day: string;
  energyKwh: number | null;
  /** What the plant should have made that day: the POA insolation at a reference PR (solar), or the wind through a generic power curve (wind). */
  expectedKwh: number | null;
  specificYield: number | null;
  performanceRatio: number | null;
  insolationKwhM2: number | null;
  /** Share of the hours it should have produced (sun up, or wind between cut-in and cut-out) in which it did. */
  availability: number | null;
  capacityFactor: number | null;
  computedAt: number;
}

/** The alarm system's own health over a period (ISA-18.2 / EEMUA 191 metrics). */
export interface AlarmHealth {
  from: number;
  to: number;
  targets: { floodPer10Min: number; chatterPerMinute: number; standingHours: number; manageablePer10Min: number };
  /** New alarms per 10-minute window (all sites asked). */
  per10Min: { ts: number[]; counts: number[] };
  averagePer10Min: number;
  /** Windows over the flood target. */
  floods: { start: number; count: number }[];
  /** The ten alarm points raised most often. */
  mostFrequent: { ruleId: number; deviceId: string; siteId: string; message: Record<string, string>; count: number }[];
  /** Points that activated 3 or more times within a minute. */
  chattering: {
    ruleId: number;
    deviceId: string;
    siteId: string;
    message: Record<string, string>;
    activations: number;
  }[];
  /** Open alarms raised more than `standingHours` ago. */
  standing: { id: number; deviceId: string; siteId: string; message: Record<string, string>; raisedAt: number }[];
}
