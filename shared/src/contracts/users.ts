// User administration (admins): the team's accounts, their roles and sites, invitations, password resets,
// disabling, and their sessions.
import Type from 'typebox';
import { FULL_NAME_MAX_LENGTH } from '../account.ts';
import { USERNAME_MAX_LENGTH, userPageSizes, userSorts, userStatuses } from '../userFields.ts';
import { ActiveSession, UserData } from './auth.ts';
import { ErrorBody, errorReplies, NoContent, Nullable, NumericIdParams, OneOf, routes } from './common.ts';

const SiteIds = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 1000 });

/** A user as an admin sees them in the list and the edit form. */
export const AdminUser = Type.Object({
  id: Type.Integer(),
  fullName: Type.String(),
  username: Type.String(),
  email: Type.String(),
  role: Type.String(),
  siteIds: Type.Array(Type.String()),
  /** invited: created by invitation, no password chosen yet; disabled: cannot sign in. */
  status: OneOf(userStatuses),
  createdAt: Type.Integer(),
  lastSignInAt: Nullable(Type.Integer()),
  mfaEnabled: Type.Boolean(),
  mustChangePassword: Type.Boolean(),
  /** Live sessions (signed-in browsers and apps). */
  activeSessions: Type.Integer(),
});

export const UserListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 100 })),
    role: Type.Optional(Type.String({ maxLength: 64 })),
    status: Type.Optional(OneOf([...userStatuses, 'all'], { default: 'all' })),
    site: Type.Optional(Type.String({ maxLength: 64 })),
    sort: Type.Optional(OneOf(userSorts, { default: 'name' })),
    order: Type.Optional(OneOf(['asc', 'desc'], { default: 'asc' })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    perPage: Type.Optional(
      Type.Unsafe<(typeof userPageSizes)[number]>({ type: 'integer', enum: [...userPageSizes], default: 10 }),
    ),
  },
  { additionalProperties: false },
);

export const UserList = Type.Object({ users: Type.Array(AdminUser), total: Type.Integer() });

const userFieldsSchema = {
  fullName: Type.String({ maxLength: FULL_NAME_MAX_LENGTH }),
  username: Type.String({ maxLength: USERNAME_MAX_LENGTH + 1 }),
  email: Type.String({ maxLength: 254 }),
  role: Type.String({ maxLength: 64 }),
  siteIds: SiteIds,
};

export const NewUserBody = Type.Object(
  { ...userFieldsSchema, mode: OneOf(['password', 'invite']) },
  { additionalProperties: false },
);

/** The new user; with the one-time password when one was made (shown once, never stored in clear). */
export const NewUserReply = Type.Object({
  user: AdminUser,
  oneTimePassword: Type.Optional(Type.String()),
});

export const UserPatch = Type.Partial(Type.Object(userFieldsSchema), { additionalProperties: false });

export const ResetPasswordBody = Type.Object(
  { mode: OneOf(['password', 'link']), clearMfa: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const ResetPasswordReply = Type.Object({
  user: AdminUser,
  oneTimePassword: Type.Optional(Type.String()),
});

export const userContracts = routes({
  'GET /api/users': { querystring: UserListQuery, response: { 200: UserList, ...errorReplies } },
  'GET /api/users/:id': { params: NumericIdParams, response: { 200: AdminUser, ...errorReplies } },
  'POST /api/users': { body: NewUserBody, response: { 201: NewUserReply, ...errorReplies } },
  'PATCH /api/users/:id': { params: NumericIdParams, body: UserPatch, response: { 200: AdminUser, ...errorReplies } },
  'POST /api/users/:id/disable': { params: NumericIdParams, response: { 200: AdminUser, ...errorReplies } },
  'POST /api/users/:id/enable': { params: NumericIdParams, response: { 200: AdminUser, ...errorReplies } },
  'POST /api/users/:id/reset-password': {
    params: NumericIdParams,
    body: ResetPasswordBody,
    response: { 200: ResetPasswordReply, ...errorReplies },
  },
  'GET /api/users/:id/sessions': {
    params: NumericIdParams,
    response: { 200: Type.Array(ActiveSession), ...errorReplies },
  },
  'DELETE /api/users/:id/sessions': { params: NumericIdParams, response: { 204: NoContent, ...errorReplies } },
  'PUT /api/users/:id/sites': {
    params: NumericIdParams,
    body: Type.Object({ siteIds: SiteIds }, { additionalProperties: false }),
    // 422: a site that does not exist.
    response: { 200: UserData, 422: ErrorBody, ...errorReplies },
  },
});
