// Wind farm overview: the farm's figures from the hub, every turbine live (state, power and its share of
// the rating, wind speed and direction, rotor speed, faults; stale and silent turbines marked), and the
// power of each turbine as live bars. A turbine opens its own page; the farm's other equipment is listed
// below (EquipmentList.tsx), where a link to one of those devices lands (`?device=`).
import { Alert, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sortSites, useSites } from '../../data/sites.ts';
import { usePolled } from '../../data/usePolled.ts';
import { useUrlParam } from '../../data/useUrlParam.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { sampleAge } from '../../live/ageWatchdog.ts';
import { useLiveSite } from '../../live/hooks.ts';
import { liveStore } from '../../live/liveStore.ts';
import { type Bar, LiveBarChart } from '../../plots/LiveBarChart.tsx';
import { call } from '../../session/api.ts';
import { EmptyCard } from '../../ui/EmptyCard.tsx';
import { Freshness } from '../../ui/Freshness.tsx';
import { IconAlertTriangle, IconWind } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { SitePicker } from '../../ui/SitePicker.tsx';
import { SiteStaleBanner } from '../../ui/SiteStaleBanner.tsx';
import { shortName } from '../../ui/shortName.ts';
import { EquipmentList } from '../overview/EquipmentList.tsx';
import { type PlantFormats, plantFormats } from '../overview/format.ts';
import { LiveSite } from '../overview/LiveParts.tsx';
import { useSiteIndex } from '../overview/siteData.ts';
import { FarmKpis } from './FarmKpis.tsx';
import { freshnessOf } from './liveValue.ts';
import { TurbineGrid } from './TurbineGrid.tsx';
import { isolate, useWindFormat } from './useWindFormat.ts';
import { type Turbine, useWindSite } from './useWindSite.ts';

/** How often the farm's figures are read again. */
const KPI_REFRESH_MS = 5_000;

const isWindSite = (site: Site) => site.kind === 'wind' || site.kind === 'hybrid';

export function WindOverviewPage() {
  const { t } = useTranslation(['realtime', 'wind', 'common']);
  const lng = useLanguage();
  const format = useWindFormat();
  const sites = useSites();
  const [asked, choose] = useUrlParam('site');
  const list = useMemo(
    () => (sites.status === 'ready' ? sortSites(sites.data, lng).filter(isWindSite) : []),
    [sites, lng],
  );
  // A site named in the address that is not one of the reader's wind farms is said so, never swapped silently.
  const site = asked ? (list.find((s) => s.id === asked) ?? null) : (list[0] ?? null);
  const foreign = sites.status === 'ready' && asked !== null && site === null;

  useLiveSite(site?.id ?? null);
  const turbines = useWindSite(site?.id ?? null);
  const farm = turbines.status === 'ready' ? turbines.data : null;
  const index = useSiteIndex(site?.id ?? null);
  // The equipment's readings in the wind pages' words: units spelt in the reader's language.
  const { t: tUnits } = useTranslation(['devices']);
  const equipmentFormats = useMemo(
    (): PlantFormats => ({
      ...plantFormats(lng),
      power: format.power,
      windSpeed: (v) => format.speed(v),
      kilovolts: (v) => tUnits('devices:units.kV', { value: formatNumber(lng, v, 1) }),
      amps: (v) => tUnits('devices:units.A', { value: formatNumber(lng, v, 0) }),
    }),
    [lng, format, tUnits],
  );
  const kpis = usePolled(site && call('GET /api/sites/:id/kpis', { params: { id: site.id } }), KPI_REFRESH_MS);

  return (
    <>
      <PageHeader
        title={t('wind:title')}
        subtitle={site ? t('wind:subtitleSite', { name: isolate(site.name) }) : t('wind:subtitle')}
        actions={
          list.length > 0 ? <SitePicker label={t('realtime:site')} sites={list} site={site} onChange={choose} /> : null
        }
      />
      {sites.status === 'loading' && <Skeleton h={120} aria-busy="true" />}
      {sites.status === 'error' && <RetryAlert titled message={t('wind:sitesError')} onRetry={sites.reload} />}
      {foreign && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} role="alert" data-testid="foreign-site">
          {t('wind:foreignSite')}
        </Alert>
      )}
      {sites.status === 'ready' && list.length === 0 && (
        <EmptyCard
          icon={<IconWind size={32} />}
          title={t('wind:noSitesTitle')}
          description={t('wind:noSitesText')}
          testId="no-wind-sites"
        />
      )}
      {site && (
        <Stack gap="lg">
          <Freshness site={site} ns="realtime" alertGap="md" />
          <SiteStaleBanner site={site} />
          <FarmKpis site={site} kpis={kpis} format={format} />
          <Stack gap="sm" component="section" aria-labelledby="wind-turbines-title">
            <Title order={3} fz="h4" id="wind-turbines-title">
              {t('wind:turbinesTitle')}
            </Title>
            {turbines.status === 'loading' && <Skeleton h={240} />}
            {turbines.status === 'error' && (
              <Alert color="red" variant="light" role="alert">
                {t('wind:turbinesError')}
              </Alert>
            )}
            {farm?.length === 0 && <Text c="dimmed">{t('wind:noTurbines')}</Text>}
            {farm && farm.length > 0 && <TurbineGrid siteId={site.id} turbines={farm} format={format} />}
          </Stack>
          {farm && farm.length > 0 && <PowerBars siteId={site.id} turbines={farm} format={format.power} />}
          {index.status === 'ready' && (
            <LiveSite siteId={site.id} timeZone={site.timeZone}>
              <EquipmentList site={site} index={index.data} formats={equipmentFormats} />
            </LiveSite>
          )}
        </Stack>
      )}
    </>
  );
}

function PowerBars({
  siteId,
  turbines,
  format,
}: {
  siteId: string;
  turbines: readonly Turbine[];
  format: (kw: number) => string;
}) {
  const { t } = useTranslation(['realtime', 'wind', 'common']);
  const bars = useMemo<Bar[]>(
    () =>
      turbines.flatMap(({ device, series }) => {
        const power = series.active_power;
        if (!power) return [];
        // A turbine whose power is not live has no bar: a stale value is never drawn as live.
        const read = () => {
          const sample = liveStore.latest(power.id);
          if (!sample) return null;
          const age = sampleAge(sample.ts, liveStore.progress(siteId), Date.now());
          return freshnessOf(age, power.periodMs) === 'live' ? sample.value : null;
        };
        return [{ label: shortName(device.name), read }];
      }),
    [turbines, siteId],
  );
  return (
    <Card component="section" aria-labelledby="wind-bars-title">
      <Title order={3} fz="h4" mb="xs" id="wind-bars-title">
        {t('wind:barsTitle')}
      </Title>
      <LiveBarChart siteId={siteId} bars={bars} format={format} ariaLabel={t('wind:barsTitle')} height={300} />
    </Card>
  );
}
