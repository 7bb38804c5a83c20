// Irradiance vs power: a solar site's plane-of-array irradiance against its power at the grid meter over
// a period, with module and ambient temperature beneath, so that clipping and temperature derating show;
// for a period that ends now the lines run on live up to the last second. Site and period live in the URL.
import { Card, Group, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { Site } from '@voltscope/shared/domain';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteSeries } from '../../data/useSiteSeries.ts';
import { useUrlParam } from '../../data/useUrlParam.ts';
import { useLiveSite, useRecentHistory } from '../../live/hooks.ts';
import {
  formatPeriodParam,
  type Period,
  PeriodPicker,
  parsePeriodParam,
  periodEndsNow,
  usePeriodRange,
} from '../../ui/PeriodPicker.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { SitePicker } from '../../ui/SitePicker.tsx';
import { SiteStaleBanner } from '../../ui/SiteStaleBanner.tsx';
import { ChartPageHead } from './ChartPageHead.tsx';
import { IrradiancePowerChart } from './IrradiancePowerChart.tsx';
import { IrradianceSummary } from './IrradianceSummary.tsx';
import { COLUMN } from './irradianceSeries.ts';
import { LiveNow } from './LiveNow.tsx';
import { useChartSite } from './useChartSite.ts';
import { useSeriesHistory } from './useSeriesHistory.ts';

const DEFAULT_PERIOD: Period = { preset: 'today' };
/** How far back the live store is filled from history when the page opens. */
const TAIL_WINDOW_MS = 15 * 60_000;

/** The series the page draws, by `COLUMN`, and the inverters' AC rating summed. */
function plantSeries(
  site: Site,
  data: SiteSeries,
): { ids: (number | undefined)[]; acRatingKw: number | null; periodMs: number } {
  const devices = data.devices.filter((d) => d.siteId === site.id);
  const meter = devices.find((d) => d.type === 'meter');
  const weather = devices.find((d) => d.type === 'weather_station');
  const ids: (number | undefined)[] = [];
  ids[COLUMN.power] = meter && data.seriesId(meter.id, 'active_power');
  ids[COLUMN.irradiance] = weather && data.seriesId(weather.id, 'irradiance_poa');
  ids[COLUMN.moduleTemp] = weather && data.seriesId(weather.id, 'module_temperature');
  ids[COLUMN.ambientTemp] = weather && data.seriesId(weather.id, 'ambient_temperature');
  const rated = devices.filter((d) => d.type === 'inverter' && d.ratedKw !== null);
  const periods = ids.flatMap((id) => (id === undefined ? [] : [data.periodMs(id) ?? 1000]));
  return {
    ids,
    acRatingKw: rated.length > 0 ? rated.reduce((sum, d) => sum + (d.ratedKw ?? 0), 0) : null,
    periodMs: Math.max(1000, ...periods),
  };
}

export function IrradiancePowerPage() {
  const { t } = useTranslation(['charts', 'common']);
  const chart = useChartSite('solar');
  const { list, site, choose: chooseSite, series } = chart;
  const [periodParam, setPeriodParam] = useUrlParam('period');
  const period = parsePeriodParam(periodParam, DEFAULT_PERIOD);
  const timeZone = site?.timeZone ?? 'UTC';
  const range = usePeriodRange(period, timeZone);
  const live = site !== null && periodEndsNow(period, timeZone);
  const seriesData = series.status === 'ready' ? series.data : null;
  const plant = useMemo(() => (site && seriesData ? plantSeries(site, seriesData) : null), [site, seriesData]);
  const ids = plant?.ids ?? [];
  const liveIds = useMemo(() => (plant?.ids ?? []).filter((id): id is number => id !== undefined), [plant]);

  useLiveSite(live && site ? site.id : null);
  useRecentHistory(live && site ? site.id : null, liveIds, TAIL_WINDOW_MS);
  const { ref: widthRef, width } = useElementSize();
  // About one bucket per two pixels, in steps of 100 so that a small resize does not reload.
  const maxPoints = width > 0 ? Math.max(100, Math.round(width / 200) * 100) : 0;
  const history = useSeriesHistory(ids, range.from, range.to, maxPoints);
  const shown = history.status === 'ready' ? history.data : history.previous;
  const hasData = !!shown && shown.columns.some((c) => c.some((v) => v !== null));
  const summaryId = useId();

  return (
    <>
      <ChartPageHead page="irradiance" chart={chart} noSites={t('charts:irradiance.noSolar')} />
      {site && (
        <Stack gap="md">
          <Group gap="md" align="flex-end" wrap="wrap">
            <SitePicker label={t('charts:site')} sites={list} site={site} onChange={chooseSite} w={220} />
            <PeriodPicker
              value={period}
              onChange={(p) =>
                setPeriodParam(formatPeriodParam(p) === formatPeriodParam(DEFAULT_PERIOD) ? null : formatPeriodParam(p))
              }
              timeZone={timeZone}
            />
          </Group>
          {live && <SiteStaleBanner site={site} />}
          {live && plant && <LiveNow site={site} ids={plant.ids} periodMs={plant.periodMs} />}
          <Card>
            <Group justify="space-between" align="baseline" mb="sm" gap="xs">
              <Text fw={600} component="h2" fz="md">
                {t('charts:irradiance.chartTitle', { site: site.name })}
              </Text>
              <Text size="sm" c="dimmed">
                {t('charts:irradiance.aligned')}
              </Text>
            </Group>
            <div ref={widthRef}>
              {history.status === 'error' && (
                <RetryAlert titled plain message={t('charts:historyError')} onRetry={history.reload} mb="sm" />
              )}
              {!shown && history.status === 'loading' && (
                <Text c="dimmed" size="sm" mb="xs" aria-live="polite">
                  {t('charts:loading')}
                </Text>
              )}
              {shown && !hasData && history.status === 'ready' && (
                <Text c="dimmed" mb="xs" data-testid="irradiance-empty">
                  {t('charts:empty')}
                </Text>
              )}
              {plant && (
                <IrradiancePowerChart
                  siteId={site.id}
                  timeZone={site.timeZone}
                  history={shown}
                  range={range}
                  live={live}
                  liveIds={plant.ids}
                  capacityKw={site.capacityKw}
                  acRatingKw={plant.acRatingKw}
                  ariaLabel={t('charts:irradiance.ariaLabel', { site: site.name })}
                  describedBy={summaryId}
                />
              )}
            </div>
            <IrradianceSummary id={summaryId} site={site} history={shown} range={range} mainFigure={!(live && plant)} />
          </Card>
        </Stack>
      )}
    </>
  );
}
