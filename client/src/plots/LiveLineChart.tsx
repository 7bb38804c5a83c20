// A live line of the last minutes: one value per timestamp, summed over the given series (a block's
// inverters, say), redrawn at most once per animation frame as frames arrive. Time runs left to right
// in every language: a time axis does not mirror.
import { Box } from '@mantine/core';
import type uPlot from 'uplot';
import { liveStore } from '../live/liveStore.ts';
import { useLatest } from '../ui/useLatest.ts';
import { themedAxis } from './chartTheme.ts';
import { useUplot } from './useUplot.ts';

export interface LiveLineChartProps {
  siteId: string;
  seriesIds: readonly number[];
  /** How far back, in ms. */
  windowMs: number;
  format: (value: number) => string;
  formatTime: (ms: number) => string;
  height?: number;
  ariaLabel: string;
}

/** Sums the series per timestamp over the window; times in seconds, as uPlot's time scale wants. */
function sumByTime(seriesIds: readonly number[], since: number): uPlot.AlignedData {
  const totals = new Map<number, number>();
  for (const id of seriesIds) liveStore.each(id, since, (ts, v) => totals.set(ts, (totals.get(ts) ?? 0) + v));
  const times = [...totals.keys()].sort((a, b) => a - b);
  return [Float64Array.from(times, (t) => t / 1000), times.map((t) => totals.get(t) ?? null)];
}

export function LiveLineChart({
  siteId,
  seriesIds,
  windowMs,
  format,
  formatTime,
  height = 180,
  ariaLabel,
}: LiveLineChartProps) {
  // Formatting follows the language without rebuilding the chart.
  const latest = useLatest({ format, formatTime });

  const { container } = useUplot(
    ({ colors }) => ({
      options: {
        cursor: { y: false },
        scales: {
          // A fixed window ending now: the line grows in from the end, as on a chart recorder.
          x: { time: true, range: () => [(Date.now() - windowMs) / 1000, Date.now() / 1000] },
          y: { range: (_u, min, max) => [Math.min(0, min), Math.max(1, max * 1.05)] },
        },
        axes: [
          themedAxis(colors, (s) => latest.current.formatTime(s * 1000)),
          themedAxis(colors, (v) => latest.current.format(v), { size: 80 }),
        ],
        series: [
          {},
          { label: ariaLabel, stroke: colors.primary, width: 2, fill: colors.primaryFill, points: { show: false } },
        ],
      },
      read: () => sumByTime(seriesIds, Date.now() - windowMs),
      attach: (chart) => liveStore.onFrame(siteId, chart.redraw),
    }),
    [siteId, seriesIds, windowMs, ariaLabel],
  );

  return (
    <Box h={height} role="img" aria-label={ariaLabel}>
      <div ref={container} style={{ width: '100%', height: '100%' }} />
    </Box>
  );
}
