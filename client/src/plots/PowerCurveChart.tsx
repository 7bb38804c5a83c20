// A turbine's power curve: its measured output against wind speed over a period (each bucket mean a faint
// dot), the curve binned from them by the method of bins of IEC 61400-12-1 (0.5 m/s bins centred on
// multiples of 0.5 m/s; each point the mean wind and mean power of its bin), and on top the live points
// of the last minutes, the newest one ringed. Wind speed runs left to right in every language, like a
// time axis: the chart does not mirror. The live points are read from the live store in the redraw,
// at most once per new sample of the turbine, never through React.
import { Box } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { liveStore } from '../live/liveStore.ts';
import { useLatest } from '../ui/useLatest.ts';
import { themedAxis } from './chartTheme.ts';
import { eachFinitePair } from './pairs.ts';
import { useUplot } from './useUplot.ts';

export interface PowerCurveBins {
  /** Mean wind speed of the samples in each bin (m/s), ascending. */
  wind: number[];
  /** Mean power of each bin. */
  power: number[];
  /** Samples in each bin. */
  count: number[];
}

export interface BinOptions {
  /** Bin width in m/s (IEC 61400-12-1: 0.5). */
  binWidth?: number;
  /** Bins with fewer samples are left out (IEC 61400-12-1 asks for three 10-minute means at least). */
  minCount?: number;
  /** Whether sample `i` may enter the curve (not while the turbine was in fault, say). */
  keep?: (i: number) => boolean;
}

/** The method of bins: pairs of (wind, power) grouped in bins of wind speed, each bin its mean wind and mean power. */
export function binPowerCurve(
  wind: ArrayLike<number | null>,
  power: ArrayLike<number | null>,
  { binWidth = 0.5, minCount = 3, keep }: BinOptions = {},
): PowerCurveBins {
  const sums = new Map<number, { wind: number; power: number; count: number }>();
  eachFinitePair(wind, power, (w, p, i) => {
    if (w < 0 || (keep && !keep(i))) return;
    const bin = Math.round(w / binWidth);
    const sum = sums.get(bin) ?? { wind: 0, power: 0, count: 0 };
    sum.wind += w;
    sum.power += p;
    sum.count++;
    sums.set(bin, sum);
  });
  const out: PowerCurveBins = { wind: [], power: [], count: [] };
  for (const bin of [...sums.keys()].sort((a, b) => a - b)) {
    const sum = sums.get(bin) as { wind: number; power: number; count: number };
    if (sum.count < minCount) continue;
    out.wind.push(sum.wind / sum.count);
    out.power.push(sum.power / sum.count);
    out.count.push(sum.count);
  }
  return out;
}

/** The power the binned curve gives at a wind speed (linear between bins); null outside the measured range. */
export function expectedPower(bins: PowerCurveBins, wind: number): number | null {
  const { wind: xs, power: ys } = bins;
  if (xs.length === 0 || !Number.isFinite(wind)) return null;
  if (wind < (xs[0] as number) || wind > (xs[xs.length - 1] as number)) return null;
  for (let i = 1; i < xs.length; i++) {
    const x1 = xs[i] as number;
    if (wind <= x1) {
      const x0 = xs[i - 1] as number;
      const y0 = ys[i - 1] as number;
      const y1 = ys[i] as number;
      return x1 === x0 ? y1 : y0 + ((y1 - y0) * (wind - x0)) / (x1 - x0);
    }
  }
  return ys[0] as number;
}

export interface LivePoints {
  wind: number[];
  power: number[];
  /** Whether the newest pair is current: only then is it ringed as "now" (a stale value never looks live). */
  current: boolean;
}

/** The turbine's live points: how to read them, and what changes when a new sample comes. */
export interface LiveSource {
  /** The live pairs of the last minutes, oldest first. */
  read: () => LivePoints;
  /** Changes when the turbine has a new live sample (the newest sample time, say): the redraw trigger. */
  key: () => number;
}

/** What the period gives the chart: its points and the curve binned from them. */
export interface PowerCurvePeriod {
  /** Bucket means over the period, paired by index: the scatter behind the curve. */
  scatter: { wind: readonly (number | null)[]; power: readonly (number | null)[] };
  bins: PowerCurveBins;
}

export interface PowerCurveChartProps {
  siteId: string;
  period: PowerCurvePeriod;
  live: LiveSource;
  ratedKw: number | null;
  formatPower: (kw: number) => string;
  /** A wind speed without its unit: the axis' title gives it. */
  formatSpeed: (ms: number) => string;
  /** The wind axis' title, with the unit ("Wind speed (m/s)"). */
  speedLabel: string;
  height?: number;
  ariaLabel: string;
}

type Row = [x: number, series: 1 | 2 | 3 | 4, y: number];

