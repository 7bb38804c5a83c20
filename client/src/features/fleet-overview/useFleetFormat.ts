// The overview's figures in the reader's language: power scaled (kW → MW → GW) and shares as
// percentages, with Intl formatters made once per language. A missing figure is a dash.
import type { SiteKind } from '@voltscope/shared/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { capacityParts, powerParts } from '../../i18n/format.ts';
import { intlLocales } from '../../i18n/language.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';

export interface FleetFormat {
  power(kw: number | null): string;
  percent(ratio: number): string;
  capacity(kw: number, kind: SiteKind): string;
}

export function useFleetFormat(): FleetFormat {
  const { t } = useTranslation(['fleet', 'common']);
  const lng = useLanguage();
  return useMemo(() => {
    const percent = new Intl.NumberFormat(intlLocales[lng], { style: 'percent', maximumFractionDigits: 0 });
    return {
      power: (kw) => {
        if (kw === null || !Number.isFinite(kw)) return '—';
        const parts = powerParts(lng, kw * 1000);
        return t(`common:units.${parts.unit}`, { value: parts.value });
      },
      percent: (ratio) => percent.format(ratio),
      capacity: (kw, kind) => {
        const parts = capacityParts(lng, kw, kind);
        return t(`common:units.${parts.unit}`, { value: parts.value });
      },
    };
  }, [lng, t]);
}
