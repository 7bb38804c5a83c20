// Live bars, one per unit (an inverter, a turbine, an MPPT input): each bar is its value now, redrawn at
// most once per animation frame when a frame of the site arrives. The category axis mirrors in
// right-to-left; the tooltip is plain DOM, updated on hover only.
import { useDirection } from '@mantine/core';
import { useRef } from 'react';
import uPlot from 'uplot';
import { liveStore } from '../live/liveStore.ts';
import { useLatest } from '../ui/useLatest.ts';
import { ChartTooltip, setTooltipLines } from './ChartTooltip.tsx';
import { themedAxis } from './chartTheme.ts';
import { PlotBox } from './PlotBox.tsx';
import { useUplot } from './useUplot.ts';

export interface Bar {
  label: string;
  /** The bar's value now: a series' newest value, or one derived from several (V × I). */
  read: () => number | null;
}

export interface LiveBarChartProps {
  siteId: string;
  bars: readonly Bar[];
  /** Formats a value with its unit, for the axis and the tooltip. */
  format: (value: number) => string;
  /** Extra lines for the tooltip of bar `index` (voltage and current of an MPPT input, say). */
  details?: (index: number) => string[];
  height?: number;
  ariaLabel: string;
}

// uPlot's bars path builder ships with the library; its type marks it optional for custom builds.
const barsPath = (uPlot.paths.bars as NonNullable<typeof uPlot.paths.bars>)({ size: [0.7, 48], align: 0 });

function showTooltip(el: HTMLElement, u: uPlot, lines: string[]): void {
  setTooltipLines(el, lines, false);
  el.style.display = 'block';
  el.style.insetInlineStart = `${Math.min((u.cursor.left ?? 0) + 60, u.width - 140)}px`;
}

export function LiveBarChart({ siteId, bars, format, details, height = 360, ariaLabel }: LiveBarChartProps) {
  const { dir } = useDirection();
  const tooltip = useRef<HTMLDivElement | null>(null);
  // Formatting follows the language without rebuilding the chart.
  const latest = useLatest({ format, details });

  const { container } = useUplot(
    ({ colors }) => {
      const xs = Float64Array.from(bars, (_, i) => i);
      let ys: (number | null)[] = [];
      const read = (): uPlot.AlignedData => {
        ys = bars.map((b) => b.read());
        return [xs, ys];
      };
      return {
        options: {
          cursor: { points: { show: false }, drag: { x: false, y: false } },
          scales: {
            x: { time: false, dir: dir === 'rtl' ? -1 : 1, range: (_u, min, max) => [min - 0.6, max + 0.6] },
            y: { range: (_u, _min, max) => [0, Math.max(1, max * 1.1)] },
          },
          axes: [
            {
              stroke: colors.dimmed,
              grid: { show: false },
              ticks: { show: false },
              values: (_u, splits) => splits.map((i) => bars[i]?.label ?? ''),
              space: 28,
            },
            themedAxis(colors, (v) => latest.current.format(v), {
              ticks: { show: false },
              size: 80,
              side: dir === 'rtl' ? 1 : 3,
            }),
          ],
          series: [
            {},
            {
              label: ariaLabel,
              fill: colors.primaryFill,
              stroke: colors.primary,
              width: 1,
              paths: barsPath,
              points: { show: false },
            },
          ],
          hooks: {
            setCursor: [
              (u) => {
                const el = tooltip.current;
                const i = u.cursor.idx;
                if (!el) return;
                const bar = i === null || i === undefined ? undefined : bars[i];
                if (!bar || i === null || i === undefined) {
                  el.style.display = 'none';
                  return;
                }
                const value = ys[i];
                const shown = value === null || value === undefined ? '—' : latest.current.format(value);
                showTooltip(el, u, [bar.label, shown, ...(latest.current.details?.(i) ?? [])]);
              },
            ],
          },
        },
        read,
        attach: (chart) => liveStore.onFrame(siteId, chart.redraw),
      };
    },
    [siteId, bars, dir, ariaLabel],
  );

  return (
    <PlotBox
      container={container}
      height={height}
      ariaLabel={ariaLabel}
      data-testid="bar-chart"
      data-bars={bars.length}
    >
      <ChartTooltip ref={tooltip} nowrap={false} />
    </PlotBox>
  );
}
