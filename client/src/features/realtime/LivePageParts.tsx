// What both real-time pages share: the site picker (kept in the URL), the freshness line and the
// notice when the live connection is down or the site was refused.
import { Alert, Card, Group, Select, Text } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LiveLineChart } from '../../charts/LiveLineChart.tsx';
import { formatSiteTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { useConnection, useLastFrameTime, useRecentHistory } from '../../live/hooks.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';

/** The chosen site (from `?site=`), defaulting to the first one offered. */
export function useChosenSite(sites: readonly Site[]): [Site | null, (id: string) => void] {
  const [params, setParams] = useSearchParams();
  const chosen = sites.find((s) => s.id === params.get('site')) ?? sites[0] ?? null;
  const choose = (id: string) =>
    setParams(
      (p) => {
        p.set('site', id);
        return p;
      },
      { replace: true },
    );
  return [chosen, choose];
}

export function SitePicker({
  sites,
  site,
  onChange,
}: {
  sites: readonly Site[];
  site: Site | null;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('realtime.site')}
      data={sites.map((s) => ({ value: s.id, label: s.name }))}
      value={site?.id ?? null}
      onChange={(id) => id && onChange(id)}
      allowDeselect={false}
      w={260}
      data-testid="site-picker"
    />
  );
}

export function Freshness({ site }: { site: Site }) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const last = useLastFrameTime(site.id);
  const status = useConnection((s) => s.status);
  const refused = useConnection((s) => s.refused[site.id]);
  return (
    <>
      {refused && (
        <Alert color="red" variant="light" mb="md" role="alert">
          {t('realtime.refused')}
        </Alert>
      )}
      {(status === 'reconnecting' || status === 'offline') && (
        <Alert color="yellow" variant="light" mb="md" role="status">
          {t(status === 'offline' ? 'realtime.offline' : 'realtime.reconnecting')}
        </Alert>
      )}
      <Group gap="xs">
        <Text size="sm" c="dimmed" data-testid="last-frame">
          {last
            ? t('realtime.lastFrame', { time: formatSiteTime(lng, site.timeZone, new Date(last), true) })
            : t('realtime.waiting')}
        </Text>
      </Group>
    </>
  );
}

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
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={sites.length > 0 ? <SitePicker sites={sites} site={site} onChange={onChange} /> : null}
      />
      {failed && (
        <Alert color="red" variant="light" role="alert">
          {t('realtime.loadError')}
        </Alert>
      )}
      {loaded && sites.length === 0 && <Text c="dimmed">{t('realtime.noSites')}</Text>}
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
