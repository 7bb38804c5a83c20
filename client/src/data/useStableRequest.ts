import { useMemo } from 'react';
import { type Call, pathOf } from '../session/api.ts';

/**
 * The same request object for as long as its path (with the query) stays the same: pages build a new
 * call on each render, and the hooks that load it must load again only when what it asks changes.
 */
export function useStableRequest<R extends Call<unknown> | null>(request: R): R {
  const path = pathOf(request);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a GET is identified by its path
  return useMemo(() => request, [path]);
}
