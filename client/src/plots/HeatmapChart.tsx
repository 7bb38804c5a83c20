// A grid of cells coloured by value (rows × columns: days × hours of the day, say), drawn by uPlot: the
// scales and axes are uPlot's, the cells are rectangles painted in its draw hook. The colour scale is
// sequential in lightness (light to dark on a light theme, dark to bright on a dark one) so that it
// reads without hue, and cells without data are hatched, never given a colour of the scale. Columns keep
// their order in right-to-left languages (they are time); the row labels move to the inline start.
// A little over 300 lines: the draw hook, the hover read-out and the colour legend share one colour
// scale and one cell geometry, so they stay with the plot.
import { Box, Group, Text, useComputedColorScheme, useDirection } from '@mantine/core';
import { useEffect, useId, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import { ChartTooltip, setTooltipLines } from './ChartTooltip.tsx';
import { useUplot } from './useUplot.ts';

/** How a cell is drawn. */
export const HEAT = {
  /** Coloured by its value. */
  value: 0,
  /** Hatched: there should be a value and there is none. */
  noData: 1,
  /** Left empty: nothing is expected there (yet). */
  blank: 2,
} as const;

// Light theme: ColorBrewer YlOrBr; dark theme: inferno (matplotlib). Both are monotonic in lightness and
// safe for the common colour-vision deficiencies.
const LIGHT_STOPS = ['#fff7bc', '#fee391', '#fec44f', '#fe9929', '#ec7014', '#cc4c02', '#993404', '#662506'];
const DARK_STOPS = [
  '#1b0c41',
  '#420a68',
  '#6a176e',
  '#932667',
  '#bc3754',
  '#dd513a',
  '#f37819',
  '#fca50a',
  '#f6d746',
  '#fcffa4',
];
const LEVELS = 64;

function palette(stops: readonly string[]): string[] {
  const rgb = stops.map((hex) => [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)));
  return Array.from({ length: LEVELS }, (_, level) => {
    const at = (level / (LEVELS - 1)) * (rgb.length - 1);
    const i = Math.min(rgb.length - 2, Math.floor(at));
    const f = at - i;
    const [a, b] = [rgb[i] as number[], rgb[i + 1] as number[]];
    return `rgb(${a.map((v, k) => Math.round(v + ((b[k] as number) - v) * f)).join(',')})`;
  });
}
const palettes = { light: palette(LIGHT_STOPS), dark: palette(DARK_STOPS) };

/** The colour of a value on the scale 0..max (below 0 counts as 0). */
export function heatColor(scheme: 'light' | 'dark', value: number, max: number): string {
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  return palettes[scheme][Math.round(share * (LEVELS - 1))] as string;
}

export interface HeatmapChartProps {
  rows: number;
  cols: number;
  /** Row-major values; read where the kind is `HEAT.value`. */
  values: Float64Array;
  kinds: Uint8Array;
  /** The top of the colour scale (its bottom is 0). */
  max: number;
  rowLabel: (row: number) => string;
  colLabel: (col: number) => string;
  /** Formats a value with its unit, for the legend. */
  format: (value: number) => string;
  /** The tooltip's lines for a cell. */
  tooltip: (row: number, col: number) => string[];
  ariaLabel: string;
  /** The id of the text that sums the chart up, for screen readers. */
  describedBy?: string;
  legend: { title: string; noData: string; blank?: string };
}

/** Row height in CSS px: roomy for a week, a thin band for a quarter or more. */
const rowHeight = (rows: number) => (rows <= 14 ? 28 : rows <= 35 ? 18 : Math.max(4, Math.min(9, 720 / rows)));
const X_AXIS_PX = 32;

/** Label every `step`-th of `count` items so that labels are at least `minPx` apart. */
function labelStep(pxEach: number, minPx: number, nice: readonly number[]): number {
  const wanted = Math.ceil(minPx / Math.max(1, pxEach));
  return nice.find((n) => n >= wanted) ?? wanted;
}

function hatch(color: string): CanvasPattern | null {
  const tile = document.createElement('canvas');
  tile.width = 6;
  tile.height = 6;
  const c = tile.getContext('2d');
  if (!c) return null;
  c.strokeStyle = color;
  c.lineWidth = 1.5;
  c.beginPath();
  c.moveTo(-1, 7);
  c.lineTo(7, -1);
  c.stroke();
  return c.createPattern(tile, 'repeat');
}

