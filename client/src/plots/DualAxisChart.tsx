// Lines over time against two value axes (power on one, irradiance on the other, say): each line names
// its axis; with no line on the second axis, it is not drawn. The data comes from `read`, called when
// the chart is built and at each redraw that `subscribe` asks for (through the page's one animation-frame
// scheduler), so a live chart moves without React rendering per sample. Time runs left to right in every
// language; the value axes swap sides in right-to-left so the main one stays at the start of the line.
import { useDirection } from '@mantine/core';
import { useRef } from 'react';
import type uPlot from 'uplot';
import { useLatest } from '../ui/useLatest.ts';
import { ChartTooltip, placeTooltip, pointAtCursor } from './ChartTooltip.tsx';
import type { MountedChart } from './mountUplot.ts';
import { PlotBox } from './PlotBox.tsx';
import { useUplot } from './useUplot.ts';
import { axisStyle, type ValueAxis, valueAxis } from './valueAxis.ts';

export interface ChartLine {
  label: string;
  color: string;
  /** The value axis: the first (left in left-to-right) or the second. */
  axis?: 'left' | 'right';
  dash?: number[];
  /** Fills the area beneath the line. */
  fill?: boolean;
  width?: number;
  /** Hidden lines stay in the data (and the tooltip leaves them out). */
  show?: boolean;
}

export interface DualAxisChartProps {
  lines: readonly ChartLine[];
  /** Times in seconds (uPlot's time scale), then one column per line. */
  read: () => uPlot.AlignedData;
  /** Calls `redraw` whenever new data may be there; returns the function that stops it. */
  subscribe?: (redraw: () => void) => () => void;
  /** The time span shown (seconds), read at each redraw; the data's own span by default. */
  xRange?: () => [number, number];
  left: ValueAxis;
  /** The second axis, for the lines that name it. */
  right?: ValueAxis;
  /** An axis label; `stepMs` is the distance between two ticks (dates for days, times for hours). */
  formatTick: (ms: number, stepMs: number) => string;
  /** The time at the cursor, in the tooltip. */
  formatCursor: (ms: number) => string;
  height?: number;
  /** Draws lines across missing values (true, the default, for sparse history); false shows gaps. */
  spanGaps?: boolean;
  /** The chart's name for assistive technologies; `describedBy` points at its text summary. */
  ariaLabel: string;
  describedBy?: string;
  testId?: string;
}

const swatch = (color: string, dash: boolean) => {
  const el = document.createElement('span');
  el.style.cssText = `display:inline-block;inline-size:12px;block-size:0;border-block-start:3px ${dash ? 'dashed' : 'solid'} ${color};margin-inline-end:6px;vertical-align:middle`;
  return el;
};

function fillTooltip(el: HTMLElement, u: uPlot, props: DualAxisChartProps): void {
  const point = pointAtCursor(el, u);
  if (!point) return;
  const { i, x } = point;
  const rows: HTMLElement[] = [];
  const head = document.createElement('div');
  head.style.fontWeight = '600';
  head.textContent = props.formatCursor(x * 1000);
  rows.push(head);
  props.lines.forEach((line, k) => {
    if (line.show === false) return;
    const value = u.data[k + 1]?.[i];
    const row = document.createElement('div');
    row.append(swatch(line.color, Boolean(line.dash)));
    const format = line.axis === 'right' && props.right ? props.right.format : props.left.format;
    const text = document.createElement('bdi');
    text.textContent = `${line.label}: ${value === null || value === undefined ? '—' : format(value)}`;
    row.append(text);
    rows.push(row);
  });
  el.replaceChildren(...rows);
  el.style.display = 'block';
  placeTooltip(el, u);
}

export function DualAxisChart(props: DualAxisChartProps) {
  const { lines, read, subscribe, xRange, height = 320, spanGaps = true, ariaLabel, describedBy, testId } = props;
  const { dir } = useDirection();
  const tooltip = useRef<HTMLDivElement | null>(null);
  // Formatting follows the language without rebuilding the chart.
  const propsRef = useLatest(props);

  const { container } = useUplot(
    ({ colors }) => {
      const rtl = dir === 'rtl';
      const hasRight = lines.some((l) => l.axis === 'right');
      const finite = (v: number | null | undefined) => typeof v === 'number' && Number.isFinite(v);
      return {
        options: {
          cursor: { y: false, drag: { x: false, y: false }, points: { size: 7 } },
          scales: {
            x: { time: true, ...(xRange ? { range: () => xRange() } : {}) },
            y: {
              range: (_u, min, max) => [finite(min) ? Math.min(0, min) : 0, finite(max) && max > 0 ? max * 1.08 : 1],
            },
            r: { range: (_u, _min, max) => [0, finite(max) && max > 0 ? max * 1.08 : 100] },
          },
          axes: [
            {
              ...axisStyle(colors),
              grid: { stroke: colors.grid, width: 1 },
              space: 70,
              values: (_u, splits, _axis, _space, incr) =>
                splits.map((s) => propsRef.current.formatTick(s * 1000, incr * 1000)),
            },
            valueAxis(colors, 'y', rtl ? 1 : 3, true, () => propsRef.current.left),
            ...(hasRight
              ? [valueAxis(colors, 'r', rtl ? 3 : 1, false, () => propsRef.current.right ?? propsRef.current.left)]
              : []),
          ],
          series: [
            {},
            ...lines.map((line) => ({
              label: line.label,
              scale: line.axis === 'right' ? 'r' : 'y',
              stroke: line.color,
              width: line.width ?? 2,
              show: line.show !== false,
              spanGaps,
              points: { show: false },
              ...(line.dash ? { dash: line.dash } : {}),
              ...(line.fill ? { fill: `color-mix(in srgb, ${line.color} 18%, transparent)` } : {}),
            })),
          ],
          hooks: {
            setCursor: [
              (u) => {
                if (tooltip.current) fillTooltip(tooltip.current, u, propsRef.current);
              },
            ],
          },
        },
        read,
        ...(subscribe ? { attach: (chart: MountedChart) => subscribe(chart.redraw) } : {}),
      };
    },
    [lines, read, subscribe, xRange, spanGaps, dir],
  );

  return (
    <PlotBox
      container={container}
      height={height}
      ariaLabel={ariaLabel}
      describedBy={describedBy}
      ltr
      data-testid={testId}
    >
      <ChartTooltip ref={tooltip} dir={dir} />
    </PlotBox>
  );
}
