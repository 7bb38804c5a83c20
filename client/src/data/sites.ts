import type { Site } from '@voltscope/shared/domain';
import { type Resource, useResource } from './useResource.ts';
import { call } from '../session/api.ts';

/** The sites the signed-in user may read (the server filters by their rules). */
export const useSites = (): Resource<Site[]> & { reload: () => void } => useResource(call('GET /api/sites'));

export const sortSites = (sites: readonly Site[], lng: string): Site[] =>
  [...sites].sort((a, b) => a.name.localeCompare(b.name, lng));
