// The audit log over HTTP: admins' writes recorded with who, from where, and what changed; refusals
// recorded, invalid requests not; the log read, filtered, paged and exported by admins only; its hash
// chain checked (an edited or removed row is named); retention that keeps the chain checkable.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { alarmTools } from '../alarms/tools.ts';
import { hubForTests } from '../hub.ts';
import { storeCases } from '../stores.ts';

describe.each(storeCases('vs_audit'))('audit log on $driver', ({ overrides, drop }) => {
  // Webhooks to the test machine itself (none is delivered: no alarm is raised).
  const hub = hubForTests({
    overrides: { ...overrides, webhookAllowPrivate: true },
    drop,
    signIn: ['admin', 'operator', 'client'],
  });
  const { tokens } = hub;
  const get = (route: string, token = tokens.admin) => hub.server.request('GET', route, { token });
  const page = async (query: string) => {
    await hub.server.app.services.audit.flush();
    const response = await get(`/api/audit?${query}`);
    expect(response.status).toBe(200);
    return response.json();
  };
  /** `npm run audit:verify` on the test hub's store: its exit code and what it printed. */
  const verifyCli = async () => {
    const { dataDir, databaseUrl, databaseSchema } = hub.server.config;
    const env = {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: databaseSchema ?? '' } : {}),
    };
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['server/src/audit/verifyCli.ts'], { env });
      return { code: 0, out: stdout.trim() };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: `${failed.stdout}${failed.stderr}`.trim() };
    }
  };
  const userId = async (username: string) =>
    Number(
      (await hub.server.app.services.db.get<{ id: number }>('SELECT id FROM users WHERE username = ?', [username]))?.id,
    );

  it("records an admin's change of a user's sites with actor, address, before and after", async () => {
    const client = await userId('client');
    const put = await hub.server.request('PUT', `/api/users/${client}/sites`, {
      token: tokens.admin,
      body: { siteIds: ['fr-occitanie'] },
    });
    expect(put.status).toBe(200);
    const { entries, total } = await page('action=user.sites');
    expect(total).toBe(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      actorId: await userId('admin'),
      actorName: 'Amina Rahimi',
      ip: '127.0.0.1',
      action: 'user.sites',
      outcome: 'ok',
      targetType: 'user',
      targetId: String(client),
      targetName: 'client',
      details: { after: { siteIds: ['fr-occitanie'] } },
    });
    expect(Array.isArray(entry.details.before.siteIds)).toBe(true);
    expect(entry.prevHash).toBeUndefined();
  });

  it("records an alarm rule change, an operator's refused one, and not a request that failed validation", async () => {
    const rules = await (await get('/api/alarms/rules')).json();
    const rule = rules.find((r: { deviceId: string | null }) => r.deviceId === null);
    const patch = (body: unknown, token: string) =>
      hub.server.request('PATCH', `/api/alarms/rules/${rule.id}`, { token, body });
    expect((await patch({ enabled: !rule.enabled }, tokens.admin)).status).toBe(200);
    expect((await patch({ enabled: rule.enabled }, tokens.operator)).status).toBe(403);
    expect((await patch({ enabled: 'perhaps' }, tokens.admin)).status).toBe(400);

    const { entries, total } = await page('action=alarmRule.');
    expect(total).toBe(2);
    const [refused, done] = entries;
    expect(refused).toMatchObject({
      action: 'alarmRule.update',
      outcome: 'refused',
      actorId: await userId('operator'),
    });
    expect(refused.details).toEqual({ request: `PATCH /api/alarms/rules/${rule.id}` });
    expect(done).toMatchObject({ action: 'alarmRule.update', outcome: 'ok', targetType: 'alarmRule' });
    expect(done.targetId).toBe(String(rule.id));
    expect(done.details.before.enabled).toBe(rule.enabled);
    expect(done.details.after.enabled).toBe(!rule.enabled);
    expect(refused.seq).toBeGreaterThan(done.seq);
  });

  it('records fleet, display and webhook writes with the object before and after, secrets left out', async () => {
    const call = (method: string, route: string, body?: unknown) =>
      hub.server.request(method, route, { token: tokens.admin, ...(body === undefined ? {} : { body }) });
    expect((await call('PATCH', '/api/sites/ir-yazd', { name: 'Yazd Solar Park' })).status).toBe(200);
    const site = (await page('action=site.update')).entries[0];
    expect(site).toMatchObject({ targetType: 'site', targetId: 'ir-yazd', targetName: 'Yazd Solar Park' });
    expect([site.details.before.name, site.details.after.name]).toEqual(['Yazd Solar', 'Yazd Solar Park']);

    const display = await call('POST', '/api/displays', {
      name: 'Control room',
      siteIds: ['ir-yazd'],
      playlist: [{ page: 'overview-fleet', siteId: null, dwellSeconds: 30, language: null, theme: null }],
      language: 'en',
      theme: 'dark',
      sound: false,
    });
    expect(display.status).toBe(201);
    const { display: shown, code } = await display.json();
    expect((await call('POST', `/api/displays/${shown.id}/revoke`)).status).toBe(200);
    const displays = await page('action=display.');
    expect(displays.entries.map((e: { action: string }) => e.action)).toEqual(['display.revoke', 'display.create']);
    expect(displays.entries[1].details.after.name).toBe('Control room');

    const hook = await call('POST', '/api/webhooks', {
      name: 'Pager',
      url: 'http://127.0.0.1:9/hook',
      priorities: ['high'],
    });
    expect(hook.status).toBe(201);
    const { id, secret } = await hook.json();
    expect((await call('DELETE', `/api/webhooks/${id}`)).status).toBe(204);
    const hooks = await page('targetType=webhook');
    expect(hooks.entries.map((e: { action: string }) => e.action)).toEqual(['webhook.delete', 'webhook.create']);
    expect(hooks.entries[1].details.after.url).toBe('http://127.0.0.1:9/hook');
    const raw = await hub.server.app.services.db.all<{ details: string }>('SELECT details FROM audit_log');
    expect(raw.some((row) => row.details.includes(secret) || row.details.includes(code))).toBe(false);
  });

  it("records an operator's acknowledgement with the alarm's state before and after, and the comment", async () => {
    const turbine = 'es-tarifa.wtg04';
    await hub.server.ingest([{ series: `${turbine}/fault_code`, ts: Date.now() - 1000, value: 303 }]);
    const alarm = await alarmTools(() => hub.server).alarmOf(tokens.operator, turbine);
    const acked = await hub.server.request('POST', '/api/alarms/acknowledge', {
      token: tokens.operator,
      body: { ids: [alarm.id], comment: 'crew on site' },
    });
    expect(acked.status).toBe(200);
    const [entry] = (await page('action=alarm.acknowledge')).entries;
    expect(entry).toMatchObject({
      actorId: await userId('operator'),
      targetType: 'alarm',
      targetId: String(alarm.id),
      details: { comment: 'crew on site' },
    });
    expect(entry.details.before[alarm.id].state).toBe(alarm.state);
    expect(entry.details.after[alarm.id].state).not.toBe(alarm.state);
    expect(entry.details.after[alarm.id].acknowledgedBy).toBeTruthy();
  });

  it('never keeps a secret: an ingest key is in the reply, not in the log', async () => {
    const created = await hub.server.request('POST', '/api/ingest-keys', {
      token: tokens.admin,
      body: { name: 'Roof logger' },
    });
    expect(created.status).toBe(201);
    const { key, id } = await created.json();
    const { entries } = await page('action=ingestKey.create');
    expect(entries[0]).toMatchObject({ targetType: 'ingestKey', targetId: String(id), targetName: 'Roof logger' });
    const rows = await hub.server.app.services.db.all<{ details: string }>('SELECT details FROM audit_log');
    expect(rows.some((row) => row.details.includes(key))).toBe(false);
    const revoked = await hub.server.request('DELETE', `/api/ingest-keys/${id}`, { token: tokens.admin });
    expect(revoked.status).toBe(204);
    expect((await page('action=ingestKey.revoke')).entries[0].details.before.name).toBe('Roof logger');
  });

  it('is read by admins only, and no route changes or removes an entry', async () => {
    for (const who of ['operator', 'client'] as const) {
      for (const route of ['/api/audit', '/api/audit/export', '/api/audit/verify']) {
        expect((await get(route, tokens[who])).status, `${who} ${route}`).toBe(403);
      }
    }
    expect((await hub.server.request('GET', '/api/audit')).status).toBe(401);
    for (const [method, route] of [
      ['PUT', '/api/audit'],
      ['DELETE', '/api/audit'],
      ['DELETE', '/api/audit/1'],
      ['PATCH', '/api/audit/1'],
      ['PUT', '/api/audit/1'],
      ['POST', '/api/audit'],
    ] as const) {
      const response = await hub.server.request(method, route, { token: tokens.admin, body: {} });
      expect(response.status, `${method} ${route}`).toBe(404);
    }
  });

  it('filters by actor, outcome, target, text and period, and pages newest first with a cursor', async () => {
    const operator = await userId('operator');
    expect((await page(`actor=${operator}`)).entries.every((e: { actorId: number }) => e.actorId === operator)).toBe(
      true,
    );
    expect((await page('outcome=refused')).total).toBe(1);
    expect((await page('targetType=ingestKey')).total).toBe(2);
    expect((await page('q=roof LOGGER')).total).toBe(2);
    expect((await page(`q=${encodeURIComponent('100%')}`)).total).toBe(0);
    const all = await page('limit=200');
    expect(all.total).toBeGreaterThanOrEqual(5);
    const seqs = all.entries.map((e: { seq: number }) => e.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    const newest = all.entries[0];
    expect((await page(`from=${newest.at}`)).entries[0].seq).toBe(newest.seq);
    expect((await page(`to=${all.entries.at(-1).at}`)).total).toBe(0);

    const first = await page('limit=2');
    expect(first.entries).toHaveLength(2);
    expect(first.total).toBe(all.total);
    expect(first.nextBefore).toBe(first.entries[1].seq);
    const second = await page(`limit=2&before=${first.nextBefore}`);
    expect(second.entries.map((e: { seq: number }) => e.seq)).toEqual(seqs.slice(2, 4));
    const last = await page(`limit=200&before=${seqs.at(-1) + 1}`);
    expect(last).toMatchObject({ nextBefore: null, entries: [{ seq: seqs.at(-1) }] });

    for (const bad of ['limit=201', 'limit=0', 'outcome=maybe', 'action=drop%20table', 'from=yesterday']) {
      expect((await get(`/api/audit?${bad}`)).status, bad).toBe(400);
    }
  });

  it('exports the filter as CSV with a BOM and a header, quoted, and safe from spreadsheet formulas', async () => {
    await hub.server.app.services.audit.record({
      actorId: null,
      actorName: '=HYPERLINK("http://evil")',
      ip: '10.0.0.1',
      action: 'site.update',
      outcome: 'failed',
      targetType: 'site',
      targetId: '-1+2',
      targetName: 'Yazd, "Solar" ۱',
      details: { after: { note: '@SUM(A1)' } },
    });
    const response = await get('/api/audit/export?outcome=failed');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, row, ...rest] = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1).split('\r\n');
    expect(header).toBe('seq,time,actor,actor id,address,action,outcome,target type,target id,target,details');
    expect(rest).toEqual(['']);
    expect(row).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(row).toContain(",'-1+2,");
    expect(row).toContain('"Yazd, ""Solar"" ۱"');
    expect(row).toMatch(/^\d+,\d{4}-\d\d-\d\dT[\d:.]+Z,/);
    expect(row).toContain(',10.0.0.1,site.update,failed,site,');
    const everything = await (await get('/api/audit/export')).text();
    expect(everything.trim().split('\r\n')).toHaveLength((await page('')).total + 1);
  });

  it('keeps the chain checkable after retention, which records what it removed', async () => {
    const before = await page('limit=200');
    const cutoff = before.entries[1].at + 1;
    const kept = before.entries.filter((e: { at: number }) => e.at >= cutoff).length;
    const removed = await hub.server.app.services.audit.prune(cutoff);
    expect(removed).toBe(before.total - kept);
    const after = await page('limit=200');
    expect(after.total).toBe(kept + 1);
    expect(after.entries[0]).toMatchObject({
      action: 'audit.pruned',
      actorId: null,
      actorName: 'system',
      outcome: 'ok',
      details: { count: removed },
    });
    expect(await (await get('/api/audit/verify')).json()).toEqual({ ok: true, entries: kept + 1 });
  });

  it('names the entry that was edited, then the one after a removed entry', async () => {
    const { db, audit } = hub.server.app.services;
    for (let i = 0; i < 4; i += 1) {
      await audit.record({ actorId: null, actorName: 'test', action: 'site.update', outcome: 'ok', details: { i } });
    }
    const verify = async () => (await get('/api/audit/verify')).json();
    const intact = await verify();
    expect(intact.ok).toBe(true);
    const seqs = (await db.all<{ seq: number }>('SELECT seq FROM audit_log ORDER BY seq')).map((r) => Number(r.seq));
    const middle = seqs[seqs.length - 3] as number;
    const original = await db.get<{ details: string }>('SELECT details FROM audit_log WHERE seq = ?', [middle]);

    expect(await verifyCli()).toEqual({ code: 0, out: `audit log intact: ${intact.entries} entries` });
    await db.run('UPDATE audit_log SET details = ? WHERE seq = ?', ['{"i":99}', middle]);
    expect(await verify()).toEqual({
      ok: false,
      entries: seqs.indexOf(middle) + 1,
      brokenAt: middle,
      why: 'was changed after it was written',
    });
    expect(await verifyCli()).toMatchObject({
      code: 1,
      out: expect.stringMatching(`^audit log broken at entry #${middle}: it was changed`),
    });
    await db.run('UPDATE audit_log SET details = ? WHERE seq = ?', [original?.details ?? '', middle]);
    expect(await verify()).toEqual(intact);

    await db.run('DELETE FROM audit_log WHERE seq = ?', [middle]);
    expect(await verify()).toMatchObject({
      ok: false,
      brokenAt: seqs[seqs.indexOf(middle) + 1],
      why: 'does not follow the entry before it',
    });
  });
});
