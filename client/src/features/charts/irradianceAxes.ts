// The pieces the irradiance plots are built from: a time axis on the site's clock (midnights read as
// dates), value axes with bare numbers and the unit written above them (narrow enough for a phone), the
// power unit that follows the scale, and a dashed level line (the inverters' AC rating).
import type { Language } from '@voltscope/shared/i18n';
import uPlot from 'uplot';
import { formatNumber } from '../../i18n/format.ts';
import type { ChartColors } from '../../plots/chartTheme.ts';
import { formatSiteClock, formatSiteDay, isSiteMidnight } from './formatCharts.ts';

export interface AxisKitOptions {
  theme: ChartColors;
  /** The canvas font, "12px <family>". */
  font: string;
  lng: Language;
  timeZone: string;
  /** Width of a value axis in CSS px (the same on both plots, so that their times line up). */
  size: number;
}

export function axisKit({ theme, font, lng, timeZone, size }: AxisKitOptions) {
  const timeAxis: uPlot.Axis = {
    stroke: theme.dimmed,
    font,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1 },
    space: 64,
    values: (_u, splits) =>
      splits.map((s) =>
        isSiteMidnight(timeZone, s * 1000)
          ? formatSiteDay(lng, timeZone, s * 1000)
          : formatSiteClock(lng, timeZone, s * 1000),
      ),
  };

  const valueAxis = (
    scale: string,
    side: number,
    format: (u: uPlot, v: number) => string,
    grid: boolean,
  ): uPlot.Axis => ({
    scale,
    side,
    font,
    stroke: theme.dimmed,
    size,
    grid: { show: grid, stroke: theme.grid, width: 1 },
    ticks: { show: false },
    values: (u, splits) => splits.map((v) => format(u, v)),
  });

  /** An axis that only takes room: the plot beneath lines up with the one above. */
  const blankAxis = (scale: string, side: number): uPlot.Axis => ({
    scale,
    side,
    size,
    grid: { show: false },
    ticks: { show: false },
    values: (_u, splits) => splits.map(() => ''),
  });

  /** Writes each axis' unit above it (the plot leaves room with a top padding). */
  const drawUnits = (units: { side: number; unit: (u: uPlot) => string }[]) => (u: uPlot) => {
    const { ctx, bbox } = u;
    const px = uPlot.pxRatio;
    ctx.save();
    ctx.font = font.replace(/^12px/, `${Math.round(11 * px)}px`);
    ctx.fillStyle = theme.dimmed;
    // Unit symbols keep their order in right-to-left pages ("°C", not "C°").
    ctx.direction = 'ltr';
    ctx.textBaseline = 'bottom';
    for (const { side, unit } of units) {
      const left = side === 3;
      ctx.textAlign = left ? 'right' : 'left';
      ctx.fillText(unit(u), left ? bbox.left - 6 * px : bbox.left + bbox.width + 6 * px, bbox.top - 6 * px);
    }
    ctx.restore();
  };

  /** The power scale in kW shown in kW, MW or GW, whichever its top needs. */
  const powerDivisor = (u: uPlot, scale: string) => {
    const max = u.scales[scale]?.max ?? 0;
    return max >= 1e6 ? 1e6 : max >= 1e3 ? 1e3 : 1;
  };
  const powerUnit = (u: uPlot, scale: string) => {
    const divisor = powerDivisor(u, scale);
    return divisor === 1e6 ? 'GW' : divisor === 1e3 ? 'MW' : 'kW';
  };
  const powerTick = (scale: string) => (u: uPlot, v: number) => formatNumber(lng, v / powerDivisor(u, scale), 1);

  /** A dashed horizontal line at `value` on `scale`. */
  const drawLevel = (scale: string, color: string, value: () => number | null) => (u: uPlot) => {
    const level = value();
    if (!level) return;
    const px = uPlot.pxRatio;
    const y = Math.round(u.valToPos(level, scale, true));
    const { ctx, bbox } = u;
    ctx.save();
    ctx.strokeStyle = color;
    ctx.lineWidth = 1.5 * px;
    ctx.setLineDash([6 * px, 4 * px]);
    ctx.beginPath();
    ctx.moveTo(bbox.left, y);
    ctx.lineTo(bbox.left + bbox.width, y);
    ctx.stroke();
    ctx.restore();
  };

  return { timeAxis, valueAxis, blankAxis, drawUnits, powerUnit, powerTick, drawLevel };
}
