// Figures over a period as bars and lines against one value axis, with horizontal target lines: energy
// per day as bars and the expected energy as a line, ratios per day as lines, alarms per 10 minutes as
// bars under their targets. The data is static for a render (a period's answer, not a live stream): the
// chart is built once per shape, theme and direction, and given new columns with one redraw. Time runs
// left to right in every language; the value axis moves to the other side in right-to-left, and the
// legend under the plot is text (series told apart by shape as well as colour: bar, line, dashes).
import { Box, Group, Text, useDirection } from '@mantine/core';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { useLatest } from '../ui/useLatest.ts';
import { ChartTooltip, placeTooltip, pointAtCursor } from './ChartTooltip.tsx';
import { PlotBox } from './PlotBox.tsx';
import { useUplot } from './useUplot.ts';
import { axisStyle, type ValueAxis, valueAxis } from './valueAxis.ts';

export interface AnalysisSeries {
  label: string;
  color: string;
  kind: 'bars' | 'line';
  dash?: number[];
  /** A dot on each value (a line over a few days). */
  points?: boolean;
}

export interface AnalysisTarget {
  label: string;
  value: number;
  color: string;
  dash?: number[];
}

export interface AnalysisBarsProps {
  /** Instants (ms) of the columns' values: a day's UTC midnight, or the start of a window. */
  x: readonly number[];
  /** One column per series, aligned with `x`; null where there is no value. */
  columns: readonly (readonly (number | null)[])[];
  series: readonly AnalysisSeries[];
  targets?: readonly AnalysisTarget[];
  /** The value axis reaches at least this high (1 for ratios, say). */
  minTop?: number;
  /** The distance between two values (ms): half of it pads each end so the end bars show whole. */
  stepMs: number;
  /** The zone the time axis falls into days in (UTC for days given as UTC midnights). */
  timeZone: string;
  /** Ticks on the values' own instants (one a day), thinned to fit, instead of round times. */
  ticksOnValues?: boolean;
  axis: ValueAxis;
  formatTick: (ms: number, stepMs: number) => string;
  formatCursor: (ms: number) => string;
  height?: number;
  /** The chart's name for assistive technologies; `describedBy` points at its text summary. */
  ariaLabel: string;
  describedBy?: string;
  testId?: string;
}

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

function Swatch({
  kind,
  color,
  dash,
}: {
  kind: 'bars' | 'line' | 'target';
  color: string;
  dash?: number[] | undefined;
}) {
  if (kind === 'bars') {
    return (
      <span aria-hidden style={{ inlineSize: 12, blockSize: 12, background: color, borderRadius: 2, flex: 'none' }} />
    );
  }
  return (
    <span
      aria-hidden
      style={{
        inlineSize: 18,
        blockSize: 0,
        borderBlockStart: `${kind === 'target' ? 2 : 3}px ${dash ? 'dashed' : 'solid'} ${color}`,
        flex: 'none',
      }}
    />
  );
}

function fillTooltip(el: HTMLElement, u: uPlot, props: AnalysisBarsProps): void {
  const point = pointAtCursor(el, u);
  if (!point) return;
  const { i, x } = point;
  const head = document.createElement('div');
  head.style.fontWeight = '600';
  head.textContent = props.formatCursor(x * 1000);
  const rows = props.series.map((s, k) => {
    const value = u.data[k + 1]?.[i];
    const row = document.createElement('div');
    const text = document.createElement('bdi');
    text.textContent = `${s.label}: ${finite(value) ? props.axis.format(value) : '—'}`;
    row.append(text);
    return row;
  });
  el.replaceChildren(head, ...rows);
  el.style.display = 'block';
  placeTooltip(el, u);
}

