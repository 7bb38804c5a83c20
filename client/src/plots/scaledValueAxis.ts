// A value axis whose ticks are numbers in a unit chosen by the axis' top (kW, MW or GW; kWh, MWh or GWh),
// each with digits enough to tell it from the next: what the dashboards' and the analysis' axes share.
import type { Language } from '@voltscope/shared/i18n';
import { formatNumber } from '../i18n/format.ts';
import type { ValueAxis } from './valueAxis.ts';

/** Digits enough to tell ticks `step` apart. */
const tickDigits = (step: number) => (step >= 1 ? 0 : step >= 0.1 ? 1 : step >= 0.01 ? 2 : 3);
const stepOf = (splits: readonly number[]) =>
  splits.length > 1 ? Math.abs((splits[1] as number) - (splits[0] as number)) : 1;

/**
 * `unit(max)` names the axis' unit; `per(max)` is what one of the values is in that unit (1e-3 from kW
 * to MW), 1 when the unit never changes.
 */
export function scaledValueAxis(
  lng: Language,
  format: (value: number) => string,
  unit: (max: number) => string,
  per: (max: number) => number = () => 1,
): ValueAxis {
  return {
    format,
    unit,
    ticks: (splits, max) => {
      const scale = per(max);
      const digits = tickDigits(stepOf(splits) * scale);
      return splits.map((v) => formatNumber(lng, v * scale, digits));
    },
  };
}
