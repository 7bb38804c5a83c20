// The operators' status grid and maintenance: every device a user may read with its state, and a device
// taken into maintenance with a reason (an operator may, a client may not) whose alarms go out of service
// with it, none raised while it lasts, and back in service after it.
import type { SiteEvent } from '@voltscope/shared/alarms';
import type { DeviceStatusRow } from '@voltscope/shared/contracts/fleetAdmin';
import type { Static } from 'typebox';
import { describe, expect, it } from 'vitest';
import { alarmTools, until } from '../alarms/tools.ts';
import { hubForTests } from '../hub.ts';
import { storeCases } from '../stores.ts';

type Row = Static<typeof DeviceStatusRow>;

describe.each(storeCases('vs_devstatus'))('devices status on $driver', ({ overrides, drop }) => {
  const hub = hubForTests({ overrides, drop, signIn: ['admin', 'operator', 'client'] });
  const { tokens } = hub;
  const { active, alarmOf } = alarmTools(() => hub.server);
  const fault = (device: string, ts: number, value: number) => ({ series: `${device}/fault_code`, ts, value });

  const rows = async (token: string, query = ''): Promise<Row[]> => {
    const response = await hub.server.request('GET', `/api/devices/status${query}`, { token });
    expect(response.status).toBe(200);
    return response.json();
  };
  const maintenance = (token: string, id: string, method: 'POST' | 'DELETE', body?: unknown) =>
    hub.server.request(method, `/api/devices/${id}/maintenance`, { token, ...(body === undefined ? {} : { body }) });
  const deviceEvents = async (id: string): Promise<SiteEvent[]> => {
    const response = await hub.server.request('GET', `/api/events?devices=${id}&pageSize=100`, {
      token: tokens.operator,
    });
    return (await response.json()).items;
  };

  it('lists every device for an admin and an operator, and only its own sites’ for a client', async () => {
    const all = await rows(tokens.admin);
    expect(all.length).toBeGreaterThan(50);
    expect(new Set(all.map((r) => r.siteId)).size).toBeGreaterThan(2);
    expect((await rows(tokens.operator)).map((r) => r.id).sort()).toEqual(all.map((r) => r.id).sort());

    const own = await rows(tokens.client);
    expect(new Set(own.map((r) => r.siteId))).toEqual(new Set(['fr-occitanie', 'es-tarifa']));
    expect(own.length).toBe(all.filter((r) => ['fr-occitanie', 'es-tarifa'].includes(r.siteId)).length);
    expect((await rows(tokens.client, '?site=es-tarifa')).every((r) => r.siteId === 'es-tarifa')).toBe(true);
    const foreign = await hub.server.request('GET', '/api/devices/status?site=ir-yazd', { token: tokens.client });
    expect(foreign.status).toBe(404);
  });

  it('says a device that reports is online with its last sample, and counts its open alarms', async () => {
    const id = 'ir-yazd.inv03';
    const now = Date.now();
    await hub.server.ingest([fault(id, now - 1000, 0), fault(id, now - 500, 104)]);
    await alarmOf(tokens.operator, id);
    const row = (await rows(tokens.operator, '?site=ir-yazd')).find((r) => r.id === id);
    expect(row).toMatchObject({ state: 'online', lastSeen: now - 500, maintenance: null });
    expect(row?.alarms.open).toBeGreaterThanOrEqual(1);
    expect(row?.alarms.highest).not.toBeNull();
    expect(row?.dataQuality).toBeGreaterThan(0);
    const silent = (await rows(tokens.operator, '?site=ir-yazd')).find((r) => r.id === 'ir-yazd.inv09');
    expect(silent).toMatchObject({ state: 'offline', lastSeen: null, dataQuality: 0 });
  });

  it('puts a device into maintenance with a reason, for an operator and not a client, and back', async () => {
    const id = 'fr-occitanie.inv02';
    const missing = await maintenance(tokens.operator, id, 'POST', { reason: '  ' });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({
      message: 'This field is required.',
      errors: { reason: ['This field is required.'] },
    });
    expect((await maintenance(tokens.client, id, 'POST', { reason: 'inverter swap' })).status).toBe(403);
    expect((await maintenance(tokens.operator, 'fr-occitanie.nope', 'POST', { reason: 'x' })).status).toBe(404);
    expect((await maintenance(tokens.operator, id, 'DELETE')).status).toBe(409);
    expect((await rows(tokens.operator)).find((r) => r.id === id)?.maintenance).toBeNull();

    const put = await maintenance(tokens.operator, id, 'POST', { reason: 'inverter swap WO-77' });
    expect(put.status).toBe(200);
    expect(await put.json()).toMatchObject({
      id,
      state: 'maintenance',
      maintenance: { reason: 'inverter swap WO-77', byName: 'Julien Moreau' },
    });
    const again = await maintenance(tokens.operator, id, 'POST', { reason: 'another' });
    expect(again.status).toBe(409);
    const row = (await rows(tokens.client)).find((r) => r.id === id);
    expect(row).toMatchObject({ state: 'maintenance', maintenance: { reason: 'inverter swap WO-77' } });
    const events = await until(async () => {
      const list = (await deviceEvents(id)).filter((e) => e.type === 'device_maintenance');
      return list.length > 0 ? list : undefined;
    });
    expect(events[0]).toMatchObject({ userName: 'Julien Moreau', comment: 'inverter swap WO-77' });
    expect(events[0]?.message.en).toBe('Julien Moreau put Inverter 02 into maintenance: inverter swap WO-77');
    expect(events[0]?.message.fr).toContain('inverter swap WO-77');

    const lifted = await maintenance(tokens.operator, id, 'DELETE');
    expect(lifted.status).toBe(200);
    expect(await lifted.json()).toMatchObject({ id, maintenance: null });
    expect((await rows(tokens.operator)).find((r) => r.id === id)?.state).not.toBe('maintenance');
    expect((await deviceEvents(id)).filter((e) => e.type === 'device_maintenance')).toHaveLength(2);
  });

  it('shows a device in maintenance as such on its site’s device list (the registry’s state)', async () => {
    const id = 'fr-occitanie.inv07';
    expect((await maintenance(tokens.operator, id, 'POST', { reason: 'cleaning' })).status).toBe(200);
    const site = await hub.server.request('GET', '/api/sites/fr-occitanie/devices', { token: tokens.operator });
    expect(((await site.json()) as { id: string; state: string }[]).find((d) => d.id === id)?.state).toBe(
      'maintenance',
    );

    expect((await maintenance(tokens.operator, id, 'DELETE')).status).toBe(200);
  });

  it('puts its open alarm out of service, raises none while it lasts, and brings it back in service', async () => {
    const id = 'es-tarifa.wtg03';
    const idle = 'es-tarifa.wtg05';
    const neighbour = 'es-tarifa.wtg04';
    const t0 = Date.now() - 20_000;
    await hub.server.ingest([fault(id, t0, 311), fault(idle, t0, 0), fault(neighbour, t0, 0)]);
    const alarm = await alarmOf(tokens.operator, id);
    expect(alarm.outOfService).toBe(false);

    expect((await maintenance(tokens.operator, id, 'POST', { reason: 'gearbox' })).status).toBe(200);
    expect((await maintenance(tokens.operator, idle, 'POST', { reason: 'yaw motor' })).status).toBe(200);
    const out = await until(async () => {
      const found = (await active(tokens.operator)).find((a) => a.id === alarm.id);
      return found?.outOfService ? found : undefined;
    });
    expect(out.outOfService).toBe(true);

    // A fault on the idle device in maintenance, then one on its neighbour: the neighbour's alarm comes,
    // the idle device's does not (the engine judges them in order).
    await hub.server.ingest([fault(idle, t0 + 1000, 312)]);
    await hub.server.ingest([fault(neighbour, t0 + 1000, 313)]);
    await alarmOf(tokens.operator, neighbour);
    expect((await active(tokens.operator)).filter((a) => a.deviceId === idle)).toEqual([]);

    expect((await maintenance(tokens.operator, id, 'DELETE')).status).toBe(200);
    expect((await maintenance(tokens.operator, idle, 'DELETE')).status).toBe(200);
    const back = await until(async () => {
      const found = (await active(tokens.operator)).find((a) => a.id === alarm.id);
      return found && !found.outOfService ? found : undefined;
    });
    expect(back).toMatchObject({ outOfService: false, state: 'unacknowledged' });
    const detail = await hub.server.request('GET', `/api/alarms/${alarm.id}`, { token: tokens.operator });
    const timeline = (await detail.json()).timeline as SiteEvent[];
    expect(timeline.find((e) => e.type === 'alarm_out_of_service')).toMatchObject({
      comment: 'gearbox',
      userName: 'Julien Moreau',
    });
    expect(timeline.some((e) => e.type === 'alarm_in_service')).toBe(true);

    // Back in service, the idle device's fault (still there) raises on its next sample.
    await hub.server.ingest([fault(idle, t0 + 2000, 0), fault(idle, t0 + 3000, 314)]);
    const raised = await until(async () => (await active(tokens.operator)).find((a) => a.deviceId === idle));
    expect(raised).toMatchObject({ value: 314, outOfService: false });
  });
});
