// What both real-time pages share: the header with the site picker, the chosen site's freshness, and the
// trend line beneath the bars.
import { Alert, Card, Stack, Text } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSiteTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { useRecentHistory } from '../../live/hooks.ts';
import { LiveLineChart } from '../../plots/LiveLineChart.tsx';
import { Freshness } from '../../ui/Freshness.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SitePicker } from '../../ui/SitePicker.tsx';

/** The top of a real-time page: title, site picker, and what went wrong loading (if anything). */
export function LivePageHeader({
  title,
  subtitle,
  sites,
  site,
  onChange,
  failed,
  loaded,
}: {
  title: string;
  subtitle: string;
  sites: readonly Site[];
  site: Site | null;
  onChange: (id: string) => void;
  failed: boolean;
  loaded: boolean;
}): ReactNode {
  const { t } = useTranslation(['realtime', 'common']);
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          sites.length > 0 ? (
            <SitePicker label={t('realtime:site')} sites={sites} site={site} onChange={onChange} />
          ) : null
        }
      />
      {failed && (
        <Alert color="red" variant="light" role="alert">
          {t('realtime:loadError')}
        </Alert>
      )}
      {loaded && sites.length === 0 && <Text c="dimmed">{t('realtime:noSites')}</Text>}
    </>
  );
}

type LivePageHeaderProps = Parameters<typeof LivePageHeader>[0];

/** A real-time page: its header, then, once a site is chosen, its freshness and what `children` draws of it. */
export function LivePage({
  children,
  ...header
}: LivePageHeaderProps & { children: (site: Site) => ReactNode }): ReactNode {
  return (
    <>
      <LivePageHeader {...header} />
      {header.site && (
        <Stack gap="md">
          <Freshness site={header.site} ns="realtime" alertGap="md" />
          {children(header.site)}
        </Stack>
      )}
    </>
  );
}

/** How far back the trend lines beneath the bars reach. */
const TREND_WINDOW_MS = 15 * 60_000;

/** The line of the last 15 minutes beneath the bars: the given series summed, whole from the first draw. */
export function TrendCard({
  site,
  seriesIds,
  title,
  format,
}: {
  site: Site;
  seriesIds: readonly number[];
  title: string;
  format: (value: number) => string;
}) {
  const lng = useLanguage();
  useRecentHistory(site.id, seriesIds, TREND_WINDOW_MS);
  return (
    <Card>
      <Text fw={600} mb="xs">
        {title}
      </Text>
      <LiveLineChart
        siteId={site.id}
        seriesIds={seriesIds}
        windowMs={TREND_WINDOW_MS}
        format={format}
        formatTime={(ms) => formatSiteTime(lng, site.timeZone, new Date(ms), true)}
        ariaLabel={title}
      />
    </Card>
  );
}
