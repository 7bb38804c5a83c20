// The irradiance page in words: the period's figures from the hub (energy, specific yield, insolation,
// IEC 61724 performance ratio) and the peaks of the lines drawn (power, irradiance, module temperature,
// with when they happened). Visible to everyone, and the description screen readers get for the chart.
import { SimpleGrid } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import type { PeriodComparison } from '@voltscope/shared/kpis';
import { useTranslation } from 'react-i18next';
import { useResource } from '../../data/useResource.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { call } from '../../session/api.ts';
import { formatEnergy, formatPercent, formatPower, formatSiteDateTime, formatWithUnit } from './formatCharts.ts';
import { COLUMN } from './irradianceSeries.ts';
import type { HistoryColumns } from './liveTail.ts';
import { SummaryFigure } from './SummaryFigure.tsx';

/** The largest value of a column and its bucket's start. */
function peakOf(history: HistoryColumns | null, column: number): { value: number; at: number | null } | null {
  const values = history?.columns[column] ?? [];
  let best = -1;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== null && v !== undefined && (best < 0 || v > (values[best] as number))) best = i;
  }
  // A peak of zero (a night, an outage) has no moment worth naming.
  if (best < 0 || !history) return null;
  const value = values[best] as number;
  return { value, at: value > 0 ? (history.ts[best] as number) : null };
}

export function IrradianceSummary({
  id,
  site,
  history,
  range,
  mainFigure,
}: {
  id: string;
  site: Site;
  history: HistoryColumns | null;
  range: { from: number; to: number };
  /** The energy is the page's main figure (when no live power is shown above the chart). */
  mainFigure: boolean;
}) {
  const { t } = useTranslation(['charts', 'common']);
  const lng = useLanguage();
  const kpis = useResource<PeriodComparison>(
    call('GET /api/kpis/period', {
      query: { sites: site.id, from: String(Math.floor(range.from)), to: String(Math.ceil(range.to)), maxPoints: 10 },
    }),
  );
  const item = kpis.status === 'ready' ? kpis.data.items[0] : undefined;
  const dash = '—';
  const when = (at: number) => formatSiteDateTime(lng, site.timeZone, at);
  const power = peakOf(history, COLUMN.power);
  const irradiance = peakOf(history, COLUMN.irradiance);
  const module = peakOf(history, COLUMN.moduleTemp);
  const pending = kpis.status === 'loading' ? '…' : dash;

  return (
    <SimpleGrid
      id={id}
      type="container"
      cols={{ base: 2, '520px': 3, '900px': 6 }}
      spacing="md"
      mt="md"
      component="section"
      aria-label={t('charts:summary')}
      data-testid="irradiance-summary"
    >
      <SummaryFigure
        testId="summary-energy"
        mainFigure={mainFigure}
        label={t('charts:irradiance.energy')}
        value={item?.energyKwh != null ? formatEnergy(lng, item.energyKwh) : pending}
        {...(item?.specificYield != null
          ? { detail: t('charts:irradiance.specificYield', { value: formatNumber(lng, item.specificYield, 2) }) }
          : {})}
      />
      <SummaryFigure
        testId="summary-insolation"
        label={t('charts:irradiance.insolation')}
        value={item?.insolationKwhM2 != null ? formatWithUnit(lng, item.insolationKwhM2, 'kWh/m²', 2) : pending}
      />
      <SummaryFigure
        testId="summary-pr"
        label={t('charts:irradiance.pr')}
        value={item?.performanceRatio != null ? formatPercent(lng, item.performanceRatio) : pending}
      />
      <SummaryFigure
        testId="summary-peak-power"
        label={t('charts:irradiance.peakPower')}
        value={power ? formatPower(lng, power.value) : dash}
        {...(power?.at ? { detail: when(power.at) } : {})}
      />
      <SummaryFigure
        testId="summary-peak-poa"
        label={t('charts:irradiance.peakPoa')}
        value={irradiance ? formatWithUnit(lng, irradiance.value, 'W/m²') : dash}
        {...(irradiance?.at ? { detail: when(irradiance.at) } : {})}
      />
      <SummaryFigure
        testId="summary-peak-module"
        label={t('charts:irradiance.peakModule')}
        value={module ? formatWithUnit(lng, module.value, '°C', 1) : dash}
        {...(module?.at ? { detail: when(module.at) } : {})}
      />
    </SimpleGrid>
  );
}
