// A JSON resource whose address moves (a period that ends now moves on every minute): the previous answer
// stays on screen while the next one loads, so that charts do not blank out at each step.
import { useEffect, useState } from 'react';
import { api } from '../../session/api.ts';

export interface KeptResource<T> {
  data: T | null;
  /** The address `data` answers; differs from the one asked while the next answer loads. */
  path: string | null;
  loading: boolean;
  error: unknown;
}

export function useKeptResource<T>(path: string | null): KeptResource<T> {
  const [state, setState] = useState<KeptResource<T>>({ data: null, path: null, loading: path !== null, error: null });
  useEffect(() => {
    if (!path) {
      setState({ data: null, path: null, loading: false, error: null });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    api<T>(path, { signal: controller.signal }).then(
      (data) => setState({ data, path, loading: false, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState((s) => ({ ...s, loading: false, error }));
      },
    );
    return () => controller.abort();
  }, [path]);
  return state;
}
