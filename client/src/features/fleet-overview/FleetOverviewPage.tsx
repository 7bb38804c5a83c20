// The level-1 fleet overview (ISA-101): one tile per site the user may read, in a full-width grid in
// large type, for an operator to read in five seconds and for a wall screen's first page. Figures come
// from the hub's site KPIs (refreshed every few seconds in place), alarms from the alarm feed, the
// communication state from the live frames of each site. The fleet's power now, in the header, is the
// page's main figure.
import { Alert, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
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
import { FleetTile } from './FleetTile.tsx';
import { useFleetFormat } from './useFleetFormat.ts';

/** How often the hub's figures are asked for; three refreshes missed and they are marked stale. */
const REFRESH_MS = 10_000;
const STALE_MS = 3 * REFRESH_MS;
const GRID = { base: 1, '620px': 2, '1000px': 3, '1500px': 4, '2200px': 5 } as const;
const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function FleetOverviewPage() {
  const { t } = useTranslation(['fleet', 'common']);
  const lng = useLanguage();
  const f = useFleetFormat();
  useAlarmFeed();
  const sites = useSites();
  const fleet = usePolled(call('GET /api/kpis/fleet'), REFRESH_MS);
  const alarms = useSiteAlarmSummaries();
  const stale = useOlderThan(fleet.receivedAt, STALE_MS);

  const siteById = useMemo(
    () => new Map<string, Site>(sites.status === 'ready' ? sites.data.map((s) => [s.id, s]) : []),
    [sites],
  );
  const ordered = useMemo(
    () => (fleet.data ? [...fleet.data.sites].sort((a, b) => a.name.localeCompare(b.name, lng)) : null),
    [fleet.data, lng],
  );
  useLiveSites(ordered?.map((s) => s.siteId) ?? []);
  const updated = fleet.receivedAt ? formatSiteTime(lng, viewerZone, new Date(fleet.receivedAt), true) : null;

  return (
    <>
      <PageHeader
        title={t('fleet:title')}
        subtitle={t('fleet:subtitle')}
        actions={
          updated && (
            <Stack gap={0} align="flex-end">
              {fleet.data && (
                <Text size="sm" c="dimmed">
                  {t('fleet:powerNow')}{' '}
                  <Text
                    component="span"
                    fz="xl"
                    fw={700}
                    c="var(--mantine-color-text)"
                    className="vs-tabular"
                    data-main-figure=""
                    data-testid="fleet-power"
                  >
                    {f.power(fleet.data.powerKw)}
                  </Text>
                </Text>
              )}
              <Text size="sm" c="dimmed" data-testid="fleet-updated" data-stale={stale}>
                {t('fleet:updated', { time: updated })}
              </Text>
            </Stack>
          )
        }
      />
      {fleet.error !== null && (
        <Alert
          color="gray"
          variant="outline"
          icon={<IconAlertTriangle />}
          mb="md"
          role={fleet.data ? 'status' : 'alert'}
          data-testid="fleet-error"
        >
          {fleet.data ? t('fleet:refreshFailed', { time: updated }) : t('fleet:loadError')}
        </Alert>
      )}
      {ordered === null ? (
        fleet.error === null && (
          <SimpleGrid type="container" cols={GRID} spacing="lg" aria-busy="true">
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} height={340} radius="md" />
            ))}
          </SimpleGrid>
        )
      ) : ordered.length === 0 ? (
        <Text c="dimmed" data-testid="fleet-empty">
          {t('fleet:empty')}
        </Text>
      ) : (
        <SimpleGrid type="container" cols={GRID} spacing="lg" data-testid="fleet-grid">
          {ordered.map((kpis) => (
            <FleetTile
              key={kpis.siteId}
              kpis={kpis}
              site={siteById.get(kpis.siteId)}
              alarms={alarms.bySite.get(kpis.siteId) ?? noAlarms}
              alarmsKnown={alarms.known(kpis.siteId)}
              figuresStale={stale}
            />
          ))}
        </SimpleGrid>
      )}
    </>
  );
}
