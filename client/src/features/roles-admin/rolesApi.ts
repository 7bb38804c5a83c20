// The roles API as this page uses it (contracts/roles.ts).
import type { AbilityRule } from '@voltscope/shared/abilities';
import type { RoleUser } from '@voltscope/shared/contracts/roles';
import type { RoleData } from '@voltscope/shared/domain';
import type { Static } from 'typebox';
import { api, call } from '../../session/api.ts';

export type RoleMember = Static<typeof RoleUser>;

export const listRoles = (signal?: AbortSignal): Promise<RoleData[]> =>
  api(call('GET /api/roles'), signal ? { signal } : {});

export const roleUsers = (name: string, signal?: AbortSignal): Promise<RoleMember[]> =>
  api(call('GET /api/roles/:name/users', { params: { name } }), signal ? { signal } : {});

export const createRole = (body: { name: string; description: string; rules: AbilityRule[] }): Promise<RoleData> =>
  api(call('POST /api/roles', { body }));

export const updateRole = (name: string, body: { description: string; rules: AbilityRule[] }): Promise<RoleData> =>
  api(call('PUT /api/roles/:name', { params: { name }, body }));

export const deleteRole = (name: string): Promise<unknown> =>
  api(call('DELETE /api/roles/:name', { params: { name } }));
