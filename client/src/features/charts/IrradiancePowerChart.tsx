// Irradiance against power over a period, with module and ambient temperature in a second plot below
// whose cursor follows the first. The power and irradiance axes are aligned on the plant's rating
// (1 000 W/m², standard test conditions, at the height of the capacity in kWp), so the gap between the
// two lines is what the plant loses: flat power under rising irradiance is clipping at the inverters'
// AC limit (the dashed line), a widening gap on hot afternoons is temperature derating. For a period that
// ends now, the live store's samples extend the history up to the last second, redrawn at most once per
// animation frame. Time runs left to right in every language; the value axes swap sides in right to left.
import { Box, Stack, useComputedColorScheme, useDirection } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { liveStore } from '../../live/liveStore.ts';
import { ChartTooltip, pointAtCursor, setTooltipLines } from '../../plots/ChartTooltip.tsx';
import { chartColors } from '../../plots/chartTheme.ts';
import { mountUplot } from '../../plots/mountUplot.ts';
import { useLatest } from '../../ui/useLatest.ts';
import { formatPower, formatSiteDateTime, formatWithUnit } from './formatCharts.ts';
import { IrradianceLegend } from './IrradianceLegend.tsx';
import { axisKit } from './irradianceAxes.ts';
import { COLUMN, type IrradianceLabels, irradiancePalette } from './irradianceSeries.ts';
import { type HistoryColumns, withLiveTail } from './liveTail.ts';

/** The standard test conditions' irradiance (IEC 61215): the plant's kWp rating is its output there. */
const STC_W_M2 = 1000;
/** Value axes' width: narrower on a phone, the same on both plots so that their times line up. */
const axisPx = (width: number) => (width < 480 ? 44 : 56);

export interface IrradiancePowerChartProps {
  siteId: string;
  timeZone: string;
  history: HistoryColumns | null;
  range: { from: number; to: number };
  /** Whether the period ends now: the live tail is drawn and the time axis follows the clock. */
  live: boolean;
  /** Series ids by `COLUMN`, for the live tail. */
  liveIds: readonly (number | undefined)[];
  capacityKw: number;
  /** The inverters' AC rating summed, where they have one. */
  acRatingKw: number | null;
  ariaLabel: string;
  describedBy: string;
  height?: number;
}

type Merged = [Float64Array, ...(number | null)[][]];

function maxOf(values: ArrayLike<number | null> | undefined): number {
  let top = 0;
  for (let i = 0; i < (values?.length ?? 0); i++) {
    const v = values?.[i];
    if (v !== null && v !== undefined && v > top) top = v;
  }
  return top;
}

/** A line of the plots: 2 px wide without points unless `look` says otherwise (a fill, a dash, a width). */
const line = (label: string, scale: string, stroke: string, look: uPlot.Series = {}): uPlot.Series => ({
  label,
  scale,
  stroke,
  width: 2,
  points: { show: false },
  ...look,
});

