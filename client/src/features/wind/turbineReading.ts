// What a turbine shows now, read from the live store: its values, how fresh they are and its state.
// Called on a timer by the tiles and cards (useLiveSnapshot), never per sample.

import type { TurbineMetric } from '@voltscope/shared/turbineMetrics';
import { sampleAge } from '../../live/ageWatchdog.ts';
import type { LiveStore } from '../../live/liveStore.ts';
import { type Freshness, freshnessOf, type TurbineStatus, turbineStatus } from './liveValue.ts';
import type { Turbine } from './useWindSite.ts';

export interface TurbineReading {
  id: string;
  status: TurbineStatus;
  freshness: Freshness;
  /** When the turbine's newest sample was taken, null when it never reported. */
  newestTs: number | null;
  /** Age of the turbine's newest sample (ms), null when it never reported. */
  age: number | null;
  values: Partial<Record<TurbineMetric, number>>;
}

export function readTurbine(store: LiveStore, siteId: string, turbine: Turbine, now: number): TurbineReading {
  const values: TurbineReading['values'] = {};
  let newest: number | null = null;
  let period = 1000;
  for (const [metric, ref] of Object.entries(turbine.series) as [TurbineMetric, { id: number; periodMs: number }][]) {
    const sample = store.latest(ref.id);
    if (!sample) continue;
    values[metric] = sample.value;
    if (newest === null || sample.ts > newest) newest = sample.ts;
    period = Math.max(period, ref.periodMs);
  }
  const age = newest === null ? null : sampleAge(newest, store.progress(siteId), now);
  const freshness = freshnessOf(age, period);
  return {
    id: turbine.device.id,
    status: turbineStatus(values.state ?? null, freshness, turbine.device.state === 'maintenance'),
    freshness,
    newestTs: newest,
    // Whole seconds: the snapshot changes (and the card renders) only when the age shown would.
    age: age === null ? null : Math.floor(age / 1000) * 1000,
    values,
  };
}
