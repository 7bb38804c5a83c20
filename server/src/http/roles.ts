// Roles and their rules, for admins: the list (who has each), and the writes of custom roles. Built-in
// roles are read-only; a custom role's rules are checked by shared/src/ruleCheck.ts (the editor checks
// with the same code) and never grant more than the editing admin holds. A change reaches the role's
// users at once: rights are read on every request, and their live sockets re-check their rooms and hear
// their new rules (sessions.rightsChanged → session:rules, then live:revoked).
import type { AbilityRule } from '@voltscope/shared/abilities';
import { checkRules, normalizeRule, problemField, roleNameRules } from '@voltscope/shared/ruleCheck';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound, unauthenticated } from '../errors.ts';
import type { Db } from '../store/db.ts';
import {
  deleteRole,
  getRole,
  insertRole,
  isBuiltinRole,
  listRoles,
  roleMembers,
  roleNameTaken,
  updateRole,
} from '../store/roles.ts';
import { allSiteIds } from '../store/sites.ts';
import { adminRoles, countActiveAdmins } from '../store/userAdmin.ts';
import { contract, typed } from './contract.ts';
import { assertFields } from './fieldRules.ts';

const builtinRefused = (name: string) =>
  new HttpError(409, 'CONFLICT', `${name} is a built-in role: copy it into a new role instead`, {
    reason: { code: 'builtinRole' },
  });

const unknownRole = (name: string) =>
  new HttpError(404, 'NOT_FOUND', `There is no role ${name}`, { reason: { code: 'unknownRole' } });

/** How many active users would be administrators if `role` had `rules` (every other role as stored). */
const adminsWith = async (db: Db, role: string, rules: readonly AbilityRule[]): Promise<number> =>
  countActiveAdmins(db, await adminRoles(db, { role, rules }));

export async function roleRoutes(app: FastifyInstance) {
  const { db, sessions } = app.services;
  const api = typed(app);

  const editorOf = (request: FastifyRequest) => {
    const session = request.session;
    if (!session) throw unauthenticated();
    return { name: session.user.fullName || session.user.username, ability: session.ability };
  };

  /** The rules as they will be stored, or the refusal: 403 ruleBeyondOwn, else 400 with each rule's field. */
  async function checked(request: FastifyRequest, rules: readonly unknown[]): Promise<AbilityRule[]> {
    const problems = checkRules(rules, { siteIds: await allSiteIds(db), editor: editorOf(request).ability });
    const [first] = problems;
    if (!first) return (rules as AbilityRule[]).map(normalizeRule);
    const beyond = problems.find((p) => p.reason.code === 'ruleBeyondOwn');
    const shown = beyond ? [beyond] : problems;
    const errors: Record<string, string[]> = {};
    const fields: Record<string, (typeof first)['reason']> = {};
    for (const problem of shown) {
      const field = problemField(problem);
      errors[field] = [...(errors[field] ?? []), problem.message];
      fields[field] ??= problem.reason;
    }
    const lead = beyond ?? first;
    throw new HttpError(beyond ? 403 : 400, beyond ? 'FORBIDDEN' : 'VALIDATION', lead.message, {
      reason: lead.reason,
      errors,
      fields,
    });
  }

  api.route({
    ...contract('GET /api/roles'),
    config: { can: ['read', 'Role'] },
    handler: async () => listRoles(db),
  });

  api.route({
    ...contract('GET /api/roles/:name/users'),
    config: { can: ['manage', 'Role'] },
    handler: async (request) => {
      const { name } = request.params;
      if (!(await getRole(db, name))) throw unknownRole(name);
      return (await roleMembers(db, name)).map(({ role: _role, ...user }) => user);
    },
  });

  api.route({
    ...contract('POST /api/roles'),
    config: { can: ['manage', 'Role'], audit: 'role.create' },
    handler: async (request, reply) => {
      const { name, description, rules } = request.body;
      request.audit = { targetType: 'role', targetId: name, targetName: name, after: { description, rules } };
      assertFields({ name }, { name: roleNameRules });
      if (await roleNameTaken(db, name)) {
        throw new HttpError(409, 'CONFLICT', `A role named ${name} already exists`, {
          errors: { name: ['A role with this name already exists'] },
          reason: { code: 'roleTaken' },
          fields: { name: { code: 'roleTaken' } },
        });
      }
      const stored = await checked(request, rules);
      const write = { description: description.trim(), rules: stored, by: editorOf(request).name, at: Date.now() };
      if (!(await insertRole(db, name, write))) {
        throw new HttpError(409, 'CONFLICT', `A role named ${name} already exists`, { reason: { code: 'roleTaken' } });
      }
      request.audit.after = { description: write.description, rules: stored };
      const created = await getRole(db, name);
      if (!created) throw unknownRole(name);
      return reply.code(201).send(created);
    },
  });

  api.route({
    ...contract('PUT /api/roles/:name'),
    config: { can: ['manage', 'Role'], audit: 'role.update' },
    handler: async (request) => {
      const { name } = request.params;
      const before = await getRole(db, name);
      if (!before) throw unknownRole(name);
      const { description, rules } = request.body;
      request.audit = {
        targetType: 'role',
        targetId: name,
        targetName: name,
        before: { description: before.description, rules: before.rules },
        after: { description, rules },
      };
      if (before.builtin) throw builtinRefused(name);
      const stored = await checked(request, rules);
      // The team keeps someone who can run it: no change leaves no active user with `manage all`.
      if ((await adminsWith(db, name, before.rules)) > 0 && (await adminsWith(db, name, stored)) === 0) {
        throw new HttpError(409, 'CONFLICT', 'This change would leave no active administrator', {
          reason: { code: 'lastAdmin' },
        });
      }
      await updateRole(db, name, {
        description: description.trim(),
        rules: stored,
        by: editorOf(request).name,
        at: Date.now(),
      });
      request.audit.after = { description: description.trim(), rules: stored };
      // Every holder's live sockets hear their new rules and leave the rooms they lost, now.
      for (const member of await roleMembers(db, name)) sessions.rightsChanged(member.id);
      const updated = await getRole(db, name);
      if (!updated) throw notFound(`No role ${name}`);
      return updated;
    },
  });

  api.route({
    ...contract('DELETE /api/roles/:name'),
    config: { can: ['manage', 'Role'], audit: 'role.delete' },
    handler: async (request, reply) => {
      const { name } = request.params;
      const before = await getRole(db, name);
      if (!before) throw unknownRole(name);
      request.audit = {
        targetType: 'role',
        targetId: name,
        targetName: name,
        before: { description: before.description, rules: before.rules },
      };
      if (before.builtin || isBuiltinRole(name)) throw builtinRefused(name);
      const holders = (await roleMembers(db, name)).length;
      if (holders > 0 || !(await deleteRole(db, name))) {
        const users = holders || (await roleMembers(db, name)).length;
        throw new HttpError(409, 'CONFLICT', `${users} users still have the role ${name}`, {
          reason: { code: 'roleInUse', params: { users } },
        });
      }
      return reply.code(204).send(null);
    },
  });
}
