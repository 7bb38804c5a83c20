// Choices kept in the address: a search parameter as state, and the site named by `?site=`, so that a
// link or a reload shows the same page.
import type { Site } from '@voltscope/shared/domain';
import { useSearchParams } from 'react-router';

/** A search parameter as state: replacing it keeps the rest of the URL and adds no history entry. */
export function useUrlParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = (value: string | null) =>
    setParams(
      (p) => {
        if (value === null) p.delete(name);
        else p.set(name, value);
        return p;
      },
      { replace: true },
    );
  return [params.get(name), set];
}

/** The site named by `?site=`, or the first one offered. */
export function useChosenSite(sites: readonly Site[]): [Site | null, (id: string) => void] {
  const [id, setId] = useUrlParam('site');
  return [sites.find((s) => s.id === id) ?? sites[0] ?? null, setId];
}
