// A JSON resource whose address moves (another period, a period that ends now and moves each minute,
// another site): the previous answer stays on screen while the next one loads, so that tables and
// charts dim rather than blank out. With `refreshMs` it is asked again at that pace; a failed refresh
// keeps the last answer beside its error.
import { useCallback, useEffect, useState } from 'react';
import { api, type Call, pathOf } from '../session/api.ts';
import { useStableRequest } from './useStableRequest.ts';

export interface Kept<T> {
  data: T | null;
  /** The address `data` answers; differs from the one asked while the next answer loads. */
  path: string | null;
  loading: boolean;
  /** The last attempt's error, cleared by the next success. */
  error: unknown;
  /** Asks again now. */
  reload: () => void;
}

type State<T> = Omit<Kept<T>, 'reload'>;

export function useKept<T>(wanted: Call<T> | null, refreshMs = 0): Kept<T> {
  const request = useStableRequest(wanted);
  const [state, setState] = useState<State<T>>({ data: null, path: null, loading: request !== null, error: null });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the reload trigger
  useEffect(() => {
    if (request === null) {
      setState({ data: null, path: null, loading: false, error: null });
      return;
    }
    const path = pathOf(request);
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      setState((s) => ({ ...s, loading: true }));
      api<T>(request, { signal: controller.signal }).then(
        (data) => setState({ data, path, loading: false, error: null }),
        (error: unknown) => {
          if (!controller.signal.aborted) setState((s) => ({ ...s, loading: false, error }));
        },
      );
      if (refreshMs > 0) timer = setTimeout(load, refreshMs);
    };
    load();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [request, refreshMs, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
