import type { SearchCategory } from '@voltscope/shared/search';
import { useEffect, useState } from 'react';
import { api, call } from '../../../session/api.ts';

export type SearchState =
  | { status: 'idle' | 'loading'; categories: SearchCategory[] }
  | { status: 'ready'; categories: SearchCategory[] }
  | { status: 'error'; categories: SearchCategory[] };

/** Typing settles for this long before a request leaves. */
const DEBOUNCE_MS = 120;

/** Asks the server (which knows the user's rights) what matches `query`, in the reader's language. */
export function useSearchResults(query: string, lng: string, enabled: boolean): SearchState {
  const [state, setState] = useState<SearchState>({ status: 'idle', categories: [] });

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setState((previous) => ({ status: 'loading', categories: previous.categories }));
    const timer = setTimeout(() => {
      api(call('GET /api/app-bar/search', { query: { q: query.trim(), lang: lng } }), {
        signal: controller.signal,
      }).then(
        (categories) => setState({ status: 'ready', categories }),
        () => {
          if (!controller.signal.aborted) setState({ status: 'error', categories: [] });
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, lng, enabled]);

  return state;
}
