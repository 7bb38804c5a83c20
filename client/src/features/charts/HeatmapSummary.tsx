// The heatmap in words: total energy, best and worst day, peak hour and hours without data. Visible to
// everyone, and the description screen readers get for the chart.
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { formatClockHour, formatDay, formatEnergy } from './formatCharts.ts';
import type { GridSummary } from './hourGrid.ts';

function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Stack>
  );
}

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
      <Figure
        testId="summary-total"
        label={t('charts:heatmap.total')}
        value={formatEnergy(lng, total)}
        detail={t('charts:heatmap.overDays', { days: formatNumber(lng, days) })}
      />
      <Figure
        testId="summary-best"
        label={t('charts:heatmap.bestDay')}
        value={best ? formatEnergy(lng, best.kwh) : '—'}
        {...(best ? { detail: formatDay(lng, best.day, 'long') } : {})}
      />
      <Figure
        testId="summary-worst"
        label={t('charts:heatmap.worstDay')}
        value={worst ? formatEnergy(lng, worst.kwh) : '—'}
        {...(worst ? { detail: formatDay(lng, worst.day, 'long') } : {})}
      />
      <Figure
        testId="summary-peak"
        label={t('charts:heatmap.peakHour')}
        value={peak ? formatEnergy(lng, peak.kwh) : '—'}
        {...(peak ? { detail: `${formatDay(lng, peak.day, 'short')} ${formatClockHour(lng, peak.hour)}` } : {})}
      />
      <Figure
        testId="summary-missing"
        label={t('charts:heatmap.missingHours')}
        value={missing > 0 ? formatNumber(lng, missing) : t('charts:none')}
      />
    </SimpleGrid>
  );
}
