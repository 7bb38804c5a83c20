// Plant figures as a reader of each language writes them: power and energy scaled (kW → MW → GW),
// ratios as percentages, and the plant units (kWh/kWp, W/m², °C...) from this feature's strings.
// A missing figure is a dash, never a zero.
import type { Language } from '@voltscope/shared/i18n';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { energyParts, formatNumber, powerParts } from '../../i18n/format.ts';
import { intlLocales } from '../../i18n/language.ts';
import type { KeyOf } from '../../i18n/namespaces.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { scaledValueAxis } from '../../plots/scaledValueAxis.ts';
import type { ValueAxis } from '../../plots/valueAxis.ts';

export const MISSING = '—';

const percentFormats = new Map<string, Intl.NumberFormat>();
function formatPercent(lng: Language, ratio: number, digits: number): string {
  const key = `${lng}|${digits}`;
  let format = percentFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocales[lng], { style: 'percent', maximumFractionDigits: digits });
    percentFormats.set(key, format);
  }
  return format.format(ratio);
}

export interface KpiFormat {
  lng: Language;
  /** kW in, scaled to W/kW/MW/GW. */
  power(kw: number | null): string;
  /** kWh in, scaled to Wh/kWh/MWh/GWh. */
  energy(kwh: number | null): string;
  /** A ratio (0.42) as a percentage. */
  percent(ratio: number | null, digits?: number): string;
  /** A signed ratio (−0.12) as a percentage with its sign: deviations from a median. */
  deviation(ratio: number): string;
  specificYield(kwhPerKwp: number | null): string;
  irradiance(wm2: number | null): string;
  insolation(kwhM2: number | null): string;
  temperature(celsius: number | null): string;
  windSpeed(ms: number | null): string;
  /** Equivalent full-load hours (a wind farm's kWh per kW). */
  hours(value: number | null): string;
  /** kW per kW of capacity. */
  normalised(value: number | null): string;
  number(value: number, digits?: number): string;
  /** Chart axes: power in kW (scaled to the axis), irradiance in W/m², normalised power in kW/kWp. */
  axes: { power: ValueAxis; irradiance: ValueAxis; normalised: ValueAxis };
}

/** The power unit for an axis topping at `maxKw`, and what a kW is in it. */
function powerUnit(maxKw: number): { unit: 'kW' | 'MW' | 'GW'; perKw: number } {
  const top = Math.abs(maxKw);
  return top >= 1_000_000
    ? { unit: 'GW', perKw: 1e-6 }
    : top >= 1000
      ? { unit: 'MW', perKw: 1e-3 }
      : { unit: 'kW', perKw: 1 };
}

const yieldDigits = (v: number) => (Math.abs(v) >= 10 ? 1 : 2);

export function makeKpiFormat(lng: Language, t: TFunction<readonly ['dashboards', 'common']>): KpiFormat {
  const or = (value: number | null, format: (v: number) => string) =>
    value === null || !Number.isFinite(value) ? MISSING : format(value);
  // A unit's name alone: its "{{value}} unit" template with no value.
  const unitName = (key: KeyOf<'common'>) => t(key, { value: '' }).trim();
  const power = (kw: number | null) =>
    or(kw, (v) => {
      const parts = powerParts(lng, v * 1000);
      return t(`common:units.${parts.unit}`, { value: parts.value });
    });
  const irradiance = (v: number | null) =>
    or(v, (x) => t('common:units.irradiance', { value: formatNumber(lng, x, 0) }));
  const normalised = (v: number | null) =>
    or(v, (x) => t('common:units.normalised', { value: formatNumber(lng, x, 2) }));
  const powerAxis = scaledValueAxis(
    lng,
    power,
    (max) => unitName(`common:units.${powerUnit(max).unit}`),
    (max) => powerUnit(max).perKw,
  );
  const plainAxis = (unitKey: KeyOf<'common'>, format: (v: number) => string) =>
    scaledValueAxis(lng, format, () => unitName(unitKey));
  return {
    lng,
    power,
    energy: (kwh) =>
      or(kwh, (v) => {
        const parts = energyParts(lng, v * 1000);
        return t(`common:units.${parts.unit}`, { value: parts.value });
      }),
    percent: (ratio, digits = 0) => or(ratio, (v) => formatPercent(lng, v, digits)),
    deviation: (ratio) =>
      ratio > 0 ? `+${formatPercent(lng, ratio, 0)}` : formatPercent(lng, ratio, Math.abs(ratio) < 0.01 ? 1 : 0),
    specificYield: (v) =>
      or(v, (x) => t('common:units.specificYield', { value: formatNumber(lng, x, yieldDigits(x)) })),
    irradiance,
    insolation: (v) => or(v, (x) => t('common:units.insolation', { value: formatNumber(lng, x, 2) })),
    temperature: (v) => or(v, (x) => t('common:units.celsius', { value: formatNumber(lng, x, 1) })),
    windSpeed: (v) => or(v, (x) => t('common:units.windSpeed', { value: formatNumber(lng, x, 1) })),
    hours: (v) => or(v, (x) => t('common:units.hours', { value: formatNumber(lng, x, 2) })),
    normalised,
    number: (value, digits = 0) => formatNumber(lng, value, digits),
    axes: {
      power: powerAxis,
      irradiance: plainAxis('common:units.irradiance', irradiance),
      normalised: plainAxis('common:units.normalised', normalised),
    },
  };
}

/** The formatter for the current language, rebuilt only when it changes. */
export function useKpiFormat(): KpiFormat {
  const { t } = useTranslation(['dashboards', 'common']);
  const lng = useLanguage();
  return useMemo(() => makeKpiFormat(lng, t), [lng, t]);
}
