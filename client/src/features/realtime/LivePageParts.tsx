// What both real-time pages share: the header with the site picker, the chosen site's freshness (and its
// banner when it goes silent), the total now above the bars, and the trend line beneath them. A chart or
// total is hatched as stale when none of its series is live any more (the age watchdog's verdict).
import { Alert, Card, Group, Stack, Text } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteSeries } from '../../data/useSiteSeries.ts';
import { formatSiteTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { useRecentHistory } from '../../live/hooks.ts';
import { liveStore } from '../../live/liveStore.ts';
import { useSeriesListStaleSince } from '../../live/staleness.ts';
import { LiveLineChart } from '../../plots/LiveLineChart.tsx';
import { Freshness } from '../../ui/Freshness.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SitePicker } from '../../ui/SitePicker.tsx';
import { SiteStaleBanner } from '../../ui/SiteStaleBanner.tsx';
import { StaleMark } from '../../ui/StaleMark.tsx';
import { useLatest } from '../../ui/useLatest.ts';

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
          <SiteStaleBanner site={header.site} />
          {children(header.site)}
        </Stack>
      )}
    </>
  );
}

/** When a chart of these series went stale: every one of them silent (null while any is live). */
function useChartStaleSince(site: Site, seriesIds: readonly number[], fleet: SiteSeries | null): number | null {
  const sources = useMemo(() => seriesIds.map((id) => ({ id, periodMs: fleet?.periodMs(id) })), [seriesIds, fleet]);
  return useSeriesListStaleSince(site.id, sources, 'all');
}

/** A chart of these series, hatched once none of them is live. */
export function StaleChart({
  site,
  seriesIds,
  fleet,
  children,
}: {
  site: Site;
  seriesIds: readonly number[];
  fleet: SiteSeries | null;
  children: ReactNode;
}) {
  const since = useChartStaleSince(site, seriesIds, fleet);
  return (
    <StaleMark since={since} timeZone={site.timeZone}>
      {children}
    </StaleMark>
  );
}

/**
 * The sum of some series now, written into the DOM after each frame of the site (never a React render
 * per frame): the page's main figure, the first thing a wall reader looks at.
 */
export function LiveTotal({
  site,
  seriesIds,
  fleet,
  label,
  format,
}: {
  site: Site;
  seriesIds: readonly number[];
  fleet: SiteSeries | null;
  label: string;
  format: (value: number) => string;
}) {
  const value = useRef<HTMLSpanElement | null>(null);
  const formatRef = useLatest(format);
  useEffect(() => {
    const write = () => {
      let sum = 0;
      let any = false;
      for (const id of seriesIds) {
        const latest = liveStore.latest(id);
        if (!latest) continue;
        sum += latest.value;
        any = true;
      }
      const text = any ? formatRef.current(sum) : '—';
      if (value.current && value.current.textContent !== text) value.current.textContent = text;
    };
    write();
    return liveStore.onFrame(site.id, write);
  }, [site.id, seriesIds, formatRef]);
  return (
    <StaleChart site={site} seriesIds={seriesIds} fleet={fleet}>
      <Card>
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Text fw={600}>{label}</Text>
          <Text
            component="span"
            ref={value}
            fz={32}
            fw={700}
            className="vs-tabular"
            data-main-figure=""
            data-testid="live-total"
          >
            —
          </Text>
        </Group>
      </Card>
    </StaleChart>
  );
}

/** How far back the trend lines beneath the bars reach. */
const TREND_WINDOW_MS = 15 * 60_000;

/** The line of the last 15 minutes beneath the bars: the given series summed, whole from the first draw. */
export function TrendCard({
  site,
  seriesIds,
  fleet,
  title,
  format,
}: {
  site: Site;
  seriesIds: readonly number[];
  fleet: SiteSeries | null;
  title: string;
  format: (value: number) => string;
}) {
  const lng = useLanguage();
  useRecentHistory(site.id, seriesIds, TREND_WINDOW_MS);
  return (
    <StaleChart site={site} seriesIds={seriesIds} fleet={fleet}>
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
    </StaleChart>
  );
}
