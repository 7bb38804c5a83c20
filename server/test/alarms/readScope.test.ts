// From finding 9 of issue 15, what a caller may read of the alarm system: the alarm rules of devices on
// sites they may read and the rules of every device type, never another site's device overrides; and in
// the event log, their own sign-ins only (an admin reads everyone's), in pages and in CSV alike.
import type { AlarmRule, SiteEvent } from '@voltscope/shared/alarms';
import { describe, expect, it } from 'vitest';
import { hubForTests } from '../hub.ts';
import { until } from './tools.ts';

describe('what a caller reads of the alarm system', () => {
  const hub = hubForTests({ signIn: ['admin', 'operator', 'client'] });
  const { tokens } = hub;
  const get = async (token: string, route: string) => {
    const response = await hub.server.request('GET', route, { token });
    expect(response.status).toBe(200);
    return response;
  };

  it('lists a client the rules of its sites’ devices and of every device type, not another site’s overrides', async () => {
    const rules = (await (await get(tokens.admin, '/api/alarms/rules')).json()) as AlarmRule[];
    const fault = rules.find((r) => r.kind === 'fault_code' && r.deviceType === 'inverter') as AlarmRule;
    for (const deviceId of ['fr-occitanie.inv11', 'ma-ouarzazate.inv11']) {
      const response = await hub.server.request('POST', `/api/alarms/rules/${fault.id}/overrides`, {
        token: tokens.admin,
        body: { deviceId, priority: 'critical' },
      });
      expect(response.status).toBe(201);
    }
    const overrides = (list: AlarmRule[]) => list.filter((r) => r.deviceId !== null).map((r) => r.deviceId);

    const client = (await (await get(tokens.client, '/api/alarms/rules')).json()) as AlarmRule[];
    expect(overrides(client)).toEqual(['fr-occitanie.inv11']);
    expect(client.filter((r) => r.deviceId === null)).toHaveLength(rules.length);
    const operator = (await (await get(tokens.operator, '/api/alarms/rules')).json()) as AlarmRule[];
    expect(overrides(operator)).toEqual(['fr-occitanie.inv11', 'ma-ouarzazate.inv11']);
  });

  it('shows an operator her own sign-ins only and an admin everyone’s, in pages and in CSV', async () => {
    const names = async (token: string) => {
      const page = await (await get(token, '/api/events?types=sign_in&pageSize=100')).json();
      return { total: page.total as number, names: new Set((page.items as SiteEvent[]).map((e) => e.userName)) };
    };
    // The three sign-ins of the hub's start are recorded (after each answer).
    await until(async () => ((await names(tokens.admin)).total === 3 ? true : undefined));
    expect(await names(tokens.operator)).toEqual({ total: 1, names: new Set(['Julien Moreau']) });
    expect(await names(tokens.admin)).toEqual({
      total: 3,
      names: new Set(['Julien Moreau', 'Amina Rahimi', 'Sara Benali']),
    });

    const csv = await (await get(tokens.operator, '/api/events?format=csv')).text();
    const signIns = csv.split('\r\n').filter((line) => line.includes(',sign_in,'));
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toContain('Julien Moreau');

    // What is not a sign-in stays as it was: an operator still reads the fleet's rule changes.
    const changes = await (await get(tokens.operator, '/api/events?types=rule_changed&pageSize=100')).json();
    expect(changes.total).toBeGreaterThan(0);
  });

  it('shows an operator the failed sign-ins to her own account, not those to another', async () => {
    for (const email of ['operator', 'admin@voltscope.io']) {
      const response = await hub.server.request('POST', '/api/auth/login', { body: { email, password: 'not-it-1A!' } });
      expect(response.status).toBe(400);
    }
    const failed = async (token: string) => {
      const page = await (await get(token, '/api/events?types=sign_in&pageSize=100&q=Failed')).json();
      return (page.items as SiteEvent[]).map((e) => e.message.en);
    };
    await until(async () => ((await failed(tokens.admin)).length === 2 ? true : undefined));
    expect(await failed(tokens.operator)).toEqual([expect.stringMatching(/^Failed sign-in to Julien Moreau from /)]);
  });
});
