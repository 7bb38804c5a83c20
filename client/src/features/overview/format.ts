// Formatting a live or historical value of a solar plant for the reader: numbers in their language,
// powers and energies scaled (kW → MW → GW), units as SI symbols (written the same in every language).
import type { Language } from '@voltscope/shared/i18n';
import { energyParts, formatNumber, powerParts } from '../../i18n/format.ts';
import { intlLocales } from '../../i18n/language.ts';

export type ValueFormat = (value: number) => string;

/**
 * `value unit`, with a no-break space so that a value never wraps away from its unit, and the unit
 * isolated left to right so that right-to-left text does not reorder it ("°C" would show as "C°").
 */
const withUnit = (value: string, unit: string) => `${value}\u00a0\u2066${unit}\u2069`;

export interface PlantFormats {
  /** A power given in kW. */
  power: ValueFormat;
  /** A reactive power given in kvar. */
  reactive: ValueFormat;
  /** An energy given in kWh. */
  energy: ValueFormat;
  irradiance: ValueFormat;
  temperature: ValueFormat;
  windSpeed: ValueFormat;
  direction: ValueFormat;
  /** Volts (an inverter's AC side, an MPPT input). */
  volts: ValueFormat;
  /** Kilovolts (the grid). */
  kilovolts: ValueFormat;
  amps: ValueFormat;
  hertz: ValueFormat;
  /** A ratio (0.73) as a percentage. */
  percent: ValueFormat;
  /** kWh/kWp. */
  specificYield: ValueFormat;
  /** kWh/m². */
  insolation: ValueFormat;
  /** cos φ, without a unit. */
  powerFactor: ValueFormat;
}

const cache = new Map<Language, PlantFormats>();

/** The formats for a language, made once. */
export function plantFormats(lng: Language): PlantFormats {
  const cached = cache.get(lng);
  if (cached) return cached;
  const percentWhole = new Intl.NumberFormat(intlLocales[lng], { style: 'percent', maximumFractionDigits: 0 });
  const percentFine = new Intl.NumberFormat(intlLocales[lng], { style: 'percent', maximumFractionDigits: 1 });
  const cosPhi = new Intl.NumberFormat(intlLocales[lng], { minimumFractionDigits: 2, maximumFractionDigits: 3 });
  const scaled = (parts: { value: string; unit: string }) => withUnit(parts.value, parts.unit);
  const formats: PlantFormats = {
    power: (kw) => scaled(powerParts(lng, kw * 1000)),
    reactive: (kvar) => {
      const { value, unit } = powerParts(lng, kvar * 1000);
      return withUnit(value, unit.replace('W', 'var'));
    },
    energy: (kwh) => scaled(energyParts(lng, kwh * 1000)),
    irradiance: (v) => withUnit(formatNumber(lng, v, 0), 'W/m²'),
    temperature: (v) => withUnit(formatNumber(lng, v, 1), '°C'),
    windSpeed: (v) => withUnit(formatNumber(lng, v, 1), 'm/s'),
    direction: (v) => `\u2066${formatNumber(lng, v, 0)}°\u2069`,
    volts: (v) => withUnit(formatNumber(lng, v, 0), 'V'),
    kilovolts: (v) => withUnit(formatNumber(lng, v, 2), 'kV'),
    amps: (v) => withUnit(formatNumber(lng, v, 1), 'A'),
    hertz: (v) => withUnit(formatNumber(lng, v, 2), 'Hz'),
    percent: (ratio) => (Math.abs(ratio) < 0.1 ? percentFine : percentWhole).format(ratio),
    specificYield: (v) => withUnit(formatNumber(lng, v, Math.abs(v) < 0.1 ? 3 : 2), 'kWh/kWp'),
    insolation: (v) => withUnit(formatNumber(lng, v, 2), 'kWh/m²'),
    powerFactor: (v) => cosPhi.format(v),
  };
  cache.set(lng, formats);
  return formats;
}
