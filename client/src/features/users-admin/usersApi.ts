// The admin's calls on users (server/src/http/users.ts).
import type { BodyOf } from '@voltscope/shared/contracts/common';
import type { Contracts } from '@voltscope/shared/contracts/index';
import { api, call, type Reply } from '../../session/api.ts';

export type AdminUser = Reply<'GET /api/users/:id'>;
export type NewUserBody = BodyOf<Contracts['POST /api/users']>;
export type UserPatch = BodyOf<Contracts['PATCH /api/users/:id']>;
export type UserSession = Reply<'GET /api/users/:id/sessions'>[number];

export const createUser = (body: NewUserBody) => api(call('POST /api/users', { body }));
export const updateUser = (id: number, body: UserPatch) => api(call('PATCH /api/users/:id', { params: { id }, body }));
export const disableUser = (id: number) => api(call('POST /api/users/:id/disable', { params: { id } }));
export const enableUser = (id: number) => api(call('POST /api/users/:id/enable', { params: { id } }));
export const resetPassword = (id: number, mode: 'password' | 'link', clearMfa = false) =>
  api(call('POST /api/users/:id/reset-password', { params: { id }, body: { mode, clearMfa } }));
export const listSessions = (id: number) => api(call('GET /api/users/:id/sessions', { params: { id } }));
export const endSessions = (id: number) => api(call('DELETE /api/users/:id/sessions', { params: { id } }));
