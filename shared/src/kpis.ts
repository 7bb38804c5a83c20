// Plant performance figures the server computes from live values and rollups, shared with the client
// so that pages show them as they are (nothing here is computed again in the browser).
import type { SiteKind } from './domain.ts';
import type { DeviceState, DeviceType } from './fleet.ts';

/** A generator (inverter or turbine) now. Values are null while the device has not reported them. */
export interface GeneratorKpis {
  deviceId: string;
  name: string;
  type: DeviceType;
  ratedKw: number | null;
  state: DeviceState;
  /** The device's `state` series: running, standby, fault... (see inverterStates / turbineStates). */
  operatingState: number | null;
  faultCode: number | null;
  powerKw: number | null;
  energyTodayKwh: number | null;
  /** Energy today per kW of the device's share of the plant's capacity (kWh/kWp). */
  specificYieldToday: number | null;
  lastSeen: number | null;
}

export interface SiteKpis {
  siteId: string;
  name: string;
  kind: SiteKind;
  timeZone: string;
  capacityKw: number;
  /** When these figures were computed (ms). */
  at: number;
  /** Power delivered now: the grid meter, or the sum of the generators where there is no meter. */
  powerKw: number | null;
  /** powerKw / capacityKw. */
  shareOfCapacity: number | null;
  /** Since the site's local midnight. */
  energyTodayKwh: number | null;
  specificYieldToday: number | null;
  /** Plane-of-array irradiance now (solar). */
  irradiance: number | null;
  /** Plane-of-array insolation since local midnight, kWh/m² (solar). */
  insolationTodayKwhM2: number | null;
  /** IEC 61724 performance ratio today: final yield / reference yield (solar, after 50 Wh/m²). */
  performanceRatioToday: number | null;
  moduleTemperature: number | null;
  ambientTemperature: number | null;
  windSpeed: number | null;
  /** Share of generators able to produce (not in fault, not offline, not in maintenance). */
  availability: number | null;
  devices: Record<DeviceState, number>;
  /** The site's overall state: the worst of its generators', tempered by how many. */
  state: 'online' | 'degraded' | 'fault' | 'offline';
  generators: GeneratorKpis[];
}

export interface FleetKpis {
  at: number;
  capacityKw: number;
  powerKw: number;
  energyTodayKwh: number;
  sites: SiteKpis[];
}

/** One site's or one generator's figures over a period, and its power normalised to capacity. */
export interface PeriodKpis {
  id: string;
  name: string;
  siteId: string;
  capacityKw: number;
  energyKwh: number | null;
  specificYield: number | null;
  insolationKwhM2: number | null;
  performanceRatio: number | null;
  /** kW per kW of capacity for each bucket of `PeriodComparison.ts` (null where there is no data). */
  normalisedPower: (number | null)[];
}

export interface PeriodComparison {
  from: number;
  to: number;
  bucketMs: number;
  ts: number[];
  items: PeriodKpis[];
}

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
