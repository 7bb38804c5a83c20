// The chart components' one way to hold a uPlot chart: built in a container once the container is there,
// with the theme's colours read from it, rebuilt when the colour scheme or the component's own inputs
// change, and torn down with the component. What the chart draws is read through refs at each redraw,
// so new data is a redraw of the same chart, not a new one.
import { useComputedColorScheme } from '@mantine/core';
import { type DependencyList, useCallback, useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import { type ChartColors, chartColors } from './chartTheme.ts';
import { type MountedChart, mountUplot } from './mountUplot.ts';

/** A chart's options but its size, which the container gives; the legend is off unless they turn it on. */
export type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>;

export interface ChartSpec {
  options: ChartOptions;
  /** The columns to draw, read when the chart is built and at each redraw. */
  read: () => uPlot.AlignedData;
  /** Ties the chart to what moves it (live frames, a timer, DOM events); returns the function that unties it. */
  attach?: (chart: MountedChart) => () => void;
}

export interface ChartBuild {
  element: HTMLDivElement;
  colors: ChartColors;
  scheme: 'light' | 'dark';
}

/**
 * `build` makes the chart's spec when the container is mounted, and again when the colour scheme or one of
 * `deps` changes. Returns the container's ref and `redraw`, which asks the chart there is for a redraw.
 */
export function useUplot(build: (context: ChartBuild) => ChartSpec, deps: DependencyList) {
  const scheme = useComputedColorScheme('light');
  const container = useRef<HTMLDivElement | null>(null);
  const chart = useRef<MountedChart | null>(null);
  const buildRef = useRef(build);
  buildRef.current = build;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const { options, read, attach } = buildRef.current({ element, colors: chartColors(element, scheme), scheme });
    const mounted = mountUplot(
      element,
      (width, height) => ({ legend: { show: false }, ...options, width, height }),
      read,
    );
    chart.current = mounted;
    const detach = attach?.(mounted);
    return () => {
      detach?.();
      chart.current = null;
      mounted.dispose();
    };
  }, [scheme, ...deps]);

  const redraw = useCallback(() => chart.current?.redraw(), []);
  return { container, redraw };
}
