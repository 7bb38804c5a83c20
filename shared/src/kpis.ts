// Plant performance figures the server computes from live values and rollups, shared with the client
// so that pages show them as they are (nothing here is computed again in the browser).
import type { Static } from 'typebox';
import type * as analysis from './contracts/analysis.ts';
import type * as schemas from './contracts/sites.ts';

// GeneratorKpis, SiteKpis, FleetKpis, PeriodKpis and PeriodComparison are the API's replies: their
// schemas (with what each figure means) are in contracts/sites.ts.

export type GeneratorKpis = Static<typeof schemas.GeneratorKpis>;

export type SiteKpis = Static<typeof schemas.SiteKpis>;

export type FleetKpis = Static<typeof schemas.FleetKpis>;

export type PeriodKpis = Static<typeof schemas.PeriodKpis>;

export type PeriodComparison = Static<typeof schemas.PeriodComparison>;

// DailyKpis and AlarmHealth: their schemas are in contracts/analysis.ts.

export type DailyKpis = Static<typeof analysis.DailyKpis>;

export type AlarmHealth = Static<typeof analysis.AlarmHealth>;
