// A ref that holds the value of the latest render: what a long-lived callback (uPlot hooks, axis formatters,
// live binders) reads, so that new props take effect without setting it up again.
import { useRef } from 'react';

export function useLatest<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
