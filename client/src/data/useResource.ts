import { useCallback, useEffect, useState } from 'react';
import { api, type Call, pathOf } from '../session/api.ts';
import { useStableRequest } from './useStableRequest.ts';

export type Resource<T> =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: T };

/**
 * GETs a JSON resource when the component mounts (and on reload); aborts if it unmounts first. `skip`:
 * not needed by this caller (someone else has it), stays loading without a request.
 */
export function useResource<T>(wanted: Call<T>, skip = false): Resource<T> & { reload: () => void } {
  const request = useStableRequest(wanted);
  const path = pathOf(request);
  const [state, setState] = useState<Resource<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (skip) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    api<T>(request, { signal: controller.signal }).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error });
      },
    );
    return () => controller.abort();
    // `attempt` is the reload trigger.
  }, [request, attempt, skip]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}
