// Real-time power: a bar per inverter (or turbine) of the chosen site with its AC power now, and the
// site's export at the grid meter over the last minutes beneath, their total now above (the main figure).
// Bars move with every frame.
import { Card, Group, Skeleton, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { liveStore } from '../../live/liveStore.ts';
import { type Bar, LiveBarChart } from '../../plots/LiveBarChart.tsx';
import { shortName } from '../../ui/shortName.ts';
import { LivePage, LiveTotal, StaleChart, TrendCard } from './LivePageParts.tsx';
import { useLivePageSite } from './useLivePageSite.ts';

export function RealTimePowerBarChartPage() {
  const { t } = useTranslation(['realtime', 'common']);
  const { lng, site, fleet, header } = useLivePageSite();

  const series = fleet.status === 'ready' ? fleet.data : null;
  const units = useMemo(
    () =>
      (series?.devices ?? []).flatMap((d) => {
        const key = d.type === 'inverter' ? 'ac_power' : d.type === 'wind_turbine' ? 'active_power' : null;
        const id = key ? series?.seriesId(d.id, key) : undefined;
        return id === undefined ? [] : [{ name: d.name, id }];
      }),
    [series],
  );
  const bars = useMemo<Bar[]>(
    () => units.map(({ name, id }) => ({ label: shortName(name), read: () => liveStore.latest(id)?.value ?? null })),
    [units],
  );
  const unitIds = useMemo(() => units.map((u) => u.id), [units]);
  const meter = fleet.status === 'ready' && site ? fleet.data.seriesId(`${site.id}.meter`, 'active_power') : undefined;
  const meterIds = useMemo(() => (meter === undefined ? [] : [meter]), [meter]);
  const kw = (v: number) =>
    Math.abs(v) >= 1000 ? `${formatNumber(lng, v / 1000, 1)} MW` : `${formatNumber(lng, v, 0)} kW`;

  return (
    <LivePage title={t('realtime:power.title')} subtitle={t('realtime:power.subtitle')} {...header}>
      {(site) => (
        <>
          <LiveTotal site={site} seriesIds={unitIds} fleet={series} label={t('realtime:power.total')} format={kw} />
          <StaleChart site={site} seriesIds={unitIds} fleet={series}>
            <Card>
              <Group justify="space-between" mb="xs">
                <Text fw={600}>{t(site.kind === 'wind' ? 'realtime:power.barsWind' : 'realtime:power.bars')}</Text>
                <Text size="sm" c="dimmed">
                  {t('realtime:power.units', { formatted: formatNumber(lng, bars.length) })}
                </Text>
              </Group>
              {fleet.status === 'loading' ? (
                <Skeleton h={360} />
              ) : (
                <LiveBarChart siteId={site.id} bars={bars} format={kw} ariaLabel={t('realtime:power.bars')} />
              )}
            </Card>
          </StaleChart>
          <TrendCard site={site} seriesIds={meterIds} fleet={series} title={t('realtime:power.line')} format={kw} />
        </>
      )}
    </LivePage>
  );
}
