// The rationale of alarm rules (ISA-18.2's master alarm database): every default rule served with its
// cause, consequence, corrective action and response time in four languages; an admin rewrites them
// (refused when blank, too long or out of range; never by a client), the change is a `rule_changed`
// event, a device override copies them, an alarm's detail answers its rule, and webhooks carry them. A
// store from before gets them by migration for its default rules.
import { createServer, type IncomingMessage } from 'node:http';
import { noRationale, rationaleOf } from '@voltscope/shared/alarmRationale';
import type { AlarmRule, SiteEvent } from '@voltscope/shared/alarms';
import { defaultRules } from '@voltscope/shared/defaultAlarmRules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRules } from '../../src/alarms/store.ts';
import { loadConfig } from '../../src/config.ts';
import { migrate, migrations } from '../../src/store/migrations.ts';
import { hubForTests } from '../hub.ts';
import { drivers, storeCases } from '../stores.ts';
import { alarmTools, until } from './tools.ts';

const languages = ['en', 'fr', 'fa', 'ar'] as const;
const text = (en: string) => ({ en, fr: `${en} (fr)`, fa: `${en} (fa)`, ar: `${en} (ar)` });

describe.each(storeCases('vs_rationale'))('alarm rule rationale on $driver', ({ overrides, drop }) => {
  const hub = hubForTests({ overrides, drop, signIn: ['admin', 'operator', 'client'] });
  const { tokens } = hub;
  const { alarmOf } = alarmTools(() => hub.server);
  const rules = async (token = tokens.admin): Promise<AlarmRule[]> =>
    (await hub.server.request('GET', '/api/alarms/rules', { token })).json();
  const typeRule = async (name: string) =>
    (await rules()).find((r) => r.name === name && r.deviceId === null) as AlarmRule;
  const patch = (id: number, body: unknown, token = tokens.admin) =>
    hub.server.request('PATCH', `/api/alarms/rules/${id}`, { token, body });

  it('serves every default rule with its rationale written in the four languages', async () => {
    const served = await rules(tokens.operator);
    expect(served.map((r) => r.name).sort()).toEqual(defaultRules.map((r) => r.name).sort());
    for (const rule of served) {
      for (const field of ['cause', 'consequence', 'action'] as const) {
        for (const lng of languages)
          expect(rule[field][lng].length, `${rule.name} ${field} ${lng}`).toBeGreaterThan(20);
      }
      expect(rule.responseMinutes).toBeGreaterThanOrEqual(1);
    }
    const breaker = served.find((r) => r.name === 'Main breaker open') as AlarmRule;
    expect(breaker.responseMinutes).toBe(5);
    expect(breaker.action.en).toContain('do not reclose');
  });

  it('lets an admin rewrite it, refuses what is blank, too long or out of range, and records the change', async () => {
    const rule = await typeRule('Transformer overload');

    // A client reads the rules but changes none; neither does an operator.
    expect((await patch(rule.id, { responseMinutes: 10 }, tokens.client)).status).toBe(403);
    expect((await patch(rule.id, { responseMinutes: 10 }, tokens.operator)).status).toBe(403);

    const refusals: [unknown, string][] = [
      [{ responseMinutes: 0 }, 'responseMinutes'],
      [{ responseMinutes: 1441 }, 'responseMinutes'],
      [{ responseMinutes: 2.5 }, 'responseMinutes'],
      [{ action: { en: 'Curtail', fr: 'Brider', fa: 'محدود کنید' } }, 'ar'],
      [{ cause: { ...text('Too much'), fa: '' } }, 'cause'],
      [{ consequence: text('x'.repeat(1001)) }, 'consequence'],
    ];
    for (const [body, field] of refusals) {
      const refused = await patch(rule.id, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys((await refused.json()).errors)).toContain(field);
    }
    const blank = await patch(rule.id, { action: { ...text('Curtail'), ar: '   ' } });
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toBe('action must be written in every language; blank in ar');
    expect(await typeRule('Transformer overload')).toEqual(rule);

    const changed = await patch(rule.id, { action: text('Curtail the inverters'), responseMinutes: 20 });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ action: text('Curtail the inverters'), responseMinutes: 20 });
    expect(await typeRule('Transformer overload')).toMatchObject({
      action: text('Curtail the inverters'),
      cause: rule.cause,
      responseMinutes: 20,
    });

    const events = await (
      await hub.server.request('GET', '/api/events?types=rule_changed&order=desc&pageSize=5', { token: tokens.admin })
    ).json();
    const latest = events.items[0] as SiteEvent;
    expect(latest.message.en).toBe('Amina Rahimi changed the alarm rule “Transformer overload”');
    expect(JSON.parse(latest.comment ?? '{}')).toMatchObject({ responseMinutes: 20 });
  });

  it('copies it to a device override, and answers an alarm with its rule as it is now', async () => {
    const rule = await typeRule('Inverter over-temperature');
    const created = await hub.server.request('POST', `/api/alarms/rules/${rule.id}/overrides`, {
      token: tokens.admin,
      body: { deviceId: 'fr-occitanie.inv04', threshold: 60, responseMinutes: 10 },
    });
    expect(created.status).toBe(201);
    const own = (await created.json()) as AlarmRule;
    expect(own).toMatchObject({ cause: rule.cause, action: rule.action, responseMinutes: 10 });
    const blank = await hub.server.request('POST', `/api/alarms/rules/${rule.id}/overrides`, {
      token: tokens.admin,
      body: { deviceId: 'fr-occitanie.inv05', cause: { ...text('Hot'), en: ' ' } },
    });
    expect(blank.status).toBe(400);

    const t0 = Date.now() - 60_000;
    await hub.server.ingest(
      Array.from({ length: 12 }, (_, i) => ({
        series: 'fr-occitanie.inv04/temperature',
        ts: t0 + i * 1000,
        value: 65,
      })),
    );
    const alarm = await alarmOf(tokens.client, 'fr-occitanie.inv04', own.id);
    expect((await patch(own.id, { cause: text('Blocked filters') })).status).toBe(200);

    // A client reads it (it reads the alarm), with the rule as rewritten since the raise.
    const detail = await (await hub.server.request('GET', `/api/alarms/${alarm.id}`, { token: tokens.client })).json();
    expect(detail.rule).toMatchObject({ id: own.id, cause: text('Blocked filters'), responseMinutes: 10 });
    expect(detail.alarm.id).toBe(alarm.id);
    expect((await hub.server.request('GET', `/api/alarms/${alarm.id + 1000}`, { token: tokens.client })).status).toBe(
      404,
    );
  });
});

