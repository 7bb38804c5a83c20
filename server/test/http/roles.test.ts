// Roles and rules over HTTP: custom roles made (a copy of a built-in under a new name), changed and
// removed, each checked by ruleCheck (unknown subjects and actions, site conditions, never beyond the
// editing admin's own rights) and in the audit log; built-in roles read-only; a role in use kept; and a
// rule change that reaches its user's live socket at once (new rules, rooms left, frames stopped).
import { type AbilityRule, roleRuleTemplates } from '@voltscope/shared/abilities';
import { describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.ts';
import { createUser } from '../../src/store/users.ts';
import { nextEvent } from '../helper.ts';
import { hubForTests } from '../hub.ts';

const PASSWORD = 'Volt!Roles1';

describe('roles and rules', () => {
  const hub = hubForTests({ signIn: ['admin', 'operator'] });
  const call = (method: string, route: string, body?: unknown, token = hub.tokens.admin) =>
    hub.server.request(method, route, { token, ...(body === undefined ? {} : { body }) });

  /** A user of `role` with `siteIds`, signed in: their id and token. */
  async function member(username: string, role: string, siteIds: string[] = []) {
    const { db } = hub.server.app.services;
    const id = await createUser(db, {
      fullName: `${username} Tester`,
      username,
      email: `${username}@example.com`,
      passwordHash: await hashPassword(PASSWORD, hub.server.config.scryptLog2N),
      role,
      siteIds,
    });
    return { id, token: (await hub.server.login(username, PASSWORD)).accessToken };
  }

  const auditOf = async (action: string) => {
    await hub.server.app.services.audit.flush();
    return hub.server.app.services.db.all<{ action: string; outcome: string; target_id: string; details: string }>(
      'SELECT action, outcome, target_id, details FROM audit_log WHERE action = ? ORDER BY seq',
      [action],
    );
  };

  it('copies a built-in role, edits it, and deletes it, each in the audit log', async () => {
    const copied = await call('POST', '/api/roles', {
      name: 'night-shift',
      description: 'Operators at night',
      rules: roleRuleTemplates.operator,
    });
    expect(copied.status).toBe(201);
    expect(await copied.json()).toMatchObject({
      name: 'night-shift',
      builtin: false,
      rules: roleRuleTemplates.operator,
      userCount: 0,
      updatedBy: 'Amina Rahimi',
    });
    const listed = await (await call('GET', '/api/roles')).json();
    expect(listed.map((r: { name: string }) => r.name)).toEqual([
      'admin',
      'operator',
      'client',
      'display',
      'night-shift',
    ]);

    const narrowed: AbilityRule[] = [
      { action: 'read', subject: ['Site', 'Alarm'], conditions: undefined },
      { action: 'read', subject: 'Device', conditions: { siteId: { $in: ['fr-occitanie'] } } },
      { action: 'delete', subject: 'Alarm', inverted: true, reason: '  not at night ' },
    ].map(({ conditions, ...rule }) => (conditions ? { ...rule, conditions } : rule)) as AbilityRule[];
    const edited = await call('PUT', '/api/roles/night-shift', { description: 'Night', rules: narrowed });
    expect(edited.status).toBe(200);
    const body = await edited.json();
    expect(body.rules[2]).toEqual({ action: 'delete', subject: 'Alarm', inverted: true, reason: 'not at night' });
    expect(body.updatedAt).toBeGreaterThan(Date.now() - 60_000);

    expect((await call('GET', '/api/roles/night-shift/users')).status).toBe(200);
    expect((await call('DELETE', '/api/roles/night-shift')).status).toBe(204);
    expect((await call('DELETE', '/api/roles/night-shift')).status).toBe(404);
    expect(await (await call('PUT', '/api/roles/night-shift', { description: '', rules: [] })).json()).toMatchObject({
      reason: { code: 'unknownRole' },
    });

    const [created] = await auditOf('role.create');
    expect(created).toMatchObject({ outcome: 'ok', target_id: 'night-shift' });
    const [updated] = await auditOf('role.update');
    const details = JSON.parse(updated?.details ?? '{}');
    expect(details.before.rules).toEqual(roleRuleTemplates.operator);
    expect(details.after.rules).toHaveLength(3);
    expect((await auditOf('role.delete'))[0]).toMatchObject({ outcome: 'ok', target_id: 'night-shift' });
  });

  it('refuses a taken or badly formed name, unknown subjects and actions, and foreign conditions', async () => {
    const post = async (body: unknown) => {
      const response = await call('POST', '/api/roles', body);
      return { status: response.status, ...(await response.json()) };
    };
    expect(await post({ name: 'Operator', description: '', rules: [] })).toMatchObject({
      status: 409,
      reason: { code: 'roleTaken' },
      fields: { name: { code: 'roleTaken' } },
    });
    expect(await post({ name: 'night shift', description: '', rules: [] })).toMatchObject({
      status: 400,
      fields: { name: { code: 'alphaDash' } },
    });
    expect(await post({ name: 'x', description: '', rules: [] })).toMatchObject({ status: 400 });
    expect(
      await post({ name: 'ghosts', description: '', rules: [{ action: 'read', subject: ['Site', 'Ghost'] }] }),
    ).toMatchObject({
      status: 400,
      reason: { code: 'unknownSubject', params: { value: 'Ghost' } },
      fields: { 'rules.0.subject': { code: 'unknownSubject', params: { value: 'Ghost' } } },
    });
    expect(
      await post({
        name: 'flyers',
        description: '',
        rules: [
          { action: 'read', subject: 'Site' },
          { action: 'fly', subject: 'Device' },
        ],
      }),
    ).toMatchObject({ status: 400, reason: { code: 'unknownAction', params: { value: 'fly' } } });
    expect(
      await post({
        name: 'atlantis',
        description: '',
        rules: [{ action: 'read', subject: 'Device', conditions: { siteId: { $in: ['atlantis'] } } }],
      }),
    ).toMatchObject({
      status: 400,
      fields: { 'rules.0.conditions': { code: 'unknownSite', params: { site: 'atlantis' } } },
    });
    expect(
      await post({
        name: 'wrongfield',
        description: '',
        rules: [{ action: 'read', subject: 'Site', conditions: { siteId: { $in: ['es-tarifa'] } } }],
      }),
    ).toMatchObject({ status: 400, fields: { 'rules.0.conditions': { code: 'notOneOf' } } });
    const listed = await (await call('GET', '/api/roles')).json();
    expect(listed).toHaveLength(4);
  });

  it('keeps built-in roles read-only and refuses operators', async () => {
    expect(
      await (await call('PUT', '/api/roles/operator', { description: 'x', rules: roleRuleTemplates.client })).json(),
    ).toMatchObject({ code: 'CONFLICT', reason: { code: 'builtinRole' } });
    const removed = await call('DELETE', '/api/roles/admin');
    expect(removed.status).toBe(409);
    expect(await removed.json()).toMatchObject({ reason: { code: 'builtinRole' } });
    expect(
      (await call('POST', '/api/roles', { name: 'sneaky', description: '', rules: [] }, hub.tokens.operator)).status,
    ).toBe(403);
    expect((await call('GET', '/api/roles/operator/users', undefined, hub.tokens.operator)).status).toBe(403);
    const users = await (await call('GET', '/api/roles/operator/users')).json();
    expect(users).toEqual([
      expect.objectContaining({ username: 'operator', email: 'operator@voltscope.io', active: true, siteIds: [] }),
    ]);
    // The refused change of a built-in role is an audit entry, with its reason (the operators' 403 was on create).
    const refused = (await auditOf('role.update')).filter((e) => e.outcome === 'refused');
    expect(refused.map((e) => JSON.parse(e.details).reason)).toEqual(['builtinRole']);
  });

  it('never lets an editor grant more than they hold', async () => {
    const rules: AbilityRule[] = [
      { action: 'manage', subject: 'Role' },
      { action: 'read', subject: ['Site', 'Device', 'AclDemo'] },
    ];
    expect((await call('POST', '/api/roles', { name: 'role-keeper', description: '', rules })).status).toBe(201);
    const keeper = await member('keeper', 'role-keeper');
    const asKeeper = (method: string, route: string, body?: unknown) => call(method, route, body, keeper.token);

    const beyond = await asKeeper('POST', '/api/roles', {
      name: 'device-boss',
      description: '',
      rules: [
        { action: 'read', subject: 'Device' },
        { action: 'manage', subject: 'Device' },
      ],
    });
    expect(beyond.status).toBe(403);
    expect(await beyond.json()).toMatchObject({
      code: 'FORBIDDEN',
      reason: { code: 'ruleBeyondOwn', params: { rule: 2 } },
      fields: { 'rules.1.rule': { code: 'ruleBeyondOwn', params: { rule: 2 } } },
    });
    expect((await auditOf('role.create')).at(-1)).toMatchObject({ outcome: 'refused', target_id: 'device-boss' });
    // Within their own rights it goes through; a "cannot" never grants anything.
    const within = await asKeeper('POST', '/api/roles', {
      name: 'device-reader',
      description: '',
      rules: [
        { action: 'read', subject: 'Device' },
        { action: 'manage', subject: 'all', inverted: true, reason: 'read only' },
      ],
    });
    expect(within.status).toBe(201);

    // In use: refused with how many users have it, active or not.
    await hub.server.app.services.db.run('UPDATE users SET active = 0 WHERE id = ?', [keeper.id]);
    const inUse = await call('DELETE', '/api/roles/role-keeper');
    expect(inUse.status).toBe(409);
    expect(await inUse.json()).toMatchObject({ reason: { code: 'roleInUse', params: { users: 1 } } });
    expect((await call('GET', '/api/roles/role-keeper/users')).status).toBe(200);
  });

  it('keeps an active user with manage all', async () => {
    expect(
      (await call('POST', '/api/roles', { name: 'chief', description: '', rules: roleRuleTemplates.admin })).status,
    ).toBe(201);
    const chief = await member('chief', 'chief');
    // The demo admin is no longer one: the chief is the last active user who can run the team.
    await hub.server.app.services.db.run("UPDATE users SET role = 'operator' WHERE username = 'admin'");
    try {
      const refused = await call(
        'PUT',
        '/api/roles/chief',
        { description: '', rules: roleRuleTemplates.operator },
        chief.token,
      );
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ reason: { code: 'lastAdmin' } });
      // Narrowing a role nobody with manage all depends on goes through.
      const fine = await call(
        'PUT',
        '/api/roles/chief',
        {
          description: 'still chief',
          rules: [...roleRuleTemplates.admin, { action: 'delete', subject: 'Site', inverted: true }],
        },
        chief.token,
      );
      expect(fine.status).toBe(200);
    } finally {
      await hub.server.app.services.db.run("UPDATE users SET role = 'admin' WHERE username = 'admin'");
    }
  });

  it('moves a user out of a site at once when their role is narrowed', async () => {
    const wide: AbilityRule[] = [{ action: 'read', subject: ['Site', 'Device', 'Series', 'Alarm', 'Event'] }];
    expect((await call('POST', '/api/roles', { name: 'watcher', description: '', rules: wide })).status).toBe(201);
    const watcher = await member('watcher', 'watcher');
    const socket = hub.server.connect(watcher.token);
    await nextEvent(socket, 'connect');
    const ack = await socket.timeout(5000).emitWithAck('live:subscribe', { sites: [{ id: 'es-tarifa' }] });
    expect('data' in ack && ack.data.granted.map((g: { siteId: string }) => g.siteId)).toEqual(['es-tarifa']);

    const events: string[] = [];
    const frames: string[] = [];
    socket.on('session:rules', () => events.push('session:rules'));
    socket.on('live:revoked', () => events.push('live:revoked'));
    socket.on('live:frame', (siteId) => frames.push(siteId));
    // Frames of the site arrive while the role reads it.
    const series = hub.server.app.services.registry.seriesIdByKey('es-tarifa.wtg01/active_power') as number;
    expect(series).toBeGreaterThan(0);
    await hub.server.ingest([{ series, ts: Date.now(), value: 1200 }]);
    const end = Date.now() + 5000;
    while (!frames.includes('es-tarifa') && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    expect(frames).toContain('es-tarifa');
    const rules = nextEvent<{ userAbilityRules: AbilityRule[]; userData: { username: string } }>(
      socket,
      'session:rules',
    );
    const revoked = nextEvent<{ sites: string[] }>(socket, 'live:revoked');

    const narrowed: AbilityRule[] = [
      { action: 'read', subject: 'Site', conditions: { id: { $in: ['fr-occitanie'] } } },
      {
        action: 'read',
        subject: ['Device', 'Series', 'Alarm', 'Event'],
        conditions: { siteId: { $in: ['fr-occitanie'] } },
      },
    ];
    const changedAt = Date.now();
    expect((await call('PUT', '/api/roles/watcher', { description: '', rules: narrowed })).status).toBe(200);
    const heard = await rules;
    expect(heard.userAbilityRules).toEqual(narrowed);
    expect(heard.userData.username).toBe('watcher');
    expect((await revoked).sites).toEqual(['es-tarifa']);
    expect(Date.now() - changedAt).toBeLessThan(1000);
    expect(events).toEqual(['session:rules', 'live:revoked']);

    // No frame of the site once the right is gone.
    frames.length = 0;
    await hub.server.ingest([{ series, ts: Date.now() + 1, value: 1234 }]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(frames.filter((id) => id === 'es-tarifa')).toEqual([]);
    // Over HTTP at once too.
    expect((await call('GET', '/api/sites/es-tarifa', undefined, watcher.token)).status).toBe(404);
    socket.disconnect();
  });
});
