// A ref that holds the value of the latest render: what a chart's callbacks (uPlot hooks, axis formatters,
// live subscriptions) read, so that new props take effect without rebuilding the chart.
import { useRef } from 'react';

export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
