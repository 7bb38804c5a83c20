// The value axis the period and dual-axis charts share: ticks as bare numbers in one unit, the unit as the
// axis' title, the axis as wide as its longest tick label.
import type uPlot from 'uplot';
import type { ChartColors } from './chartTheme.ts';

/** A value axis: its ticks as bare numbers in one unit, the unit as the axis' title, values in full in the tooltip. */
export interface ValueAxis {
  /** A value with its unit, for the tooltip. */
  format: (value: number) => string;
  /** The tick labels, all in the unit `unit(max)` names; `max` is the top of the axis. */
  ticks: (splits: number[], max: number) => string[];
  unit: (max: number) => string;
}

export const AXIS_FONT = '12px system-ui, sans-serif';

/** The axes' dimmed text without tick marks. */
export const axisStyle = (colors: ChartColors) => ({
  stroke: colors.dimmed,
  ticks: { show: false },
  font: AXIS_FONT,
  labelFont: AXIS_FONT,
});

/** The value axis of `scale` on `side`, read through `axis()` at each draw so it follows the language. */
export function valueAxis(
  colors: ChartColors,
  scale: string,
  side: number,
  grid: boolean,
  axis: () => ValueAxis,
): uPlot.Axis {
  return {
    ...axisStyle(colors),
    scale,
    side,
    grid: grid ? { stroke: colors.grid, width: 1 } : { show: false },
    labelSize: 18,
    gap: 4,
    label: (u) => axis().unit(u.scales[scale]?.max ?? 0),
    values: (u, splits) => axis().ticks(splits, u.scales[scale]?.max ?? 0),
    size: (u, values) => {
      u.ctx.font = AXIS_FONT;
      const widest = Math.max(0, ...(values ?? []).map((v) => u.ctx.measureText(v).width));
      return Math.ceil(widest + 12);
    },
  };
}