export function HeatmapChart(props: HeatmapChartProps) {
  const { rows, cols, ariaLabel, describedBy, legend, max, format } = props;
  const scheme = useComputedColorScheme('light');
  const { dir } = useDirection();
  const tooltip = useRef<HTMLDivElement | null>(null);
  const outline = useRef<HTMLDivElement | null>(null);
  // The chart reads the latest props in its draw hook: new data is a redraw, not a new chart.
  const current = useRef(props);
  current.current = props;

  const { container, redraw } = useUplot(
    ({ element, colors, scheme }) => {
      const font = `12px ${getComputedStyle(element).fontFamily || 'sans-serif'}`;
      const noData = hatch(colors.dimmed);
      const xs = Array.from({ length: 25 }, (_, i) => i);
      const ys = xs.map(() => null);

      const rowTop = (u: uPlot, row: number) => u.valToPos(current.current.rows - row, 'y', true);
      const draw = (u: uPlot) => {
        const p = current.current;
        const { ctx } = u;
        const dpr = uPlot.pxRatio;
        ctx.save();
        for (let row = 0; row < p.rows; row++) {
          const top = Math.round(rowTop(u, row));
          const bottom = Math.round(rowTop(u, row + 1));
          const gapY = bottom - top > 6 * dpr ? Math.round(dpr) : 0;
          for (let col = 0; col < p.cols; col++) {
            const left = Math.round(u.valToPos(col, 'x', true));
            const right = Math.round(u.valToPos(col + 1, 'x', true));
            const gapX = right - left > 6 * dpr ? Math.round(dpr) : 0;
            const i = row * p.cols + col;
            const kind = p.kinds[i];
            const [x, y, w, h] = [left, top, right - left - gapX, bottom - top - gapY];
            if (kind === HEAT.value) {
              ctx.fillStyle = heatColor(scheme, p.values[i] as number, p.max);
              ctx.fillRect(x, y, w, h);
            } else if (kind === HEAT.noData) {
              ctx.fillStyle = noData ?? colors.grid;
              ctx.fillRect(x, y, w, h);
            } else if (h > 4 * dpr) {
              ctx.strokeStyle = colors.grid;
              ctx.lineWidth = dpr;
              ctx.strokeRect(x + dpr / 2, y + dpr / 2, w - dpr, h - dpr);
            }
          }
        }
        ctx.restore();
      };

      const hide = () => {
        if (tooltip.current) tooltip.current.style.display = 'none';
        if (outline.current) outline.current.style.display = 'none';
      };
      const hover = (u: uPlot) => {
        const p = current.current;
        const { left, top } = u.cursor;
        if (left === undefined || top === undefined || left < 0 || top < 0) return hide();
        const col = Math.floor(u.posToVal(left, 'x'));
        const row = Math.floor(p.rows - u.posToVal(top, 'y'));
        if (col < 0 || col >= p.cols || row < 0 || row >= p.rows) return hide();
        const tip = tooltip.current;
        const box = outline.current;
        if (!tip || !box) return;
        const origin = element.getBoundingClientRect();
        const over = u.over.getBoundingClientRect();
        const dx = over.left - origin.left;
        const dy = over.top - origin.top;
        const x0 = u.valToPos(col, 'x');
        const x1 = u.valToPos(col + 1, 'x');
        const y0 = u.valToPos(p.rows - row, 'y');
        const y1 = u.valToPos(p.rows - row - 1, 'y');
        Object.assign(box.style, {
          display: 'block',
          left: `${dx + x0 - 1}px`,
          top: `${dy + y0 - 1}px`,
          width: `${x1 - x0 + 1}px`,
          height: `${y1 - y0 + 1}px`,
        });
        setTooltipLines(tip, p.tooltip(row, col));
        tip.style.display = 'block';
        const width = tip.offsetWidth;
        const height = tip.offsetHeight;
        const x = dx + left + 14 + width > origin.width ? dx + left - width - 14 : dx + left + 14;
        const y = Math.max(0, Math.min(dy + top + 14, origin.height - height));
        tip.style.left = `${Math.max(0, x)}px`;
        tip.style.top = `${y}px`;
      };

      return {
        options: {
          padding: [6, 6, 0, 6],
          cursor: { x: false, y: false, points: { show: false }, drag: { x: false, y: false } },
          scales: {
            x: { time: false, auto: false, range: () => [0, current.current.cols] },
            y: { auto: false, range: () => [0, current.current.rows] },
          },
          axes: [
            {
              stroke: colors.dimmed,
              font,
              grid: { show: false },
              ticks: { show: false },
              size: X_AXIS_PX,
              splits: (u) => {
                const p = current.current;
                const step = labelStep(u.bbox.width / uPlot.pxRatio / p.cols, 26, [1, 2, 3, 4, 6, 12]);
                return Array.from({ length: Math.ceil(p.cols / step) }, (_, i) => i * step + 0.5);
              },
              values: (_u, splits) => splits.map((v) => current.current.colLabel(Math.floor(v))),
            },
            {
              stroke: colors.dimmed,
              font,
              grid: { show: false },
              ticks: { show: false },
              side: dir === 'rtl' ? 1 : 3,
              gap: 6,
              size: (u, values) => {
                if (!values) return 40;
                u.ctx.font = font;
                const widest = Math.max(...values.map((v) => u.ctx.measureText(v).width));
                return Math.ceil(widest) + 14;
              },
              splits: (u) => {
                const p = current.current;
                const step = labelStep(u.bbox.height / uPlot.pxRatio / Math.max(1, p.rows), 16, [1, 2, 7, 14, 30, 60]);
                const out: number[] = [];
                for (let row = 0; row < p.rows; row += step) out.push(p.rows - row - 0.5);
                return out;
              },
              values: (_u, splits) => splits.map((v) => current.current.rowLabel(Math.floor(current.current.rows - v))),
            },
          ],
          series: [{}, { scale: 'y', paths: () => null, points: { show: false } }],
          hooks: { draw: [draw], setCursor: [hover] },
        },
        read: () => [xs, ys],
        attach: () => {
          element.addEventListener('mouseleave', hide);
          return () => element.removeEventListener('mouseleave', hide);
        },
      };
    },
    [dir],
  );

  // New values (or rows) are a redraw of the same chart, in the page's next animation frame.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the props are the trigger; the draw hook reads them from the ref.
  useEffect(() => {
    redraw();
  }, [props.values, props.kinds, rows, cols, max]);

  const height = Math.round(rows * rowHeight(rows)) + X_AXIS_PX + 8;
  const gradient = useMemo(
    () =>
      `linear-gradient(to ${dir === 'rtl' ? 'left' : 'right'}, ${palettes[scheme].filter((_, i) => i % 8 === 0 || i === LEVELS - 1).join(', ')})`,
    [scheme, dir],
  );
  const legendId = useId();

  return (
    <Box>
      <Box
        pos="relative"
        h={height}
        role="img"
        aria-label={ariaLabel}
        aria-describedby={[describedBy, legendId].filter(Boolean).join(' ')}
        data-testid="heatmap"
        data-rows={rows}
        data-cols={cols}
      >
        <div ref={container} style={{ width: '100%', height: '100%' }} />
        <Box
          ref={outline}
          pos="absolute"
          style={{
            display: 'none',
            pointerEvents: 'none',
            border: '2px solid var(--mantine-color-text)',
            borderRadius: 2,
            zIndex: 1,
          }}
        />
        <ChartTooltip ref={tooltip} top={null} testId="heatmap-tooltip" />
      </Box>
      <Group gap="lg" mt="sm" wrap="wrap" id={legendId} data-testid="heatmap-legend">
        <Group gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {legend.title}
          </Text>
          <Group gap="xs" wrap="nowrap">
            <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
              {format(0)}
            </Text>
            <Box w={140} h={12} style={{ background: gradient, borderRadius: 2 }} aria-hidden />
            <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
              {format(max)}
            </Text>
          </Group>
        </Group>
        <Group gap={6} wrap="nowrap">
          <Box
            w={14}
            h={14}
            aria-hidden
            style={{
              background:
                'repeating-linear-gradient(-45deg, var(--mantine-color-dimmed) 0 1.5px, transparent 1.5px 4px)',
              borderRadius: 2,
            }}
          />
          <Text size="xs">{legend.noData}</Text>
        </Group>
        {legend.blank && (
          <Group gap={6} wrap="nowrap">
            <Box
              w={14}
              h={14}
              aria-hidden
              style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 2 }}
            />
            <Text size="xs">{legend.blank}</Text>
          </Group>
        )}
      </Group>
    </Box>
  );
}
