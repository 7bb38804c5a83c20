// Roles: named sets of CASL rules (shared/src/abilities.ts). The built-in ones (admin, operator, client,
// display) are read-only; admins add roles by copying one and editing its rules.
import Type, { type Static } from 'typebox';
import { AbilityRules } from './auth.ts';
import { errorReplies, NoContent, Nullable, routes } from './common.ts';

export const RoleData = Type.Object({
  name: Type.String(),
  description: Type.String(),
  /** One of the app's own roles: shown, copied, never changed. */
  builtin: Type.Boolean(),
  /** The rules as stored: `${user.siteIds}` stands for each user's own sites. */
  rules: AbilityRules,
  /** Active users who have it. */
  userCount: Type.Integer(),
  updatedAt: Nullable(Type.Integer()),
  updatedBy: Nullable(Type.String()),
});

/** A role's name: 2 to 32 characters, the seed's alphaDash (roleNameRules in ruleCheck.ts, checked by the route). */
export const RoleName = Type.String({ minLength: 2, maxLength: 32 });
export const RoleParams = Type.Object({ name: Type.String({ minLength: 1, maxLength: 64 }) });

const RoleFields = {
  description: Type.String({ maxLength: 200 }),
  /** Checked by shared/src/ruleCheck.ts: known actions and subjects, site lists, never beyond the editor. */
  rules: Type.Array(Type.Unsafe<Static<typeof AbilityRules>[number]>({ type: 'object' }), { maxItems: 50 }),
};

/** A new role; a copy is a built-in's rules sent under a new name. */
export const NewRole = Type.Object({ name: RoleName, ...RoleFields }, { additionalProperties: false });
export const RoleChange = Type.Object(RoleFields, { additionalProperties: false });

/** A user who has a role, for "view as": what they would see with the edited rules. */
export const RoleUser = Type.Object({
  id: Type.Integer(),
  fullName: Type.String(),
  username: Type.String(),
  email: Type.String(),
  siteIds: Type.Array(Type.String()),
  active: Type.Boolean(),
});

export const roleContracts = routes({
  'GET /api/roles': { response: { 200: Type.Array(RoleData), ...errorReplies } },
  'POST /api/roles': { body: NewRole, response: { 201: RoleData, ...errorReplies } },
  'PUT /api/roles/:name': { params: RoleParams, body: RoleChange, response: { 200: RoleData, ...errorReplies } },
  'DELETE /api/roles/:name': { params: RoleParams, response: { 204: NoContent, ...errorReplies } },
  'GET /api/roles/:name/users': { params: RoleParams, response: { 200: Type.Array(RoleUser), ...errorReplies } },
});