describe('webhook notifications', () => {
  const received: string[] = [];
  const receiver = createServer(async (request: IncomingMessage, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    received.push(body);
    response.writeHead(204).end();
  });
  const hub = hubForTests({
    overrides: { alarms: { ...loadConfig({}).alarms, webhookRetryMs: 20 }, webhookAllowPrivate: true },
    signIn: ['admin'],
  });
  beforeAll(() => new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve)));
  afterAll(() => void receiver.close());

  it('carry the rule’s cause, consequence, action and the time the response is due', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
    const created = await hub.server.request('POST', '/api/webhooks', {
      token: hub.tokens.admin,
      body: { name: 'on-call', url, priorities: ['high'] },
    });
    expect(created.status).toBe(201);
    await hub.server.ingest([{ series: 'fr-occitanie.inv07/fault_code', ts: Date.now(), value: 103 }]);
    const body = await until(() => received[0]);
    const payload = JSON.parse(body);
    const rule = (
      (await (await hub.server.request('GET', '/api/alarms/rules', { token: hub.tokens.admin })).json()) as AlarmRule[]
    ).find((r) => r.name === 'Inverter fault' && r.deviceId === null) as AlarmRule;
    expect(payload).toMatchObject({
      kind: 'alarm',
      alarm: { deviceId: 'fr-occitanie.inv07', ruleId: rule.id },
      rationale: {
        rule: 'Inverter fault',
        cause: rule.cause,
        consequence: rule.consequence,
        action: rule.action,
        responseMinutes: 15,
        respondBy: payload.alarm.raisedAt + 15 * 60_000,
      },
    });
  });
});

describe.each(drivers)('a store from before the rationale ($name)', (driver) => {
  it('gets the written rationale for its default rules and their overrides, and none for its own rules', async () => {
    const store = await driver.open();
    try {
      const { db } = store;
      // The rules as a hub of before stored them: the migration's columns are not there yet.
      const migration = migrations.find((m) => m.name === 'alarm rule rationale');
      await db.run('DELETE FROM schema_migrations WHERE version = ?', [migration?.version ?? -1]);
      for (const column of ['cause', 'consequence', 'corrective_action', 'response_minutes']) {
        await db.run(`ALTER TABLE alarm_rules DROP COLUMN ${column}`);
      }
      const insert = `INSERT INTO alarm_rules (name, device_type, device_id, series_key, kind, threshold, deadband,
          on_delay_ms, off_delay_ms, priority, message, consequential_of_grid, grid_root, enabled, updated_at)
        VALUES (?, 'inverter', ?, 'temperature', 'high', 75, 3, 0, 0, 'high', ?, 0, 0, 1, 0)`;
      const message = JSON.stringify(text('{device} hot'));
      await db.run(insert, ['Inverter over-temperature', null, message]);
      await db.run(insert, ['Inverter over-temperature', 'fr-occitanie.inv02', message]);
      await db.run(insert, ["Operator's own rule", null, message]);

      expect(await migrate(db)).toEqual([migration?.version]);
      const [type, override, own] = await listRules(db);
      const written = rationaleOf('Inverter over-temperature');
      expect(type).toMatchObject(written);
      expect(override).toMatchObject({ deviceId: 'fr-occitanie.inv02', ...written });
      expect(own).toMatchObject({ name: "Operator's own rule", ...noRationale });
    } finally {
      await store.close();
    }
  });
});
