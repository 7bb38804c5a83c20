// Solar overview: one plant at a glance. The hub's KPIs for today, the grid meter and the weather
// station live, and a tile per inverter coloured by status and output, each opening the inverter's page.
// Below them, the site's other equipment (EquipmentList.tsx), where a link to a device without a page of
// its own lands (`?device=`); such a link to a wind farm's device is sent on to the wind overview.
// Live numbers are written by the site's binder, never by a React render per frame.
import { Alert, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { DeviceState } from '@voltscope/shared/fleet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useSiteChoice } from '../../data/useSiteChoice.ts';
import { Freshness } from '../../ui/Freshness.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SitePicker } from '../../ui/SitePicker.tsx';
import { SiteStaleBanner } from '../../ui/SiteStaleBanner.tsx';
import { EquipmentList } from './EquipmentList.tsx';
import { InverterTiles } from './InverterTiles.tsx';
import { LiveSite } from './LiveParts.tsx';
import { KpiStrip, LiveCard } from './PlantCards.tsx';
import { useSiteIndex, useSiteKpis } from './siteData.ts';

export function SolarOverviewPage() {
  const { t } = useTranslation(['overview', 'common']);
  const { sites, list, site, choose } = useSiteChoice('solar');
  const location = useLocation();
  const asked = new URLSearchParams(location.search).get('site');
  // A wind farm's equipment is on the wind overview (deviceDetailPath links every such device here, by its site).
  const windFarm = sites.status === 'ready' && sites.data.some((s) => s.id === asked && s.kind === 'wind');
  const index = useSiteIndex(windFarm ? null : (site?.id ?? null));
  const kpis = useSiteKpis(windFarm ? null : (site?.id ?? null));

  // The hub's status of each device (offline, maintenance) for the tiles, refreshed with the KPIs.
  const states = useRef(new Map<string, DeviceState>());
  useEffect(() => {
    states.current = new Map(kpis.status === 'ready' ? kpis.data.generators.map((g) => [g.deviceId, g.state]) : []);
  }, [kpis]);

  if (windFarm) {
    return <Navigate to={`/overview/wind${location.search}`} replace />;
  }

  return (
    <>
      <PageHeader
        title={t('overview:title')}
        subtitle={t('overview:subtitle')}
        actions={
          list.length > 0 ? <SitePicker label={t('overview:site')} sites={list} site={site} onChange={choose} /> : null
        }
      />
      {(sites.status === 'error' || index.status === 'error') && (
        <Alert color="red" variant="light" role="alert" mb="md">
          {t('overview:loadError')}
        </Alert>
      )}
      {sites.status === 'ready' && list.length === 0 && <Text c="dimmed">{t('overview:noSites')}</Text>}
      {sites.status === 'loading' && <Skeleton h={400} radius="md" />}
      {site && (
        <LiveSite siteId={site.id} timeZone={site.timeZone} revision={kpis}>
          <Stack gap="md">
            <Freshness site={site} ns="overview" />
            <SiteStaleBanner site={site} />
            {index.status === 'loading' ? (
              <Skeleton h={400} radius="md" />
            ) : index.status === 'ready' ? (
              <>
                <KpiStrip site={site} index={index.data} kpis={kpis} />
                <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                  <LiveCard index={index.data} name="weather" />
                  <LiveCard index={index.data} name="meter" />
                </SimpleGrid>
                <InverterTiles index={index.data} states={states} />
                <EquipmentList site={site} index={index.data} />
              </>
            ) : null}
          </Stack>
        </LiveSite>
      )}
    </>
  );
}
