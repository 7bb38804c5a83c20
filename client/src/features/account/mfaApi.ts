// The own second factor's endpoints (server/src/http/mfa.ts).
import type { MfaStatus } from '@voltscope/shared/contracts/mfa';
import { type Resource, useResource } from '../../data/useResource.ts';
import { api, call } from '../../session/api.ts';

export const useMfaStatus = (): Resource<MfaStatus> & { reload: () => void } =>
  useResource(call('GET /api/account/mfa'));

export const startMfaSetup = () => api(call('POST /api/account/mfa/setup'));

export const enableMfa = (code: string) => api(call('POST /api/account/mfa/enable', { body: { code } }));

export const disableMfa = (currentPassword: string) =>
  api(call('POST /api/account/mfa/disable', { body: { currentPassword } }));

export const newRecoveryCodes = (currentPassword: string) =>
  api(call('POST /api/account/mfa/recovery-codes', { body: { currentPassword } }));
