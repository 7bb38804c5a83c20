// The fleet's power over the last hours, live: the total and each site's export at its grid meter on the
// first axis, each solar site's plane-of-array irradiance (dashed, in its site's colour) on the second.
// History fills the hours behind; live frames move the end; a summary in words sits beneath.
import { Alert, Box, Card, SegmentedControl, Skeleton, Text, useComputedColorScheme } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type uPlot from 'uplot';
import { usePalette } from '../../app/settings/usePalette.ts';
import { formatSiteTime, formatUtcOffset } from '../../i18n/format.ts';
import { liveStore } from '../../live/liveStore.ts';
import { type ChartLine, DualAxisChart } from '../../plots/DualAxisChart.tsx';
import { CardHead } from './CardHead.tsx';
import { ChartLegend } from './ChartLegend.tsx';
import { historyOf, SERIES_PER_REQUEST, trendWindowOf } from './earlyHistory.ts';
import { FleetTrend, historyWindow, type TrendWindow, trendWindows } from './fleetTrend.ts';
import { type KpiFormat, useKpiFormat } from './kpiFormat.ts';
import { lineStyle, totalColor } from './palette.ts';
import { newest, summariseTotal } from './trendSummary.ts';
import { useHiddenLines } from './useHiddenLines.ts';
import type { TrendSource } from './useTrendSources.ts';