export function IrradiancePowerChart(props: IrradiancePowerChartProps) {
  const { siteId, timeZone, live, ariaLabel, describedBy, height = 300 } = props;
  const { t } = useTranslation(['charts', 'common']);
  const lng = useLanguage();
  const scheme = useComputedColorScheme('light');
  const { dir } = useDirection();
  const syncKey = useId();
  const top = useRef<HTMLDivElement | null>(null);
  const bottom = useRef<HTMLDivElement | null>(null);
  const tooltip = useRef<HTMLDivElement | null>(null);
  const current = useLatest(props);
  const redraws = useRef<(() => void)[]>([]);
  const colors = irradiancePalette[scheme];

  const labels: IrradianceLabels = {
    power: t('charts:irradiance.power'),
    irradiance: t('charts:irradiance.poa'),
    module: t('charts:irradiance.moduleTemp'),
    ambient: t('charts:irradiance.ambientTemp'),
    rating: t('charts:irradiance.acRating'),
  };
  const labelsRef = useLatest(labels);

  useEffect(() => {
    const upper = top.current;
    const lower = bottom.current;
    if (!upper || !lower) return;
    const theme = chartColors(upper, scheme);
    const font = `12px ${getComputedStyle(upper).fontFamily || 'sans-serif'}`;
    const start = dir === 'rtl' ? 1 : 3;
    const end = dir === 'rtl' ? 3 : 1;

    // The merged columns, computed once per redraw for both plots (the live tail changes each frame).
    let merged: Merged | null = null;
    const data = (): Merged => {
      if (merged) return merged;
      const p = current.current;
      const history = p.history ?? { ts: [], bucketMs: 60_000, columns: [[], [], [], []] };
      merged = p.live
        ? withLiveTail(history, p.range.from, (c, since, visit) => {
            const id = p.liveIds[c];
            if (id !== undefined) liveStore.each(id, since, visit);
          })
        : [Float64Array.from(history.ts, (ts) => ts / 1000), ...history.columns.map((c) => [...c])];
      return merged;
    };
    /** What a plot draws: the time column and the merged columns `cs` (by `COLUMN`). */
    const columns =
      (...cs: number[]) =>
      (): uPlot.AlignedData => {
        const d = data();
        return [d[0], ...cs.map((c) => d[1 + c] ?? [])];
      };
    const xRange = (): uPlot.Range.MinMax => {
      const p = current.current;
      const end = p.live ? Math.max(p.range.to, Date.now()) : p.range.to;
      return [p.range.from / 1000, end / 1000];
    };
    // Power and irradiance share one proportion: the capacity sits where 1 000 W/m² does.
    const headroom = () => {
      const p = current.current;
      const d = data();
      const byIrradiance = maxOf(d[1 + COLUMN.irradiance]) / STC_W_M2;
      const byPower = maxOf(d[1 + COLUMN.power]) / Math.max(1, p.capacityKw);
      return Math.max(1.1, byIrradiance * 1.05, byPower * 1.05);
    };
    // Ticks fall on the site's hours and midnights, wherever the reader is.
    const tzDate = (ts: number) => uPlot.tzDate(new Date(ts * 1000), timeZone);
    const kit = axisKit({ theme, font, lng, timeZone, size: axisPx(upper.clientWidth) });

    const showTooltip = (u: uPlot) => {
      const el = tooltip.current;
      if (!el) return;
      const d = data();
      const point = pointAtCursor(el, u, d[0]);
      if (!point) return;
      const { i: idx, x } = point;
      const at = (c: number) => d[1 + c]?.[idx] ?? null;
      const show = (v: number | null, f: (v: number) => string) => (v === null ? '—' : f(v));
      const l = labelsRef.current;
      const lines = [
        formatSiteDateTime(lng, timeZone, x * 1000),
        `${l.power}: ${show(at(COLUMN.power), (v) => formatPower(lng, v))}`,
        `${l.irradiance}: ${show(at(COLUMN.irradiance), (v) => formatWithUnit(lng, v, 'W/m²'))}`,
        `${l.module}: ${show(at(COLUMN.moduleTemp), (v) => formatWithUnit(lng, v, '°C', 1))}`,
        `${l.ambient}: ${show(at(COLUMN.ambientTemp), (v) => formatWithUnit(lng, v, '°C', 1))}`,
      ];
      setTooltipLines(el, lines);
      el.style.display = 'block';
      const left = u.over.offsetLeft + (u.cursor.left ?? 0);
      // Plot coordinates are physical (the plot does not mirror): the box goes on the roomier side, inside the plot.
      const wanted = left > u.width / 2 ? left - el.offsetWidth - 16 : left + 16;
      el.style.left = `${Math.max(0, Math.min(wanted, u.width - el.offsetWidth))}px`;
    };
    const hideTooltip = () => {
      if (tooltip.current) tooltip.current.style.display = 'none';
    };

    // What both plots share: their size, room for the unit titles, the site's time zone, one cursor, the
    // period's time span.
    const plot = (
      width: number,
      height: number,
      scales: uPlot.Scales,
    ): Pick<uPlot.Options, 'width' | 'height' | 'legend' | 'padding' | 'tzDate' | 'cursor' | 'scales'> => ({
      width,
      height,
      legend: { show: false },
      padding: [18, null, null, null],
      tzDate,
      cursor: { y: false, sync: { key: syncKey }, points: { size: 7 }, drag: { x: false, y: false } },
      scales: { x: { time: true, range: xRange }, ...scales },
    });

    const powerChart = mountUplot(
      upper,
      (width, h) => ({
        ...plot(width, h, {
          kw: { range: () => [0, Math.max(1, current.current.capacityKw) * headroom()] },
          wm2: { range: () => [0, STC_W_M2 * headroom()] },
        }),
        axes: [
          kit.timeAxis,
          kit.valueAxis('kw', start, kit.powerTick('kw'), true),
          kit.valueAxis('wm2', end, (_u, v) => formatNumber(lng, v), false),
        ],
        series: [
          {},
          line(labelsRef.current.power, 'kw', colors.power, { fill: `${colors.power}26` }),
          line(labelsRef.current.irradiance, 'wm2', colors.irradiance, { dash: [8, 3] }),
        ],
        hooks: {
          draw: [
            kit.drawLevel('kw', colors.rating, () => current.current.acRatingKw),
            kit.drawUnits([
              { side: start, unit: (u) => kit.powerUnit(u, 'kw') },
              { side: end, unit: () => 'W/m²' },
            ]),
          ],
          setCursor: [showTooltip],
        },
      }),
      columns(COLUMN.power, COLUMN.irradiance),
    );
    const temperatureChart = mountUplot(
      lower,
      (width, h) => ({
        ...plot(width, h, {
          c: {
            range: (_u, min, max) => {
              const lo = Number.isFinite(min) ? Math.min(0, Math.floor(min / 10) * 10) : 0;
              const hi = Number.isFinite(max) ? Math.max(lo + 10, Math.ceil(max / 10) * 10) : 40;
              return [lo, hi];
            },
          },
        }),
        axes: [kit.timeAxis, kit.valueAxis('c', start, (_u, v) => formatNumber(lng, v), true), kit.blankAxis('c', end)],
        hooks: { draw: [kit.drawUnits([{ side: start, unit: () => '°C' }])] },
        series: [
          {},
          line(labelsRef.current.module, 'c', colors.module),
          line(labelsRef.current.ambient, 'c', colors.ambient, { width: 1.5, dash: [3, 3] }),
        ],
      }),
      columns(COLUMN.moduleTemp, COLUMN.ambientTemp),
    );
    const redraw = () => {
      merged = null;
      powerChart.redraw();
      temperatureChart.redraw();
    };
    redraws.current = [redraw];
    const stop = liveStore.onFrame(siteId, () => {
      if (current.current.live) redraw();
    });
    upper.addEventListener('mouseleave', hideTooltip);
    lower.addEventListener('mouseleave', hideTooltip);
    return () => {
      stop();
      upper.removeEventListener('mouseleave', hideTooltip);
      lower.removeEventListener('mouseleave', hideTooltip);
      redraws.current = [];
      powerChart.dispose();
      temperatureChart.dispose();
    };
  }, [siteId, timeZone, lng, scheme, dir, syncKey, colors, current, labelsRef]);

  // New history (or range) is a redraw of the same plots.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the props are the trigger; the plots read them from the ref.
  useEffect(() => {
    for (const redraw of redraws.current) redraw();
  }, [props.history, props.range.from, props.range.to, live, props.acRatingKw, props.capacityKw]);

  return (
    <Stack
      gap={4}
      role="group"
      aria-label={ariaLabel}
      aria-describedby={describedBy}
      data-testid="irradiance-chart"
      data-buckets={props.history?.ts.length ?? 0}
    >
      <Box pos="relative">
        <div ref={top} role="img" aria-label={t('charts:irradiance.upperLabel')} style={{ width: '100%', height }} />
        <ChartTooltip ref={tooltip} dir={dir} testId="irradiance-tooltip" />
      </Box>
      <div
        ref={bottom}
        role="img"
        aria-label={t('charts:irradiance.lowerLabel')}
        style={{ width: '100%', height: Math.round(height * 0.45) }}
      />
      <IrradianceLegend colors={colors} labels={labels} acRatingKw={props.acRatingKw} />
    </Stack>
  );
}