/** One aligned table of every point, sorted by wind speed: uPlot's scatter in its aligned mode. */
function assemble(scatter: PowerCurvePeriod['scatter'], bins: PowerCurveBins, live: LivePoints): uPlot.AlignedData {
  const rows: Row[] = [];
  const n = Math.min(scatter.wind.length, scatter.power.length);
  for (let i = 0; i < n; i++) {
    const w = scatter.wind[i];
    const p = scatter.power[i];
    if (w !== null && w !== undefined && p !== null && p !== undefined) rows.push([w, 1, p]);
  }
  bins.wind.forEach((w, i) => {
    rows.push([w, 2, bins.power[i] as number]);
  });
  const last = live.current ? live.wind.length - 1 : -1;
  live.wind.forEach((w, i) => {
    rows.push([w, i === last ? 4 : 3, live.power[i] as number]);
  });
  rows.sort((a, b) => a[0] - b[0]);
  const xs = new Float64Array(rows.length);
  const columns: (number | null)[][] = [[], [], [], []];
  rows.forEach(([x, s, y], i) => {
    xs[i] = x;
    for (let c = 0; c < 4; c++) (columns[c] as (number | null)[]).push(c === s - 1 ? y : null);
  });
  return [xs, ...columns] as uPlot.AlignedData;
}

const noPath = () => null;

/** What a period draws: its points and curve, and the top of the power axis (above the rating and the curve). */
const periodOf = ({ scatter, bins }: PowerCurvePeriod, ratedKw: number | null) => ({
  scatter,
  bins,
  top: Math.max(1, ratedKw ?? 0, ...bins.power) * 1.1,
});
const AGEING_REDRAW_MS = 5_000;

/** The live points: darker than the curve on a light page, lighter on a dark one. */
export const liveColors = { light: '#0b4f8a', dark: '#8fd3ff' } as const;

export function PowerCurveChart({
  siteId,
  period,
  live,
  ratedKw,
  formatPower,
  formatSpeed,
  speedLabel,
  height = 340,
  ariaLabel,
}: PowerCurveChartProps) {
  // Formatting and the live points follow the props without rebuilding the chart.
  const latest = useLatest({ formatPower, formatSpeed, live });
  // The period's data, read by the redraw: a new period redraws the plot without rebuilding it.
  const periodRef = useRef(periodOf(period, ratedKw));

  const { container, redraw } = useUplot(
    ({ colors, scheme }) => {
      const liveColor = liveColors[scheme];
      return {
        options: {
          cursor: { show: false },
          scales: {
            x: { time: false, range: (_u, _min, max) => [0, Math.max(20, Math.ceil((max ?? 0) + 1))] },
            y: { range: (_u, _min, max) => [0, Math.max(periodRef.current.top, (max ?? 0) * 1.05)] },
          },
          axes: [
            themedAxis(colors, (v) => latest.current.formatSpeed(v), {
              label: speedLabel,
              labelSize: 20,
              labelFont: '12px system-ui, sans-serif',
            }),
            themedAxis(colors, (v) => latest.current.formatPower(v), { size: 84 }),
          ],
          series: [
            {},
            {
              label: 'period',
              paths: noPath,
              points: { show: true, size: 4, width: 0, fill: `color-mix(in srgb, ${colors.dimmed} 45%, transparent)` },
            },
            {
              label: 'curve',
              stroke: colors.primary,
              width: 2.5,
              spanGaps: true,
              points: { show: true, size: 5, fill: colors.primary, stroke: colors.primary },
            },
            {
              label: 'live',
              paths: noPath,
              points: { show: true, size: 6, width: 0, fill: liveColor },
            },
            {
              label: 'now',
              paths: noPath,
              points: { show: true, size: 14, width: 3, stroke: liveColor, fill: colors.primary },
            },
          ],
        },
        read: () => assemble(periodRef.current.scatter, periodRef.current.bins, latest.current.live.read()),
        attach: (chart) => {
          let key = latest.current.live.key();
          const stop = liveStore.onFrame(siteId, () => {
            const next = latest.current.live.key();
            if (next === key) return;
            key = next;
            chart.redraw();
          });
          // Without frames (a lost connection) the "now" point must still lose its ring as it ages.
          const ageing = setInterval(chart.redraw, AGEING_REDRAW_MS);
          return () => {
            clearInterval(ageing);
            stop();
          };
        },
      };
    },
    [siteId, speedLabel],
  );

  useEffect(() => {
    periodRef.current = periodOf(period, ratedKw);
    redraw();
  }, [period, ratedKw, redraw]);

  return (
    <Box h={height} role="img" aria-label={ariaLabel} data-testid="power-curve" data-bins={period.bins.wind.length}>
      <div ref={container} style={{ width: '100%', height: '100%' }} />
    </Box>
  );
}
