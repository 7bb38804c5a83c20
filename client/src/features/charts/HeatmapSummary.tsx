// The heatmap in words: total energy, best and worst day, peak hour and hours without data. Visible to
// everyone, and the description screen readers get for the chart.
import { SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { formatClockHour, formatDay, formatEnergy } from './formatCharts.ts';
import type { GridSummary } from './hourGrid.ts';
import { SummaryFigure } from './SummaryFigure.tsx';

export function HeatmapSummary({ id, summary, days }: { id: string; summary: GridSummary; days: number }) {
  const { t } = useTranslation(['charts', 'common']);
  const lng = useLanguage();
  const { total, best, worst, peak, missing } = summary;
  return (
    <SimpleGrid
      id={id}
      type="container"
      cols={{ base: 2, '640px': 5 }}
      spacing="md"
      mt="md"
      data-testid="heatmap-summary"
      aria-label={t('charts:summary')}
      component="section"
    >
      <SummaryFigure
        testId="summary-total"
        mainFigure
        label={t('charts:heatmap.total')}
        value={formatEnergy(lng, total)}
        detail={t('charts:heatmap.overDays', { days: formatNumber(lng, days) })}
      />
      <SummaryFigure
        testId="summary-best"
        label={t('charts:heatmap.bestDay')}
        value={best ? formatEnergy(lng, best.kwh) : '—'}
        {...(best ? { detail: formatDay(lng, best.day, 'long') } : {})}
      />
      <SummaryFigure
        testId="summary-worst"
        label={t('charts:heatmap.worstDay')}
        value={worst ? formatEnergy(lng, worst.kwh) : '—'}
        {...(worst ? { detail: formatDay(lng, worst.day, 'long') } : {})}
      />
      <SummaryFigure
        testId="summary-peak"
        label={t('charts:heatmap.peakHour')}
        value={peak ? formatEnergy(lng, peak.kwh) : '—'}
        {...(peak ? { detail: `${formatDay(lng, peak.day, 'short')} ${formatClockHour(lng, peak.hour)}` } : {})}
      />
      <SummaryFigure
        testId="summary-missing"
        label={t('charts:heatmap.missingHours')}
        value={missing > 0 ? formatNumber(lng, missing) : t('charts:none')}
      />
    </SimpleGrid>
  );
}
