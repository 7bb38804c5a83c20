// One wind turbine: its values now, its power curve over the period with the live points on top, the wind
// rose of the period, energy, capacity factor and full-load hours over the period, and a history chart of
// power and wind speed. The period (in the address as `?period=`) drives everything but the live values.
import { Alert, Anchor, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { deviceName } from '../../data/deviceName.ts';
import { useKept } from '../../data/useKept.ts';
import { useResource } from '../../data/useResource.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { useLiveSite } from '../../live/hooks.ts';
import { HistoryChart } from '../../plots/HistoryChart.tsx';
import type { ChartMarker, HistorySeriesSpec } from '../../plots/historyView.ts';
import { ApiError, call } from '../../session/api.ts';
import { Freshness } from '../../ui/Freshness.tsx';
import { IconAlertTriangle, IconArrowBack } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import {
  formatPeriodParam,
  type Period,
  PeriodPicker,
  parsePeriodParam,
  type TimeRange,
  usePeriodRange,
} from '../../ui/PeriodPicker.tsx';
import { SiteStaleBanner } from '../../ui/SiteStaleBanner.tsx';
import { DeviceAlarms, useDeviceAlarms } from '../overview/DeviceAlarms.tsx';
import { TripLog } from '../overview/TripLog.tsx';
import type { TurbinePeriodProps } from './PeriodCard.tsx';
import { PeriodFigures } from './PeriodFigures.tsx';
import { PowerCurveCard } from './PowerCurveCard.tsx';
import { curveMaxPoints, periodSamples } from './periodData.ts';
import { TurbineLiveValues } from './TurbineLiveValues.tsx';
import { isolate, useWindFormat, type WindFormat } from './useWindFormat.ts';
import { seriesByMetric, type Turbine } from './useWindSite.ts';
import { WindRoseCard } from './WindRoseCard.tsx';

const DEFAULT_PERIOD: Period = { preset: '24h' };

export function TurbineDetailPage() {
  const { t } = useTranslation(['wind', 'common']);
  const { id = '' } = useParams();
  const device = useResource(call('GET /api/devices/:id', { params: { id } }));
  // useResource answers a new object on every render: the turbine is memoised on the data itself.
  const detail = device.status === 'ready' ? device.data : null;
  const turbine = useMemo<Turbine | null>(
    () => (detail ? { device: detail, series: seriesByMetric(detail.series) } : null),
    [detail],
  );
  const site = useKept<Site>(
    device.status === 'ready' ? call('GET /api/sites/:id', { params: { id: device.data.siteId } }) : null,
  );

  if (device.status === 'error') {
    const status = device.error instanceof ApiError ? device.error.status : 0;
    return (
      <>
        <PageHeader title={t('wind:detail.titleFallback')} />
        <Alert
          color={status === 403 || status === 404 ? 'yellow' : 'red'}
          variant="light"
          icon={<IconAlertTriangle />}
          role="alert"
          data-testid="turbine-error"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {t(
                status === 403
                  ? 'wind:detail.forbidden'
                  : status === 404
                    ? 'wind:detail.notFound'
                    : 'wind:detail.loadError',
              )}
            </Text>
            {status === 403 || status === 404 ? (
              <BackLink siteId={null} />
            ) : (
              <Button size="xs" variant="light" color="red" onClick={device.reload}>
                {t('common:ui.retry')}
              </Button>
            )}
          </Stack>
        </Alert>
      </>
    );
  }
  if (device.status === 'loading' || !turbine || (!site.data && !site.error)) {
    return (
      <>
        <PageHeader title={t('wind:detail.titleFallback')} />
        <Skeleton h={400} aria-busy="true" />
      </>
    );
  }
  if (turbine.device.type !== 'wind_turbine' || !site.data) {
    return (
      <>
        <PageHeader title={turbine.device.name} />
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} role="alert" data-testid="turbine-error">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t(site.data ? 'wind:detail.notATurbine' : 'wind:detail.loadError')}</Text>
            <BackLink siteId={turbine.device.siteId} />
          </Stack>
        </Alert>
      </>
    );
  }
  return <TurbineView turbine={turbine} site={site.data} />;
}

function BackLink({ siteId }: { siteId: string | null }) {
  const { t } = useTranslation(['wind', 'common']);
  return (
    <Anchor
      component={Link}
      to={siteId ? `/overview/wind?site=${encodeURIComponent(siteId)}` : '/overview/wind'}
      size="sm"
    >
      <Group gap={4} wrap="nowrap" component="span">
        <IconArrowBack size={16} mirror />
        {t('wind:detail.back')}
      </Group>
    </Anchor>
  );
}

