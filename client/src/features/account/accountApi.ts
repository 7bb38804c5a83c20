// The account endpoints (server/src/http/profile.ts).
import type { ActiveSession, PasswordChange, ProfileUpdate } from '@voltscope/shared/account';
import type { UserData } from '@voltscope/shared/domain';
import { type Resource, useResource } from '../../data/useResource.ts';
import { api } from '../../session/api.ts';

export const updateProfile = (body: ProfileUpdate) => api<UserData>('/api/account/profile', { method: 'PATCH', body });

export const changePassword = (body: PasswordChange) => api<void>('/api/account/password', { method: 'POST', body });

export const useActiveSessions = (): Resource<ActiveSession[]> & { reload: () => void } =>
  useResource<ActiveSession[]>('/api/account/sessions');

export const signOutSession = (id: string) =>
  api<void>(`/api/account/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Ends every session of the account, this one included (the 401 that follows is expected). */
export const signOutEverywhere = () => api<void>('/api/account/sessions', { method: 'DELETE', endSessionOn401: false });
