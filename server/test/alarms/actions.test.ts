// The operator's actions on a selection, and the transitions ISA-18.2 does not allow: each changes
// nothing and records nothing. Shelving needs a reason; out of service needs a reason and an end or review
// date: an operator may, a client may not; the point is still evaluated but raises nothing until it is
// back in service, by hand or by itself when its date comes.
import type { Alarm } from '@voltscope/shared/alarms';
import { describe, expect, it } from 'vitest';
import { hubForTests } from '../hub.ts';
import { storeCases } from '../stores.ts';
import { alarmTools, until } from './tools.ts';

describe.each(storeCases('vs_actions'))('operator actions on $driver', ({ overrides, drop }) => {
  const hub = hubForTests({ overrides, drop, signIn: ['operator', 'client'] });
  const { tokens } = hub;

  const { act, active, alarmOf, follow, timeline } = alarmTools(() => hub.server);
  const fault = (device: string, ts: number, value: number) => ({ series: `${device}/fault_code`, ts, value });
  const types = async (id: number) => (await timeline(tokens.operator, id)).map((e) => e.type);
  const DAY = 24 * 3600_000;

  it('acknowledges a selection at once: every alarm, one event each, in order on a follower', async () => {
    const watcher = await follow(tokens.operator, [{ id: 'ma-ouarzazate' }]);
    const devices = ['inv01', 'inv02', 'inv03', 'inv04', 'inv05'].map((d) => `ma-ouarzazate.${d}`);
    await hub.server.ingest(devices.map((d) => fault(d, Date.now() - 20_000, 104)));
    const raised = await until(async () => {
      const list = (await active(tokens.operator)).filter((a) => devices.includes(a.deviceId) && a.value === 104);
      return list.length === devices.length ? list : undefined;
    });
    const before = watcher.events.length;
    const response = await act(tokens.operator, 'acknowledge', {
      ids: raised.map((a) => a.id),
      comment: 'crew on site',
    });
    expect(response.status).toBe(200);
    const { alarms } = (await response.json()) as { alarms: Alarm[] };
    expect(alarms.map((a) => a.state)).toEqual(raised.map(() => 'acknowledged'));
    const acks = await until(() => {
      const list = watcher.events.slice(before).filter((e) => e.event.type === 'alarm_acknowledged');
      return list.length === devices.length ? list : undefined;
    });
    const seqs = acks.map((e) => e.event.seq);
    expect(seqs).toEqual(seqs.map((_, i) => (seqs[0] as number) + i));
    expect(acks.every((e) => e.event.userName === 'Julien Moreau' && e.event.comment === 'crew on site')).toBe(true);
    watcher.socket.disconnect();
  });

  it('changes nothing on an illegal transition: a second acknowledgement, shelving or unshelving a closed one', async () => {
    const t0 = Date.now() - 15_000;
    await hub.server.ingest([fault('ir-yazd.inv02', t0, 103), fault('ir-yazd.inv02', t0 + 1000, 0)]);
    const alarm = await alarmOf(tokens.operator, 'ir-yazd.inv02');
    await until(async () =>
      (await alarmOf(tokens.operator, 'ir-yazd.inv02')).state === 'rtn_unacknowledged' ? true : undefined,
    );
    await act(tokens.operator, 'acknowledge', { ids: [alarm.id] });
    const closed = ['alarm_raised', 'alarm_returned', 'alarm_acknowledged', 'alarm_closed'];
    expect(await types(alarm.id)).toEqual(closed);
    for (const [verb, body] of [
      ['acknowledge', {}],
      ['shelve', { minutes: 30, comment: 'sensor swap' }],
      ['unshelve', {}],
    ] as const) {
      const response = await act(tokens.operator, verb, { ids: [alarm.id], ...body });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { alarms: Alarm[] }).alarms[0]?.state).toBe('closed');
    }
    expect(await types(alarm.id)).toEqual(closed);

    // A closed occurrence never comes back: the fault again is a new alarm.
    await hub.server.ingest([fault('ir-yazd.inv02', t0 + 2000, 105)]);
    const next = await alarmOf(tokens.operator, 'ir-yazd.inv02');
    expect(next.id).not.toBe(alarm.id);
    expect(await types(alarm.id)).toEqual(closed);
  });

  it('takes an alarm out of service for an operator, not a client; it raises nothing until it is back', async () => {
    const t0 = Date.now() - 10_000;
    await hub.server.ingest([fault('fr-occitanie.inv05', t0, 201)]);
    const alarm = await alarmOf(tokens.operator, 'fr-occitanie.inv05');
    const review = Date.now() + 7 * DAY;
    const body = { ids: [alarm.id], outOfService: true, comment: 'WO-4411', until: review };
    expect((await act(tokens.client, 'out-of-service', body)).status).toBe(403);
    const out = await act(tokens.operator, 'out-of-service', body);
    expect(((await out.json()) as { alarms: Alarm[] }).alarms[0]).toMatchObject({ outOfService: true });

    // Cleared, acknowledged and faulted again while out of service: recorded, but no new alarm.
    await hub.server.ingest([fault('fr-occitanie.inv05', t0 + 1000, 0)]);
    await until(async () =>
      (await alarmOf(tokens.operator, 'fr-occitanie.inv05')).state === 'rtn_unacknowledged' ? true : undefined,
    );
    await act(tokens.operator, 'acknowledge', { ids: [alarm.id] });
    await hub.server.ingest([fault('fr-occitanie.inv05', t0 + 2000, 202)]);
    await new Promise((r) => setTimeout(r, 300));
    expect((await active(tokens.operator)).some((a) => a.deviceId === 'fr-occitanie.inv05')).toBe(false);

    await act(tokens.operator, 'out-of-service', { ids: [alarm.id], outOfService: false });
    await hub.server.ingest([fault('fr-occitanie.inv05', t0 + 3000, 0), fault('fr-occitanie.inv05', t0 + 4000, 203)]);
    const back = await alarmOf(tokens.operator, 'fr-occitanie.inv05');
    expect(back).toMatchObject({ outOfService: false, state: 'unacknowledged' });
    const record = await timeline(tokens.operator, alarm.id);
    expect(record.find((e) => e.type === 'alarm_out_of_service')).toMatchObject({
      userName: 'Julien Moreau',
      comment: 'WO-4411',
    });
    expect(record.some((e) => e.type === 'alarm_in_service')).toBe(true);
  });

  it('refuses a shelving without a reason, and says why', async () => {
    await hub.server.ingest([fault('es-tarifa.wtg07', Date.now() - 5000, 311)]);
    const alarm = await alarmOf(tokens.operator, 'es-tarifa.wtg07');
    const missing = await act(tokens.operator, 'shelve', { ids: [alarm.id], minutes: 30 });
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors.comment).toBeDefined();
    const blank = await act(tokens.operator, 'shelve', { ids: [alarm.id], minutes: 30, comment: '   ' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).message).toBe('A shelved alarm needs a reason: write why it is shelved');
    expect((await alarmOf(tokens.operator, 'es-tarifa.wtg07')).shelvedUntil).toBeNull();
    expect(await types(alarm.id)).toEqual(['alarm_raised']);

    const shelved = await act(tokens.operator, 'shelve', { ids: [alarm.id], minutes: 30, comment: ' pitch test ' });
    expect(shelved.status).toBe(200);
    expect((await timeline(tokens.operator, alarm.id)).at(-1)).toMatchObject({
      type: 'alarm_shelved',
      comment: 'pitch test',
    });
  });

  it('takes an alarm out of service only with a reason and a date ahead, until that date', async () => {
    await hub.server.ingest([fault('ir-yazd.inv06', Date.now() - 5000, 104)]);
    const alarm = await alarmOf(tokens.operator, 'ir-yazd.inv06');
    const out = (body: object) =>
      act(tokens.operator, 'out-of-service', { ids: [alarm.id], outOfService: true, ...body });
    const refusal = async (body: object) => {
      const response = await out(body);
      expect(response.status).toBe(400);
      return (await response.json()) as { message: string; errors: Record<string, string[]> };
    };
    const week = Date.now() + 7 * DAY;
    expect((await refusal({ until: week })).errors.comment).toBeDefined();
    expect((await refusal({ until: week, comment: ' ' })).message).toBe(
      'An alarm out of service needs a reason: write why',
    );
    expect((await refusal({ comment: 'WO-9' })).message).toBe(
      'An alarm out of service needs an end or review date (until, in epoch milliseconds)',
    );
    expect((await refusal({ comment: 'WO-9', until: Date.now() - 1000 })).message).toBe(
      'The end or review date must be in the future',
    );
    expect((await refusal({ comment: 'WO-9', until: Date.now() + 91 * DAY })).message).toBe(
      'The end or review date must be at most 90 days ahead',
    );
    expect((await alarmOf(tokens.operator, 'ir-yazd.inv06')).outOfService).toBe(false);

    const response = await out({ comment: 'WO-9: string 3 rewired', until: week });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { alarms: Alarm[] }).alarms[0]).toMatchObject({
      outOfService: true,
      outOfServiceUntil: week,
    });
    expect(await alarmOf(tokens.operator, 'ir-yazd.inv06')).toMatchObject({ outOfServiceUntil: week });

    // The clock before the date changes nothing; at the date the alarm is back in service by itself.
    hub.server.app.services.alarms.tick(week - 1000);
    await new Promise((r) => setTimeout(r, 200));
    // (the clock a week on also raises communication losses: the alarm is found by its id)
    const now = async () => (await active(tokens.operator)).find((x) => x.id === alarm.id);
    expect((await now())?.outOfService).toBe(true);
    hub.server.app.services.alarms.tick(week);
    const back = await until(async () => {
      const a = await now();
      return a?.outOfService === false ? a : undefined;
    });
    expect(back).toMatchObject({ outOfServiceUntil: null, state: 'unacknowledged' });
    expect((await timeline(tokens.operator, alarm.id)).at(-1)).toMatchObject({
      type: 'alarm_in_service',
      userName: null,
      comment: 'its out-of-service period ended',
    });
  });

  it('records a comment by its author without changing the alarm', async () => {
    await hub.server.ingest([fault('es-tarifa.wtg06', Date.now() - 5000, 310)]);
    const alarm = await alarmOf(tokens.operator, 'es-tarifa.wtg06');
    expect((await act(tokens.client, 'comment', { ids: [alarm.id], comment: 'hi' })).status).toBe(403);
    expect((await act(tokens.operator, 'comment', { ids: [alarm.id], comment: '' })).status).toBe(400);
    await act(tokens.operator, 'comment', { ids: [alarm.id], comment: 'yaw motor noisy since Monday' });
    expect((await alarmOf(tokens.operator, 'es-tarifa.wtg06')).state).toBe('unacknowledged');
    expect((await timeline(tokens.operator, alarm.id)).at(-1)).toMatchObject({
      type: 'alarm_comment',
      userName: 'Julien Moreau',
      comment: 'yaw motor noisy since Monday',
    });
  });
});