function TurbineView({ turbine, site }: { turbine: Turbine; site: Site }) {
  const { t } = useTranslation(['wind', 'common']);
  const format = useWindFormat();
  const lng = useLanguage();
  const { device } = turbine;
  const [params, setParams] = useSearchParams();
  const period = parsePeriodParam(params.get('period'), DEFAULT_PERIOD);
  const range = usePeriodRange(period, site.timeZone);
  const choose = (next: Period) =>
    setParams(
      (p) => {
        p.set('period', formatPeriodParam(next));
        return p;
      },
      { replace: true },
    );
  useLiveSite(site.id);
  const alarms = useDeviceAlarms(device, range);
  const powerId = turbine.series.active_power?.id;
  const powerSeries = useMemo(
    () => (powerId === undefined ? undefined : { id: powerId, name: device.name }),
    [powerId, device.name],
  );

  const ids = turbine.series;
  const history = useKept(
    ids.wind_speed && ids.active_power
      ? call('GET /api/series/history', {
          query: {
            ids: [ids.wind_speed, ids.active_power, ids.wind_direction, ids.fault_code]
              .flatMap((s) => (s ? [s.id] : []))
              .join(','),
            from: String(Math.floor(range.from)),
            to: String(Math.ceil(range.to)),
            maxPoints: curveMaxPoints(range.from, range.to),
          },
        })
      : null,
  );
  const samples = useMemo(
    () =>
      history.data && ids.wind_speed && ids.active_power
        ? periodSamples(history.data, {
            wind: ids.wind_speed.id,
            power: ids.active_power.id,
            direction: ids.wind_direction?.id,
            faultCode: ids.fault_code?.id,
          })
        : null,
    [history.data, ids],
  );
  const periodProps: TurbinePeriodProps = {
    siteId: site.id,
    turbine,
    samples,
    loading: history.loading,
    failed: history.error !== null,
    format,
  };

  return (
    <>
      <Stack gap={4} mb="xs">
        <BackLink siteId={site.id} />
      </Stack>
      <PageHeader
        title={deviceName(device, lng)}
        subtitle={t('wind:detail.subtitle', {
          site: isolate(site.name),
          model: isolate(device.model || '—'),
          rated: device.ratedKw ? format.power(device.ratedKw) : '—',
        })}
        actions={<PeriodPicker value={period} onChange={choose} timeZone={site.timeZone} />}
      />
      <Stack gap="lg">
        <Freshness site={site} ns="realtime" alertGap="md" />
        <SiteStaleBanner site={site} />
        <TurbineLiveValues siteId={site.id} turbine={turbine} format={format} timeZone={site.timeZone} />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <PowerCurveCard {...periodProps} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <WindRoseCard {...periodProps} />
          </Grid.Col>
        </Grid>
        <Stack gap="sm" component="section" aria-labelledby="wind-period-title">
          <Title order={3} fz="h4" id="wind-period-title">
            {t('wind:detail.periodTitle')}
          </Title>
          <PeriodFigures
            deviceId={device.id}
            ratedKw={device.ratedKw}
            range={range}
            format={format}
            power={powerSeries}
          />
        </Stack>
        <HistoryCard turbine={turbine} site={site} range={range} format={format} markers={alarms.markers} />
        <TripLog device={device} />
        <DeviceAlarms device={device} timeZone={site.timeZone} data={alarms} />
      </Stack>
    </>
  );
}

function HistoryCard({
  turbine,
  site,
  range,
  format,
  markers,
}: {
  turbine: Turbine;
  site: Site;
  range: TimeRange;
  format: WindFormat;
  markers: readonly ChartMarker[];
}) {
  const { t } = useTranslation(['wind', 'common']);
  const power = turbine.series.active_power?.id;
  const wind = turbine.series.wind_speed?.id;
  const series = useMemo<HistorySeriesSpec[]>(
    () => [
      ...(power === undefined ? [] : [{ id: power, label: t('wind:detail.power'), unit: 'kW', format: format.power }]),
      ...(wind === undefined
        ? []
        : [{ id: wind, label: t('wind:detail.windSpeed'), unit: 'm/s', format: (v: number) => format.speed(v) }]),
    ],
    [power, wind, t, format],
  );
  const title = t('wind:detail.historyTitle');
  return (
    <Card component="section" aria-labelledby="wind-history-title">
      <Title order={3} fz="h4" mb="sm" id="wind-history-title">
        {title}
      </Title>
      {series.length > 0 ? (
        <HistoryChart
          series={series}
          range={range}
          timeZone={site.timeZone}
          title={title}
          markers={markers}
          liveSiteId={site.id}
        />
      ) : (
        <Text c="dimmed">{t('wind:noData')}</Text>
      )}
    </Card>
  );
}