/** History is fetched again this often: well within the 15 minutes the live rings hold. */
const HISTORY_REFRESH_MS = 5 * 60_000;
/** The chart moves at most this often (a pixel of a 6-hour window is about a minute). */
const REDRAW_MS = 1000;
const SUMMARY_MS = 10_000;
const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The chart's data for the sources and window, with history loaded now and every few minutes. */
function useFleetTrend(sources: readonly TrendSource[], span: TrendWindow) {
  const [trend, setTrend] = useState<{ trend: FleetTrend; loaded: boolean } | null>(null);
  useEffect(() => {
    const ids = sources.flatMap((s) => [s.powerId, s.irradianceId]);
    const powerColumns = sources.map((_, i) => 2 * i);
    const model = new FleetTrend(ids, powerColumns, trendWindows[span], liveStore);
    setTrend({ trend: model, loaded: false });
    const wanted = ids.filter((id): id is number => id !== undefined);
    const controller = new AbortController();
    const load = async () => {
      const { windowMs, bucketMs } = trendWindows[span];
      const q = historyWindow(Date.now(), windowMs, bucketMs);
      try {
        for (let i = 0; i < wanted.length; i += SERIES_PER_REQUEST) {
          const reply = await historyOf(wanted.slice(i, i + SERIES_PER_REQUEST), q, controller.signal);
          for (const s of reply.series) model.setHistory(s.id, reply.ts, s.avg);
        }
        model.historyLoaded();
      } catch {
        // The live end still draws; the next refresh tries again.
      }
      if (!controller.signal.aborted) setTrend({ trend: model, loaded: true });
    };
    if (wanted.length === 0) {
      setTrend({ trend: model, loaded: true });
      return;
    }
    void load();
    const timer = setInterval(load, HISTORY_REFRESH_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [sources, span]);
  return trend;
}

function describe(
  trend: FleetTrend,
  sources: readonly TrendSource[],
  capacityKw: number,
  f: KpiFormat,
  t: TFunction<readonly ['dashboards', 'common']>,
): string {
  const data = trend.read(Date.now());
  const summary = summariseTotal(data, capacityKw);
  if (!summary) return t('dashboards:trend.noData');
  const time = (ms: number) => formatSiteTime(f.lng, viewerZone, new Date(ms));
  const parts = [
    t(`dashboards:trend.now.${summary.direction ?? 'unknown'}`, { value: f.power(summary.now) }),
    t('dashboards:trend.peak', { value: f.power(summary.peak), time: time(summary.peakAt) }),
  ];
  const irradiance = sources.flatMap((s, i) => {
    const v = s.irradianceId === undefined ? null : newest(data.columns[2 * i + 1] ?? []);
    return v === null ? [] : [t('dashboards:trend.irradianceAt', { site: s.name, value: f.irradiance(v) })];
  });
  if (irradiance.length > 0)
    parts.push(t('dashboards:trend.irradiance', { list: irradiance.join(t('dashboards:listSeparator')) }));
  return parts.join(' ');
}

export function FleetPowerCard({
  sources,
  failed,
  capacityKw,
}: {
  sources: readonly TrendSource[] | null;
  failed: boolean;
  capacityKw: number;
}) {
  const { t } = useTranslation(['dashboards', 'common']);
  const f = useKpiFormat();
  const scheme = useComputedColorScheme('light');
  const palette = usePalette();
  const summaryId = useId();
  const [params, setParams] = useSearchParams();
  const span = trendWindowOf(params.get('trend'));
  const stableSources = useMemo(() => sources ?? [], [sources]);
  const model = useFleetTrend(stableSources, span);
  const { hidden, toggle } = useHiddenLines();
  const [summary, setSummary] = useState('');

  const lines = useMemo<ChartLine[]>(() => {
    const all: (ChartLine & { key: string })[] = [
      { key: 'total', label: t('dashboards:trend.total'), color: totalColor(scheme), fill: true, width: 2.5 },
    ];
    stableSources.forEach((s, i) => {
      const style = lineStyle(i, scheme, palette);
      all.push({ key: `${s.siteId}/p`, label: s.name, color: style.color, width: 1.5 });
      if (s.irradianceId !== undefined) {
        all.push({
          key: `${s.siteId}/i`,
          label: t('dashboards:trend.irradianceOf', { site: s.name }),
          color: style.color,
          axis: 'right',
          dash: [6, 4],
          width: 1.5,
        });
      }
    });
    return all.map(({ key, ...line }) => ({ ...line, show: !hidden.has(key) }));
  }, [stableSources, scheme, palette, hidden, t]);
  const keys = useMemo(
    () => [
      'total',
      ...stableSources.flatMap((s) => [`${s.siteId}/p`, ...(s.irradianceId !== undefined ? [`${s.siteId}/i`] : [])]),
    ],
    [stableSources],
  );

  const trend = model?.trend;
  const loaded = model?.loaded ?? false;
  const read = useCallback((): uPlot.AlignedData => {
    if (!trend) return [[]];
    const data = trend.read(Date.now());
    const columns: (number | null)[][] = [data.total];
    stableSources.forEach((s, i) => {
      columns.push(data.columns[2 * i] ?? []);
      if (s.irradianceId !== undefined) columns.push(data.columns[2 * i + 1] ?? []);
    });
    return [Float64Array.from(data.ts, (ms) => ms / 1000), ...columns];
  }, [trend, stableSources]);
  const subscribe = useCallback(
    (redraw: () => void) => {
      let lastDraw = 0;
      let pending: ReturnType<typeof setTimeout> | undefined;
      const throttled = () => {
        if (pending) return;
        const wait = Math.max(0, lastDraw + REDRAW_MS - Date.now());
        pending = setTimeout(() => {
          pending = undefined;
          lastDraw = Date.now();
          redraw();
        }, wait);
      };
      const stops = stableSources.map((s) => liveStore.onFrame(s.siteId, throttled));
      if (trend) stops.push(trend.onHistory(redraw));
      // The window moves on without frames too (a silent site must be seen going flat, not frozen).
      const tick = setInterval(throttled, 5 * REDRAW_MS);
      return () => {
        for (const stop of stops) stop();
        clearInterval(tick);
        clearTimeout(pending);
      };
    },
    [stableSources, trend],
  );
  const xRange = useCallback((): [number, number] => {
    const now = Date.now();
    return [(now - trendWindows[span].windowMs) / 1000, now / 1000];
  }, [span]);

  useEffect(() => {
    if (!trend || !loaded) return;
    const update = () => setSummary(describe(trend, stableSources, capacityKw, f, t));
    update();
    const timer = setInterval(update, SUMMARY_MS);
    return () => clearInterval(timer);
  }, [trend, loaded, stableSources, capacityKw, f, t]);

  const chooseWindow = (value: string) =>
    setParams(
      (p) => {
        p.set('trend', value);
        return p;
      },
      { replace: true },
    );
  const time = (ms: number) => formatSiteTime(f.lng, viewerZone, new Date(ms));

  return (
    <Card data-testid="fleet-trend">
      <CardHead
        title={t('dashboards:trend.title')}
        hint={t('dashboards:trend.zone', { offset: formatUtcOffset(f.lng, viewerZone, new Date()) })}
        gap="sm"
      >
        <SegmentedControl
          size="xs"
          value={span}
          onChange={chooseWindow}
          aria-label={t('dashboards:trend.window')}
          data={(Object.keys(trendWindows) as TrendWindow[]).map((w) => ({
            value: w,
            label: t(`dashboards:trend.windows.${w}`),
          }))}
        />
      </CardHead>
      {failed ? (
        <Alert color="red" variant="light" role="alert">
          {t('dashboards:trend.loadError')}
        </Alert>
      ) : !model || !sources ? (
        <Skeleton h={320} />
      ) : (
        <>
          <ChartLegend lines={lines} onToggle={(index) => toggle(keys[index])} label={t('dashboards:trend.legend')} />
          <Box mt="xs">
            <DualAxisChart
              lines={lines}
              read={read}
              subscribe={subscribe}
              xRange={xRange}
              left={f.axes.power}
              right={f.axes.irradiance}
              formatTick={time}
              formatCursor={time}
              ariaLabel={t('dashboards:trend.title')}
              describedBy={summaryId}
              testId="fleet-trend-chart"
              spanGaps={false}
            />
          </Box>
          <Text id={summaryId} size="sm" c="dimmed" mt="xs" data-testid="fleet-trend-summary" aria-live="off">
            {loaded ? summary : t('dashboards:trend.loading')}
          </Text>
        </>
      )}
    </Card>
  );
}
