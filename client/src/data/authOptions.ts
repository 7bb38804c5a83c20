import type { AuthOptions } from '@voltscope/shared/domain';
import { call } from '../session/api.ts';
import { type Resource, useResource } from './useResource.ts';

/** How passwords are reset here and, in demo mode, the demo accounts. */
export const useAuthOptions = (): Resource<AuthOptions> & { reload: () => void } =>
  useResource(call('GET /api/auth/options'));
