// The box a chart shows its values in under the cursor: hidden until the chart fills and places it.
import { Box } from '@mantine/core';
import type { Ref } from 'react';
import type uPlot from 'uplot';

export function ChartTooltip({
  ref,
  dir,
  top = 8,
  nowrap = true,
  testId,
}: {
  ref: Ref<HTMLDivElement>;
  /** The page's direction, for text inside a chart laid out left to right. */
  dir?: 'ltr' | 'rtl' | undefined;
  /** Its distance from the top of the chart; `null` where the chart places it vertically itself. */
  top?: number | null;
  /** Each line kept on one line. */
  nowrap?: boolean;
  testId?: string | undefined;
}) {
  return (
    <Box
      ref={ref}
      dir={dir}
      pos="absolute"
      {...(top === null ? {} : { top })}
      p="xs"
      fz="xs"
      bg="var(--mantine-color-body)"
      bd="1px solid var(--mantine-color-default-border)"
      data-testid={testId}
      style={{
        display: 'none',
        pointerEvents: 'none',
        borderRadius: 6,
        zIndex: 2,
        ...(nowrap ? { whiteSpace: 'nowrap' } : {}),
      }}
    />
  );
}

/** Writes a tooltip's lines, one block each, the first in bold unless `boldHead` is false. */
export function setTooltipLines(el: HTMLElement, lines: readonly string[], boldHead = true): void {
  el.replaceChildren(
    ...lines.map((line, k) => {
      const row = document.createElement('div');
      row.textContent = line;
      if (boldHead && k === 0) row.style.fontWeight = '600';
      return row;
    }),
  );
}

/** Beside the cursor, in physical coordinates on purpose (the plot does not mirror); past the middle it goes to
 * the other side of the cursor so that it stays inside the chart. */
export function placeTooltip(el: HTMLElement, u: uPlot): void {
  const left = u.cursor.left ?? 0;
  const width = u.over.getBoundingClientRect().width;
  el.style.left =
    left > width / 2
      ? `${Math.max(0, left - el.offsetWidth - 12 + u.over.offsetLeft)}px`
      : `${left + 16 + u.over.offsetLeft}px`;
}

/** The data point under the cursor, its index and x value (in `xs`, the chart's own by default); off the data,
 * null, and the tooltip `el` is hidden. */
export function pointAtCursor(
  el: HTMLElement,
  u: uPlot,
  xs: ArrayLike<number> = u.data[0],
): { i: number; x: number } | null {
  const i = u.cursor.idx;
  const x = i === null || i === undefined ? undefined : xs[i];
  if (x === undefined || i === null || i === undefined) {
    el.style.display = 'none';
    return null;
  }
  return { i, x };
}