export function AnalysisBars(props: AnalysisBarsProps) {
  const {
    x,
    columns,
    series,
    targets,
    stepMs,
    timeZone,
    ticksOnValues = false,
    height = 300,
    ariaLabel,
    describedBy,
    testId,
  } = props;
  const { dir } = useDirection();
  const tooltip = useRef<HTMLDivElement | null>(null);
  // Formatting and data follow the props without rebuilding the chart.
  const propsRef = useLatest(props);

  const { container, redraw } = useUplot(
    ({ colors }) => {
      const rtl = dir === 'rtl';
      const read = (): uPlot.AlignedData => [
        Float64Array.from(propsRef.current.x, (ms) => ms / 1000),
        ...propsRef.current.columns.map((c) => [...c]),
      ];
      const bars = (uPlot.paths.bars as NonNullable<typeof uPlot.paths.bars>)({ size: [0.7, 56, 1], align: 0 });
      return {
        options: {
          tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
          cursor: { y: false, drag: { x: false, y: false }, points: { size: 7 } },
          scales: {
            x: {
              time: true,
              range: (u) => {
                const xs = u.data[0];
                const first = xs[0] ?? 0;
                const last = xs[xs.length - 1] ?? first;
                const pad = stepMs / 2000;
                return [first - pad, last + pad];
              },
            },
            y: {
              range: (_u, _min, max) => {
                const { targets: lines = [], minTop = 0 } = propsRef.current;
                const top = Math.max(finite(max) ? max : 0, ...lines.map((t) => t.value));
                // Room above the highest value or target, but no more than asked when the data stays under it.
                return [0, top > 0 ? Math.max(top * 1.12, minTop) : Math.max(1, minTop)];
              },
            },
          },
          axes: [
            {
              ...axisStyle(colors),
              grid: { stroke: colors.grid, width: 1 },
              space: 64,
              ...(ticksOnValues
                ? {
                    splits: (u: uPlot) => {
                      const xs = u.data[0];
                      const room = u.bbox.width / uPlot.pxRatio / 64;
                      const every = Math.max(1, Math.ceil(xs.length / Math.max(1, room)));
                      return Array.from(xs).filter((_, i) => i % every === 0);
                    },
                  }
                : {}),
              values: (_u, splits, _axis, _space, incr) =>
                splits.map((s) => propsRef.current.formatTick(s * 1000, incr * 1000)),
            },
            valueAxis(colors, 'y', rtl ? 1 : 3, true, () => propsRef.current.axis),
          ],
          series: [
            {},
            ...series.map(
              (s): uPlot.Series => ({
                label: s.label,
                stroke: s.color,
                width: s.kind === 'bars' ? 0 : 2,
                ...(s.kind === 'bars'
                  ? { fill: s.color, paths: bars, points: { show: false } }
                  : { points: { show: s.points ?? false, size: 5, fill: s.color }, spanGaps: false }),
                ...(s.dash ? { dash: s.dash } : {}),
              }),
            ),
          ],
          hooks: {
            draw: [
              (u) => {
                const lines = propsRef.current.targets ?? [];
                if (lines.length === 0) return;
                const { ctx } = u;
                const { left, top, width: w, height: hh } = u.bbox;
                ctx.save();
                for (const target of lines) {
                  const y = Math.round(u.valToPos(target.value, 'y', true)) + 0.5;
                  if (y < top || y > top + hh) continue;
                  ctx.strokeStyle = target.color;
                  ctx.lineWidth = 2 * uPlot.pxRatio;
                  ctx.setLineDash((target.dash ?? []).map((d) => d * uPlot.pxRatio));
                  ctx.beginPath();
                  ctx.moveTo(left, y);
                  ctx.lineTo(left + w, y);
                  ctx.stroke();
                }
                ctx.restore();
              },
            ],
            setCursor: [
              (u) => {
                if (tooltip.current) fillTooltip(tooltip.current, u, propsRef.current);
              },
            ],
          },
        },
        read,
      };
    },
    [series, stepMs, timeZone, ticksOnValues, dir],
  );

  // New figures for the same chart: one redraw (the targets and the axis are read at each draw).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the data is read through propsRef at the redraw
  useEffect(() => {
    redraw();
  }, [x, columns, targets]);

  return (
    <Box data-testid={testId}>
      <PlotBox
        container={container}
        height={height}
        ariaLabel={ariaLabel}
        describedBy={describedBy}
        ltr
        data-points={x.length}
      >
        <ChartTooltip ref={tooltip} />
      </PlotBox>
      <Group component="ul" gap="md" mt={6} p={0} style={{ listStyle: 'none' }}>
        {series.map((s) => (
          <Group component="li" key={s.label} gap={6} wrap="nowrap">
            <Swatch kind={s.kind} color={s.color} dash={s.dash} />
            <Text size="xs">{s.label}</Text>
          </Group>
        ))}
        {(targets ?? []).map((target) => (
          <Group component="li" key={target.label} gap={6} wrap="nowrap">
            <Swatch kind="target" color={target.color} dash={target.dash} />
            <Text size="xs">{target.label}</Text>
          </Group>
        ))}
      </Group>
    </Box>
  );
}
