// The account endpoints (server/src/http/profile.ts).
import type { ActiveSession, PasswordChange, ProfileUpdate } from '@voltscope/shared/account';
import { type Resource, useResource } from '../../data/useResource.ts';
import { api, call } from '../../session/api.ts';

export const updateProfile = (body: ProfileUpdate) => api(call('PATCH /api/account/profile', { body }));

export const changePassword = (body: PasswordChange) => api(call('POST /api/account/password', { body }));

export const useActiveSessions = (): Resource<ActiveSession[]> & { reload: () => void } =>
  useResource(call('GET /api/account/sessions'));

export const signOutSession = (id: string) => api(call('DELETE /api/account/sessions/:id', { params: { id } }));

/** Ends every session of the account, this one included (the 401 that follows is expected). */
export const signOutEverywhere = () => api(call('DELETE /api/account/sessions'), { endSessionOn401: false });
