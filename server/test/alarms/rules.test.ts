// Alarm rules as an admin changes them: one device given its own limit and sent back to its type's,
// a rule disabled and enabled again, each change recorded as an event by whom; nobody else may.
import type { AlarmRule, SiteEvent } from '@voltscope/shared/alarms';
import { describe, expect, it } from 'vitest';
import { hubForTests } from '../hub.ts';
import { storeCases } from '../stores.ts';
import { alarmTools, steady, until } from './tools.ts';

describe.each(storeCases('vs_rules'))('alarm rules on $driver', ({ overrides, drop }) => {
  const hub = hubForTests({ overrides, drop, signIn: ['admin', 'operator'] });
  const { tokens } = hub;

  const { active, alarmOf, timeline } = alarmTools(() => hub.server);
  const rules = async (token = tokens.admin): Promise<AlarmRule[]> =>
    (await hub.server.request('GET', '/api/alarms/rules', { token })).json();
  const typeRule = async (name: string) =>
    (await rules()).find((r) => r.name === name && r.deviceId === null) as AlarmRule;
  const send = (method: string, url: string, body?: unknown, token = tokens.admin) =>
    hub.server.request(method, url, body === undefined ? { token } : { token, body });

  it('gives one inverter its own limit, refuses what makes no sense, and takes it back', async () => {
    const rule = await typeRule('Inverter over-temperature');
    const overridesUrl = `/api/alarms/rules/${rule.id}/overrides`;

    // An operator reads the rules but changes none of them.
    expect((await rules(tokens.operator)).length).toBeGreaterThan(0);
    expect((await send('PATCH', `/api/alarms/rules/${rule.id}`, { threshold: 70 }, tokens.operator)).status).toBe(403);
    expect((await send('POST', overridesUrl, { deviceId: 'fr-occitanie.inv02' }, tokens.operator)).status).toBe(403);

    const turbine = await send('POST', overridesUrl, { deviceId: 'es-tarifa.wtg01' });
    expect(turbine.status).toBe(400);
    expect((await turbine.json()).message).toBe(
      'This rule is for devices of type inverter; es-tarifa.wtg01 is of type wind_turbine',
    );
    expect((await send('POST', overridesUrl, { deviceId: 'fr-occitanie.nope' })).status).toBe(404);
    expect((await send('POST', overridesUrl, { deviceId: 'fr-occitanie.inv02', threshold: 'hot' })).status).toBe(400);

    const created = await send('POST', overridesUrl, { deviceId: 'fr-occitanie.inv02', threshold: 60 });
    expect(created.status).toBe(201);
    const own = (await created.json()) as AlarmRule;
    expect(own).toMatchObject({ name: rule.name, deviceId: 'fr-occitanie.inv02', threshold: 60, enabled: true });
    expect(own.deadband).toBe(rule.deadband);
    expect((await send('POST', overridesUrl, { deviceId: 'fr-occitanie.inv02' })).status).toBe(409);
    expect(
      (await send('POST', `/api/alarms/rules/${own.id}/overrides`, { deviceId: 'fr-occitanie.inv02' })).status,
    ).toBe(400);
    expect((await send('DELETE', `/api/alarms/rules/${rule.id}`)).status).toBe(409);

    // 65 °C for 12 s: over inverter 02's own limit, under its neighbour's.
    const t0 = Date.now() - 60_000;
    await hub.server.ingest([
      ...steady('fr-occitanie.inv02/temperature', t0, 12, 65),
      ...steady('fr-occitanie.inv03/temperature', t0, 12, 65),
    ]);
    const raised = await alarmOf(tokens.admin, 'fr-occitanie.inv02', own.id);
    expect(raised.message.en).toBe('Inverter 02: temperature 65 °C above 60 °C');
    expect((await active(tokens.admin)).some((a) => a.deviceId === 'fr-occitanie.inv03' && a.ruleId === rule.id)).toBe(
      false,
    );

    // Taken back: the device follows its type's rule again; the alarm no rule watches closes, kept in history.
    expect((await send('DELETE', `/api/alarms/rules/${own.id}`)).status).toBe(204);
    expect((await rules()).some((r) => r.id === own.id)).toBe(false);
    expect((await send('DELETE', `/api/alarms/rules/${own.id}`)).status).toBe(404);
    await until(async () => ((await active(tokens.admin)).some((a) => a.id === raised.id) ? undefined : true));
    const closed = (await timeline(tokens.admin, raised.id)).at(-1);
    expect(closed).toMatchObject({ type: 'alarm_closed', comment: 'its rule was disabled, removed or overridden' });

    const changes = await (await send('GET', '/api/events?types=rule_changed&order=asc&pageSize=10')).json();
    expect(changes.items.map((e: SiteEvent) => [e.userName, e.message.en])).toEqual([
      [
        'Amina Rahimi',
        'Amina Rahimi gave a device its own alarm rule “Inverter over-temperature (fr-occitanie.inv02)”',
      ],
      [
        'Amina Rahimi',
        'Amina Rahimi removed the device’s own alarm rule “Inverter over-temperature (fr-occitanie.inv02)”',
      ],
    ]);
  });

  it('closes the open alarms of a rule that is disabled, and raises again once it is enabled', async () => {
    const rule = await typeRule('Turbine fault');
    const t0 = Date.now() - 30_000;
    await hub.server.ingest([{ series: 'es-tarifa.wtg03/fault_code', ts: t0, value: 301 }]);
    const first = await alarmOf(tokens.admin, 'es-tarifa.wtg03', rule.id);

    const disabled = await send('PATCH', `/api/alarms/rules/${rule.id}`, { enabled: false, priority: 'critical' });
    expect(await disabled.json()).toMatchObject({ enabled: false, priority: 'critical' });
    await until(async () => ((await active(tokens.admin)).some((a) => a.id === first.id) ? undefined : true));
    // A disabled rule raises nothing.
    await hub.server.ingest([{ series: 'es-tarifa.wtg03/fault_code', ts: t0 + 1000, value: 302 }]);
    await new Promise((r) => setTimeout(r, 300));
    expect((await active(tokens.admin)).some((a) => a.ruleId === rule.id)).toBe(false);

    await send('PATCH', `/api/alarms/rules/${rule.id}`, { enabled: true });
    await hub.server.ingest([
      { series: 'es-tarifa.wtg03/fault_code', ts: t0 + 2000, value: 0 },
      { series: 'es-tarifa.wtg03/fault_code', ts: t0 + 3000, value: 303 },
    ]);
    const again = await alarmOf(tokens.admin, 'es-tarifa.wtg03', rule.id);
    expect(again.id).not.toBe(first.id);
    expect(again).toMatchObject({ priority: 'critical', state: 'unacknowledged' });
    expect(again.message.en).toBe('WTG 03: unknown fault code 303, — lost');
  });
});
