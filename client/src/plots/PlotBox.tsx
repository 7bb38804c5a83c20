// The box a uPlot chart with a tooltip draws in: its height, its name for assistive technologies (an image,
// maybe described by a summary elsewhere), the div the chart mounts into and the tooltip floating over it.
import { Box } from '@mantine/core';
import type { ReactNode, RefObject } from 'react';

interface PlotBoxProps {
  container: RefObject<HTMLDivElement | null>;
  height: number;
  ariaLabel: string;
  describedBy?: string | undefined;
  /** Charts read left to right in either direction of the page. */
  ltr?: boolean;
  /** The tooltip. */
  children: ReactNode;
  /** Test ids and what a test reads of the chart (its points, its bars). */
  [data: `data-${string}`]: string | number | undefined;
}

export function PlotBox({ container, height, ariaLabel, describedBy, ltr = false, children, ...data }: PlotBoxProps) {
  return (
    <Box
      pos="relative"
      h={height}
      role="img"
      aria-label={ariaLabel}
      aria-describedby={describedBy}
      {...(ltr && { dir: 'ltr' })}
      {...data}
    >
      <div ref={container} style={{ width: '100%', height: '100%' }} />
      {children}
    </Box>
  );
}
