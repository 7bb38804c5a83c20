// Finding 5 of issue 15: the audit trail names who acted by their user id, not by the display name they
// had then (which anyone may change). An operator who renames herself to the admin's name and then
// acknowledges, comments and signs in is recorded as herself; once she renames back, the timeline, the
// event log, the alarm history and both CSV exports show her name, nowhere the admin's.
import type { Alarm, SiteEvent } from '@voltscope/shared/alarms';
import { describe, expect, it } from 'vitest';
import { demo } from '../helper.ts';
import { hubForTests } from '../hub.ts';
import { storeCases } from '../stores.ts';
import { alarmTools } from './tools.ts';

describe.each(storeCases('vs_audit'))('the audit trail on $driver', ({ overrides, drop }) => {
  const hub = hubForTests({ overrides, drop, signIn: ['admin', 'operator'] });
  const { tokens } = hub;
  const { act, alarmOf, timeline } = alarmTools(() => hub.server);

  const me = async (token: string) => (await hub.server.request('GET', '/api/auth/me', { token })).json();
  const rename = async (token: string, fullName: string, email: string) => {
    const response = await hub.server.request('PATCH', '/api/account/profile', { token, body: { fullName, email } });
    expect(response.status).toBe(200);
  };

  it('records the operator who acknowledged under the admin’s name as herself, and shows her current name', async () => {
    const admin = (await me(tokens.admin)).userData;
    const operator = (await me(tokens.operator)).userData;
    const herName = operator.fullName as string;
    expect(herName).not.toBe(admin.fullName);

    // She takes the admin's name, signs in again under it, and acts on an alarm.
    await rename(tokens.operator, admin.fullName, demo.operator.email);
    const again = (await hub.server.login(demo.operator.email, demo.operator.password)).accessToken;
    const device = 'ma-ouarzazate.inv06';
    await hub.server.ingest([{ series: `${device}/fault_code`, ts: Date.now() - 5000, value: 117 }]);
    const alarm = await alarmOf(again, device);
    expect((await act(again, 'acknowledge', { ids: [alarm.id], comment: 'on it' })).status).toBe(200);
    expect((await act(again, 'comment', { ids: [alarm.id], comment: 'fuse replaced' })).status).toBe(200);

    // The store holds her id beside each record.
    const { db } = hub.server.app.services;
    const acts = await db.all<{ user_id: number }>(
      "SELECT user_id FROM events WHERE alarm_id = ? AND type IN ('alarm_acknowledged', 'alarm_comment')",
      [alarm.id],
    );
    expect(acts.map((r) => Number(r.user_id))).toEqual([operator.id, operator.id]);
    const row = await db.get<{ acknowledged_by_id: number }>('SELECT acknowledged_by_id FROM alarms WHERE id = ?', [
      alarm.id,
    ]);
    expect(Number(row?.acknowledged_by_id)).toBe(operator.id);

    // She renames back: every view of the record names her, none the admin.
    await rename(again, herName, demo.operator.email);
    const steps = (await timeline(tokens.admin, alarm.id)).filter((e) => e.userName !== null);
    expect(steps.map((e) => [e.type, e.userName])).toEqual([
      ['alarm_acknowledged', herName],
      ['alarm_comment', herName],
    ]);
    const detail = (await (await hub.server.request('GET', `/api/alarms/${alarm.id}`, { token: tokens.admin })).json())
      .alarm as Alarm;
    expect(detail.acknowledgedBy).toBe(herName);

    const events = (await (await hub.server.request('GET', '/api/events?pageSize=100', { token: tokens.admin })).json())
      .items as SiteEvent[];
    const signIns = events.filter((e) => e.type === 'sign_in');
    expect(signIns.map((e) => e.userName)).toContain(herName);
    expect(signIns.filter((e) => e.userName === admin.fullName)).toHaveLength(1); // the admin's own sign-in
    expect(signIns.find((e) => e.userName === herName)?.message.en).toBe(`${herName} signed in`);
    const acknowledged = events.find((e) => e.alarmId === alarm.id && e.type === 'alarm_acknowledged');
    expect(acknowledged?.userName).toBe(herName);

    const history = (
      await (await hub.server.request('GET', '/api/alarms/history?pageSize=100', { token: tokens.admin })).json()
    ).items as Alarm[];
    expect(history.find((a) => a.id === alarm.id)?.acknowledgedBy).toBe(herName);

    const eventsCsv = await (await hub.server.request('GET', '/api/events?format=csv', { token: tokens.admin })).text();
    const ackLine = eventsCsv
      .split('\r\n')
      .find((l) => l.includes('alarm_acknowledged') && l.includes(`,${alarm.id},`));
    expect(ackLine).toContain(herName);
    const alarmsCsv = await (
      await hub.server.request('GET', '/api/alarms/history?format=csv', { token: tokens.admin })
    ).text();
    const alarmLine = alarmsCsv.split('\r\n').find((l) => l.endsWith(`,${alarm.id}`));
    expect(alarmLine).toContain(herName);
    expect(alarmLine).not.toContain(admin.fullName);

    // Searching the event log by her name finds what she did under the admin's.
    const found = (
      await (
        await hub.server.request('GET', `/api/events?pageSize=100&q=${encodeURIComponent(herName)}`, {
          token: tokens.admin,
        })
      ).json()
    ).items as SiteEvent[];
    expect(found.some((e) => e.alarmId === alarm.id && e.type === 'alarm_acknowledged')).toBe(true);
  });

  it('keeps the stored name of a record made before ids were kept', async () => {
    const { db } = hub.server.app.services;
    await db.run(
      `INSERT INTO events (site_id, seq, device_id, alarm_id, type, severity, message, user_name, comment, ts)
       VALUES (NULL, 999999, NULL, NULL, 'sign_in', 'info', ?, 'Old Name', NULL, ?)`,
      [JSON.stringify({ en: 'Old Name signed in', fr: 'x', fa: 'x', ar: 'x' }), Date.now()],
    );
    const events = (
      await (await hub.server.request('GET', '/api/events?pageSize=100&q=old%20name', { token: tokens.admin })).json()
    ).items as SiteEvent[];
    expect(events.map((e) => [e.userName, e.message.en])).toEqual([['Old Name', 'Old Name signed in']]);
  });
});
