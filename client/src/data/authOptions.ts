import type { AuthOptions } from '@voltscope/shared/domain';
import { type Resource, useResource } from './useResource.ts';

/** How passwords are reset here and, in demo mode, the demo accounts. */
export const useAuthOptions = (): Resource<AuthOptions> & { reload: () => void } =>
  useResource<AuthOptions>('/api/auth/options');
