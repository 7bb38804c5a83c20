// The top of a chart page: its title and subtitle, an alert with a retry when the sites or the site's
// series did not load, and a sentence when there is no site to chart.
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import type { ChartSite } from './useChartSite.ts';

export function ChartPageHead({
  page,
  chart: { sites, series, list },
  noSites,
}: {
  page: 'heatmap' | 'irradiance';
  chart: ChartSite;
  noSites: string;
}) {
  const { t } = useTranslation(['charts', 'common']);
  const failed = sites.status === 'error' || series.status === 'error';
  return (
    <>
      <PageHeader title={t(`charts:${page}.title`)} subtitle={t(`charts:${page}.subtitle`)} />
      {failed && (
        <RetryAlert
          titled
          message={t('charts:loadError')}
          onRetry={sites.status === 'error' ? sites.reload : series.reload}
        />
      )}
      {sites.status === 'ready' && list.length === 0 && <Text c="dimmed">{noSites}</Text>}
    </>
  );
}
