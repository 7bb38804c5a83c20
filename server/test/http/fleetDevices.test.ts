// The admins' devices over HTTP: the device types, a site's devices for the management page, a device
// made (with its type's series and its own ranges), edited, moved in the tree, decommissioned, restored
// and deleted; each body checked with the seed's rules (English message and reason code) and the tree's,
// refused to operators and clients; a new device reports through the ingest at once (the registry was read
// again), and one an open alarm refers to is not deleted.
import { describe, expect, it } from 'vitest';
import { alarmTools } from '../alarms/tools.ts';
import { newTransformer } from '../devices.ts';
import { hubForTests } from '../hub.ts';
import { storeCases } from '../stores.ts';

const SITE = 'ma-ouarzazate';

const device = newTransformer;

describe.each(storeCases('vs_fleet_devices'))('devices on $driver', ({ overrides, drop }) => {
  const hub = hubForTests({ overrides, drop, signIn: ['admin', 'operator', 'client'] });
  const call = (method: string, route: string, body?: unknown, token = hub.tokens.admin) =>
    hub.server.request(method, route, { token, ...(body === undefined ? {} : { body }) });
  const json = async (method: string, route: string, body?: unknown) => {
    const response = await call(method, route, body);
    return { status: response.status, body: await response.json() };
  };

  it('defines each type: its series, where it hangs in the tree, its default rules', async () => {
    const types = (await json('GET', '/api/device-types')).body as {
      type: string;
      parentTypes: string[];
      atTop: boolean;
      series: { key: string; unit: string; min: number; max: number; periodMs: number }[];
      defaultRules: { name: string }[];
    }[];
    const of = (type: string) => types.find((t) => t.type === type);
    expect(of('meter')).toMatchObject({ parentTypes: [], atTop: true });
    expect(of('inverter')).toMatchObject({ parentTypes: ['transformer'], atTop: false });
    expect(of('combiner_box')?.parentTypes).toEqual(['inverter']);
    expect(of('camera')?.atTop).toBe(true);
    expect(of('camera')?.parentTypes).toHaveLength(11);
    expect(of('transformer')?.series).toEqual([
      { key: 'load', metric: 'load', unit: '%', min: 0, max: 200, periodMs: 1000 },
      { key: 'oil_temperature', metric: 'oil_temperature', unit: '°C', min: -50, max: 150, periodMs: 1000 },
    ]);
    expect(of('inverter')?.series.map((s) => s.key)).toContain('mppt_voltage:4');
    expect(of('inverter')?.defaultRules.length).toBeGreaterThan(0);
    // Anyone who reads devices may read what their types are.
    expect((await call('GET', '/api/device-types', undefined, hub.tokens.client)).status).toBe(200);
  });

  it('makes a device with its type series and its own ranges, edits, moves, decommissions, restores and deletes it', async () => {
    const made = await json('POST', `/api/sites/${SITE}/devices`, {
      ...device(),
      series: [{ key: 'oil_temperature', max: 110, periodMs: 5000 }],
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      id: `${SITE}.tr99`,
      siteId: SITE,
      firmware: '2.1.0',
      serialNumber: 'TR-0099',
      decommissionedAt: null,
      maintenance: null,
    });
    expect(made.body.series.map((s: object) => ({ ...s, id: 0 }))).toEqual([
      expect.objectContaining({ key: 'load', min: 0, max: 200, periodMs: 1000, overridden: false }),
      expect.objectContaining({ key: 'oil_temperature', min: -50, max: 110, periodMs: 5000, overridden: true }),
    ]);

    const listed = (await json('GET', `/api/admin/sites/${SITE}/devices`)).body;
    expect(listed.find((d: { id: string }) => d.id === `${SITE}.tr99`)?.name).toBe('Transformer 99');

    const edited = await json('PATCH', `/api/devices/${SITE}.tr99`, {
      name: 'Transformer 99b',
      firmware: '2.2',
      // Its parent's own id is enough.
      parentId: 'brk-f02',
      series: [],
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'Transformer 99b', firmware: '2.2', parentId: `${SITE}.brk-f02` });
    expect(edited.body.series.every((s: { overridden: boolean }) => !s.overridden)).toBe(true);
    expect(edited.body.series[1]).toMatchObject({ max: 150, periodMs: 1000 });

    expect((await json('POST', `/api/devices/${SITE}.tr99/decommission`)).body.decommissionedAt).toBeGreaterThan(0);
    expect(hub.server.app.services.registry.devices.has(`${SITE}.tr99`)).toBe(false);
    expect((await json('POST', `/api/devices/${SITE}.tr99/restore`)).body.decommissionedAt).toBeNull();
    expect(hub.server.app.services.registry.devices.has(`${SITE}.tr99`)).toBe(true);

    expect((await call('DELETE', `/api/devices/${SITE}.tr99`)).status).toBe(204);
    expect((await call('GET', `/api/devices/${SITE}.tr99`)).status).toBe(404);
    const events = (await json('GET', '/api/events?types=device_changed&sort=ts&order=asc')).body.items;
    expect(events.map((e: { message: { en: string } }) => e.message.en)).toEqual([
      `Amina Rahimi added the device “Transformer 99” (${SITE}.tr99)`,
      'Amina Rahimi changed the device “Transformer 99b” (name, firmware, parentId, series)',
      'Amina Rahimi decommissioned the device “Transformer 99b”',
      'Amina Rahimi put the device “Transformer 99b” back in service',
      `Amina Rahimi deleted the device “Transformer 99b” (${SITE}.tr99) and its history`,
    ]);
    expect(events[0]).toMatchObject({ siteId: SITE, deviceId: `${SITE}.tr99`, severity: 'info' });
  });

  it.each([
    ['required', { name: '' }, 'name', 'This field is required.'],
    ['alphaDash', { id: 'tr 99' }, 'id', 'The field may only contain letters, numbers, dashes, and underscores.'],
    ['regex', { firmware: 'v2' }, 'firmware', 'The format of the field is invalid.'],
    ['regex', { address: '10.9.9.9' }, 'address', 'The format of the field is invalid.'],
    ['url', { protocol: 'http', address: 'ftp://x' }, 'address', 'The URL entered is invalid.'],
    ['between', { ratedKw: 0 }, 'ratedKw', 'The value must be between 0.1 and 200000.'],
    ['notOneOf', { protocol: 'bacnet' }, 'protocol', expect.stringMatching(/^Unknown protocol “bacnet”: one of/)],
    ['notOneOf', { type: 'toaster' }, 'type', expect.stringMatching(/^Unknown type “toaster”: one of inverter/)],
    ['tooLong', { id: 'x'.repeat(65) }, 'id', 'At most 64 characters'],
    ['integer', { series: [{ key: 'load', periodMs: 1500.5 }] }, 'series.0.periodMs', 'This field must be an integer.'],
    [
      'between',
      { series: [{ key: 'load', periodMs: 50 }] },
      'series.0.periodMs',
      'The value must be between 100 and 86400000.',
    ],
    ['between', { series: [{ key: 'load', min: -5 }] }, 'series.0.min', 'The value must be between 0 and 200.'],
    [
      'between',
      { series: [{ key: 'load', min: 120, max: 100 }] },
      'series.0.max',
      'The maximum must be above the minimum (120)',
    ],
    [
      'notOneOf',
      { parentId: `${SITE}.meter` },
      'parentId',
      'A transformer hangs only under a breaker, not under a meter',
    ],
    ['notOneOf', { parentId: null }, 'parentId', 'A transformer hangs only under a breaker: choose its parent'],
    [
      'notOneOf',
      { parentId: 'fr-occitanie.brk-f01' },
      'parentId',
      'No device fr-occitanie.brk-f01 on this site to hang it under',
    ],
  ])(
    'refuses a new device breaking %s (%j) with its message, and writes nothing',
    async (code, over, field, message) => {
      const answer = await json('POST', `/api/sites/${SITE}/devices`, device({ id: 'tr-refused', ...over }));
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION', message, errors: { [field]: [message] } });
      expect(answer.body.fields[field].code).toBe(code);
      const ids = (await json('GET', `/api/admin/sites/${SITE}/devices`)).body.map((d: { id: string }) => d.id);
      expect(ids.filter((id: string) => id.includes('refused'))).toEqual([]);
    },
  );

  it('refuses a device id taken (409), a change of type, and a move under a device of its own subtree', async () => {
    const taken = await json('POST', `/api/sites/${SITE}/devices`, device({ id: 'tr01' }));
    expect(taken).toMatchObject({
      status: 409,
      body: { message: `A device with id tr01 already exists on the site ${SITE}` },
    });
    const type = await json('PATCH', `/api/devices/${SITE}.tr01`, { type: 'meter' });
    expect(type).toMatchObject({ status: 400, body: { message: "A device's type cannot change (it is transformer)" } });
    // The main breaker under the busbar that hangs under it: a loop.
    const loop = await json('PATCH', `/api/devices/${SITE}.brk-main`, { parentId: `${SITE}.busbar` });
    expect(loop).toMatchObject({
      status: 400,
      body: { message: 'A device cannot hang under itself or under a device that hangs under it' },
    });
    // A protocol changed asks its own kind of address.
    const protocol = await json('PATCH', `/api/devices/${SITE}.tr01`, { protocol: 'http' });
    expect(protocol).toMatchObject({ status: 400, body: { message: 'The URL entered is invalid.' } });
  });

  it('refuses every device write to an operator and a client (403), and the admin list too', async () => {
    for (const who of ['operator', 'client'] as const) {
      const writes: [string, string, unknown?][] = [
        ['POST', `/api/sites/${SITE}/devices`, device({ id: 'nope' })],
        ['PATCH', `/api/devices/${SITE}.tr01`, { name: 'Mine' }],
        ['POST', `/api/devices/${SITE}.tr01/decommission`],
        ['POST', `/api/devices/${SITE}.tr01/restore`],
        ['DELETE', `/api/devices/${SITE}.met`],
        ['GET', `/api/admin/sites/${SITE}/devices`],
      ];
      for (const [method, route, body] of writes) {
        expect((await call(method, route, body, hub.tokens[who])).status, `${who} ${method} ${route}`).toBe(403);
      }
    }
    expect((await json('GET', `/api/devices/${SITE}.tr01`)).body.name).toBe('Transformer 1');
  });

  it('refuses to delete a device others hang under, or one an open alarm refers to: decommission it instead', async () => {
    const parent = await json('DELETE', `/api/devices/${SITE}.tr01`);
    expect(parent.status).toBe(409);
    expect(parent.body.message).toMatch(
      /^\d+ device\(s\) hang under the device ma-ouarzazate.tr01: decommission it instead$/,
    );

    expect((await json('POST', `/api/sites/${SITE}/devices`, device({ id: 'tr98' }))).status).toBe(201);
    const inverter = { ...device({ id: 'inv98', type: 'inverter', name: 'Inverter 98', parentId: `${SITE}.tr98` }) };
    expect((await json('POST', `/api/sites/${SITE}/devices`, inverter)).status).toBe(201);
    // The new inverter reports at once through the ingest key, and trips: its fault alarm opens.
    await hub.server.ingest([
      { series: `${SITE}.inv98/ac_power`, ts: Date.now() - 1000, value: 120 },
      { series: `${SITE}.inv98/fault_code`, ts: Date.now(), value: 103 },
    ]);
    const live = (await json('GET', `/api/sites/${SITE}/devices`)).body.find(
      (d: { id: string }) => d.id === `${SITE}.inv98`,
    );
    expect(live).toMatchObject({ name: 'Inverter 98', parentId: `${SITE}.tr98` });
    expect(live.lastSeen).toBeGreaterThan(Date.now() - 60_000);
    const alarm = await alarmTools(() => hub.server).alarmOf(hub.tokens.admin, `${SITE}.inv98`);
    expect(alarm).toBeDefined();

    const refused = await json('DELETE', `/api/devices/${SITE}.inv98`);
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'CONFLICT', message: `1 open alarm(s) refer to the device ${SITE}.inv98: decommission it instead` },
    });
    // Decommissioned, its alarm retires.
    expect((await call('POST', `/api/devices/${SITE}.inv98/decommission`)).status).toBe(200);
    const open = (await json('GET', '/api/alarms/active')).body.filter(
      (a: { deviceId: string }) => a.deviceId === `${SITE}.inv98`,
    );
    expect(open).toEqual([]);
    // Deleted, its series and their history go with it.
    const { db } = hub.server.app.services;
    const ids = (await db.all<{ id: number }>('SELECT id FROM series WHERE device_id = ?', [`${SITE}.inv98`])).map(
      (r) => Number(r.id),
    );
    // After a flush: SQLite moves what it staged into `samples` then (store/telemetry/sqliteStaging.ts).
    const history = async () => {
      await hub.server.app.services.telemetry.flushRollups();
      return Number(
        (await db.get<{ n: number }>(`SELECT count(*) AS n FROM samples WHERE series_id IN (${ids.join(', ')})`))?.n,
      );
    };
    expect(ids).toHaveLength(15);
    expect(await history()).toBe(2);
    expect((await call('DELETE', `/api/devices/${SITE}.inv98`)).status).toBe(204);
    expect(await history()).toBe(0);
    expect(await db.all('SELECT id FROM series WHERE device_id = ?', [`${SITE}.inv98`])).toEqual([]);
    // Its history went with it, and the rollups of the minutes it had samples in carry on without them.
    await expect(hub.server.app.services.telemetry.flushRollups({ all: true })).resolves.toBeUndefined();
  });
  it('lists who put a device in maintenance, by name, since when and why', async () => {
    const { db } = hub.server.app.services;
    const admin = await db.get<{ id: number }>('SELECT id FROM users WHERE username = ?', ['admin']);
    await db.run('UPDATE devices SET maintenance_reason = ?, maintenance_since = ?, maintenance_by = ? WHERE id = ?', [
      'Fan replaced',
      1_000,
      admin?.id ?? null,
      `${SITE}.met`,
    ]);
    const listed = (await json('GET', `/api/admin/sites/${SITE}/devices`)).body;
    expect(listed.find((d: { id: string }) => d.id === `${SITE}.met`).maintenance).toEqual({
      reason: 'Fan replaced',
      since: 1_000,
      byUserId: admin?.id,
      byName: 'Amina Rahimi',
    });
    expect(listed.find((d: { id: string }) => d.id === `${SITE}.meter`).maintenance).toBeNull();
  });
});
