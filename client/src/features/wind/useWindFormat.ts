// Wind quantities in the reader's language: power and energy scaled (kW → MW), speeds, angles,
// temperatures and shares with their units. Intl formatters are made once per language.
import type { Language } from '@voltscope/shared/i18n';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { energyParts, formatNumber, powerParts } from '../../i18n/format.ts';
import { intlLocales } from '../../i18n/language.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { compassPoint } from './liveValue.ts';

const percentFormats = new Map<string, Intl.NumberFormat>();
const fixedFormats = new Map<string, Intl.NumberFormat>();
const signedFormats = new Map<string, Intl.NumberFormat>();

function percentFormat(lng: Language, digits: number): Intl.NumberFormat {
  const key = `${lng}|${digits}`;
  let format = percentFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocales[lng], { style: 'percent', maximumFractionDigits: digits });
    percentFormats.set(key, format);
  }
  return format;
}

/** Exactly `digits` decimals, so that a live figure keeps its width as it changes (5.0, 5.4, 6.0). */
function fixedFormat(lng: Language, digits: number): Intl.NumberFormat {
  const key = `${lng}|${digits}`;
  let format = fixedFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlLocales[lng], { minimumFractionDigits: digits, maximumFractionDigits: digits });
    fixedFormats.set(key, format);
  }
  return format;
}

function signedFormat(lng: Language): Intl.NumberFormat {
  let format = signedFormats.get(lng);
  if (!format) {
    format = new Intl.NumberFormat(intlLocales[lng], { maximumFractionDigits: 0, signDisplay: 'exceptZero' });
    signedFormats.set(lng, format);
  }
  return format;
}

/**
 * A name from the data (a site, a model) isolated for the bidirectional algorithm (U+2068 … U+2069), so
 * that "Tarifa Wind" or "V112-3.0 MW" inside a Persian sentence does not reorder the words around it.
 */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

export interface WindFormat {
  lng: Language;
  power: (kw: number) => string;
  energy: (kwh: number) => string;
  speed: (ms: number, digits?: number) => string;
  rpm: (rpm: number) => string;
  degrees: (deg: number) => string;
  signedDegrees: (deg: number) => string;
  temperature: (celsius: number) => string;
  percent: (share: number, digits?: number) => string;
  /** "NW (315°)": where the wind comes from. */
  direction: (deg: number) => string;
  number: (value: number, digits?: number) => string;
}

export function useWindFormat(): WindFormat {
  const { t } = useTranslation(['wind', 'common']);
  const lng = useLanguage();
  return useMemo(() => {
    const degrees = (deg: number) => t('common:units.degrees', { value: formatNumber(lng, deg, 0) });
    return {
      lng,
      power: (kw) => {
        // A turbine at a standstill reads "0 kW", not "0 W": kW is the smallest unit on these pages.
        if (Math.abs(kw) < 1) return t('common:units.kW', { value: formatNumber(lng, kw, kw === 0 ? 0 : 1) });
        const p = powerParts(lng, kw * 1000);
        return t(`common:units.${p.unit}`, { value: p.value });
      },
      energy: (kwh) => {
        const p = energyParts(lng, kwh * 1000);
        return t(`common:units.${p.unit}`, { value: p.value });
      },
      speed: (ms, digits = 1) => t('common:units.windSpeed', { value: fixedFormat(lng, digits).format(ms) }),
      rpm: (rpm) => t('common:units.rpm', { value: fixedFormat(lng, 1).format(rpm) }),
      degrees,
      signedDegrees: (deg) => t('common:units.degrees', { value: signedFormat(lng).format(Math.round(deg)) }),
      temperature: (celsius) => t('common:units.celsius', { value: fixedFormat(lng, 1).format(celsius) }),
      percent: (share, digits = 0) => percentFormat(lng, digits).format(share),
      direction: (deg) =>
        t('wind:directionFrom', { point: t(`wind:compass.${compassPoint(deg)}`), degrees: degrees(deg) }),
      number: (value, digits = 0) => formatNumber(lng, value, digits),
    } satisfies WindFormat;
  }, [t, lng]);
}
