// A ref that always holds the value of the latest render: what a long-lived callback (a chart's hooks, a
// live binder's update) reads so that it sees new props without being set up again.
import { useRef } from 'react';

export function useLatestRef<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  ref.current = value;
  return ref;
}
