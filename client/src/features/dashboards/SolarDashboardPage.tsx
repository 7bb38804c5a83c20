// Where admins land: the fleet's figures now (refreshed every few seconds in place), its power over the
// last hours with irradiance (live), the best and worst inverters of each solar site today, the sites on
// a map with their live power, and each site as a card that opens its overview, with its worst active alarm. Figures past their expected
// period are marked stale.
import { Alert, Card, Grid, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlarmFeed } from '../../alarmFeed/hooks.ts';
import { noAlarms, useSiteAlarmSummaries } from '../../alarmFeed/siteAlarms.ts';
import { useSites } from '../../data/sites.ts';
import { useOlderThan, usePolled } from '../../data/usePolled.ts';
import { formatSiteTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { useLiveSites } from '../../live/hooks.ts';
import { call } from '../../session/api.ts';
import { IconAlertTriangle } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { FleetPowerCard } from './FleetPowerCard.tsx';
import { FleetStats } from './FleetStats.tsx';
import { KPI_REFRESH_MS, STALE_AFTER_MS } from './freshness.ts';
import { InverterRanking } from './InverterRanking.tsx';
import { FleetMap } from './map/FleetMap.tsx';
import { NoSolarData } from './NoSolarData.tsx';
import { SiteCard } from './SiteCard.tsx';
import { useMinuteClock } from './useMinuteClock.ts';
import { startEarlySources, useTrendSources } from './useTrendSources.ts';

// By the width of the content, not of the window: the vertical navigation takes its share.
const GRID = { base: 1, '560px': 2, '1000px': 3, '1500px': 4 } as const;
const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

// Opened at this address (not fetched ahead for a link): the chart's series lookups start now, as the code
// arrives, beside the app's start-up (useTrendSources.ts).
if (window.location.pathname === '/dashboards/solar') startEarlySources();

function LoadingCards() {
  return (
    <Stack gap="lg" aria-busy="true">
      <SimpleGrid type="container" cols={{ base: 1, '520px': 2, '1100px': 4 }} spacing="md">
        {[0, 1, 2, 3].map((n) => (
          <Skeleton key={n} height={110} radius="md" />
        ))}
      </SimpleGrid>
      <Skeleton height={380} radius="md" />
      <SimpleGrid type="container" cols={GRID} spacing="lg">
        {[0, 1, 2].map((n) => (
          <Card key={n}>
            <Skeleton height={40} width="60%" />
            <Skeleton height={32} width="50%" mt="lg" />
            <Skeleton height={90} mt="lg" />
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function SolarDashboardPage() {
  const { t } = useTranslation(['dashboards', 'common']);
  const lng = useLanguage();
  const sites = useSites();
  const fleet = usePolled(call('GET /api/kpis/fleet'), KPI_REFRESH_MS);
  const clock = useMinuteClock();
  useAlarmFeed();
  const alarms = useSiteAlarmSummaries();

  const siteById = useMemo(
    () => new Map<string, Site>(sites.status === 'ready' ? sites.data.map((s) => [s.id, s]) : []),
    [sites],
  );
  const ordered = useMemo(
    () => (fleet.data ? [...fleet.data.sites].sort((a, b) => a.name.localeCompare(b.name, lng)) : null),
    [fleet.data, lng],
  );
  // The chart's sources change only when the set of sites does, not at each refresh of the figures.
  const siteKey = ordered?.map((s) => `${s.siteId}:${s.kind}`).join(',') ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `siteKey` stands for the list.
  const chartSites = useMemo(
    () => ordered?.map((s) => ({ siteId: s.siteId, name: s.name, kind: s.kind })) ?? null,
    [siteKey, lng],
  );
  useLiveSites(chartSites?.map((s) => s.siteId) ?? []);
  const sources = useTrendSources(chartSites);
  const powerIds = useMemo(
    () => new Map(sources.status === 'ready' ? sources.data.map((s) => [s.siteId, s.powerId]) : []),
    [sources],
  );

  const stale = useOlderThan(fleet.receivedAt, STALE_AFTER_MS);
  const updated = fleet.receivedAt ? formatSiteTime(lng, viewerZone, new Date(fleet.receivedAt), true) : null;
  const staleSince = stale ? (fleet.receivedAt ?? 'never') : false;

  const header = (
    <PageHeader
      title={t('dashboards:title')}
      subtitle={t('dashboards:subtitle')}
      actions={
        updated && (
          <Text size="sm" c="dimmed" data-testid="fleet-updated" data-stale={stale}>
            {t('dashboards:updated', { time: updated })}
          </Text>
        )
      }
    />
  );

  if (!fleet.data) {
    return (
      <>
        {header}
        {fleet.error ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle />}
            title={t('dashboards:loadError')}
            role="alert"
          >
            {t('dashboards:retrying')}
          </Alert>
        ) : (
          <LoadingCards />
        )}
      </>
    );
  }
  const data = fleet.data;

  return (
    <>
      {header}
      {fleet.error !== null && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle />}
          mb="md"
          role="status"
          data-testid="fleet-stale"
        >
          {t('dashboards:refreshFailed', { time: updated })}
        </Alert>
      )}
      {data.sites.length === 0 ? (
        <NoSolarData what="sites" />
      ) : (
        <>
          <FleetStats fleet={data} stale={staleSince} />
          <Grid gap="lg" mb="lg">
            <Grid.Col span={{ base: 12, xl: 8 }}>
              <FleetPowerCard
                sources={sources.status === 'ready' ? sources.data : null}
                failed={sources.status === 'error'}
                capacityKw={data.capacityKw}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xl: 4 }}>
              <InverterRanking sites={ordered ?? []} />
            </Grid.Col>
          </Grid>
          <FleetMap
            sites={ordered ?? []}
            siteById={sites.status === 'loading' ? null : siteById}
            powerIds={powerIds}
            alarms={alarms}
          />
          <Group justify="space-between" mb="sm">
            <Text fw={600} component="h3" fz="lg">
              {t('dashboards:sites')}
            </Text>
          </Group>
          <SimpleGrid type="container" cols={GRID} spacing="lg">
            {(ordered ?? []).map((site) => (
              <SiteCard
                key={site.siteId}
                kpis={site}
                site={siteById.get(site.siteId)}
                now={clock}
                responseStale={staleSince}
                alarms={alarms.bySite.get(site.siteId) ?? noAlarms}
                alarmsKnown={alarms.known(site.siteId)}
              />
            ))}
          </SimpleGrid>
        </>
      )}
    </>
  );
}
