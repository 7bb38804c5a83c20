// The site access log end to end: entries listed newest first with filters and the page sizes 5 to 100
// (400 on others), the CSV export, a client reading only its own sites (another's answers 404, over HTTP
// and on the socket), live entries to a subscriber, and a door forced on the simulator raising “Door
// forced open” with the entry carrying the alarm's id. A store from before the access log gets the door
// readers' new series and, when its rules were seeded, the new default rules. On SQLite and PostgreSQL.
import type { AccessEvent } from '@voltscope/shared/contracts/access';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessRecord } from '../../src/access/doorReader.ts';
import { listRules } from '../../src/alarms/store.ts';
import { migrate, migrations } from '../../src/store/migrations.ts';
import { DEMO_INGEST_KEY, demo, nextEvent, settles, startTestServer, type TestServer } from '../helper.ts';
import { drivers, storeCases } from '../stores.ts';

const SITE = 'fr-occitanie';
const GATE = `${SITE}.gate1`;
const SUBSTATION = `${SITE}.gate2`;
const OTHER = 'ma-ouarzazate';
const simulator = {
  enabled: true,
  seed: 7,
  warp: 1,
  // No random faults: no denial, forced or held-open door but the one the test switches on.
  faultRate: 0,
  periodMs: 500,
  backfillDays: 0,
  backfillStepSeconds: 900,
};

describe.each(storeCases('vs_access'))('the site access log on $driver', ({ overrides, drop }) => {
  let server: TestServer;
  const tokens = { admin: '', operator: '', client: '' };
  const get = async (query: string, token = tokens.admin) =>
    server.request('GET', `/api/access/events${query}`, { token });
  const base = Date.UTC(2026, 0, 10, 8);

  beforeAll(async () => {
    server = await startTestServer({ ...overrides, simulator });
    for (const who of ['admin', 'operator', 'client'] as const) {
      tokens[who] = (await server.login(demo[who].email, demo[who].password)).accessToken;
    }
    // A morning at the gate: 30 entries a minute apart, of every kind, and 3 at another's site.
    const entry = (i: number, over: Partial<AccessRecord>): AccessRecord => ({
      siteId: SITE,
      deviceId: GATE,
      ts: base + i * 60_000,
      badge: `FR-${String(1000 + i).padStart(5, '0')}`,
      person: `Test Person ${i}`,
      holder: 'crew',
      result: 'granted',
      reason: null,
      ...over,
    });
    const { access } = server.app.services;
    for (let i = 0; i < 30; i++) {
      const kind = i % 10;
      void access.record(
        entry(
          i,
          kind === 3
            ? { result: 'denied', reason: 'expired', deviceId: SUBSTATION }
            : kind === 7
              ? { result: 'denied', reason: 'unknown_badge', person: null, holder: null }
              : {},
        ),
      );
    }
    void access.record(entry(30, { person: 'Léa Dubois', badge: 'FR-01008' }));
    for (let i = 0; i < 3; i++) void access.record(entry(40 + i, { siteId: OTHER, deviceId: `${OTHER}.gate1` }));
    await access.flush();
  }, 60_000);
  afterAll(async () => {
    await server.close();
    await drop();
  });

  it('lists entries newest first, filtered by site, door, result, period and text, in pages of 5 to 100', async () => {
    const all = await get(`?sites=${SITE}&pageSize=5`);
    expect(all.status).toBe(200);
    const page = await all.json();
    expect(page).toMatchObject({ total: 31, page: 1, pageSize: 5 });
    expect(page.items.map((e: AccessEvent) => e.ts)).toEqual([30, 29, 28, 27, 26].map((i) => base + i * 60_000));

    const second = await (await get(`?sites=${SITE}&pageSize=10&page=2`)).json();
    expect(second.items).toHaveLength(10);
    expect(second.items[0].ts).toBe(base + 20 * 60_000);
    for (const size of [20, 25, 50, 100]) expect((await get(`?pageSize=${size}`)).status).toBe(200);
    for (const size of [7, 30, 200, 0]) {
      const refused = await get(`?pageSize=${size}`);
      expect(refused.status, `page size ${size}`).toBe(400);
    }

    const denied = await (await get(`?sites=${SITE}&results=denied&pageSize=50`)).json();
    expect(denied.total).toBe(6);
    expect(denied.items.every((e: AccessEvent) => e.result === 'denied')).toBe(true);
    const substation = await (await get(`?doors=${SUBSTATION}`)).json();
    expect(substation.total).toBe(3);
    expect(substation.items[0]).toMatchObject({ reason: 'expired', deviceId: SUBSTATION });
    const span = await (await get(`?sites=${SITE}&from=${base + 10 * 60_000}&to=${base + 15 * 60_000}`)).json();
    expect(span.total).toBe(5);
    const lea = await (await get('?q=l%C3%A9a')).json();
    expect(lea.items.map((e: AccessEvent) => e.person)).toEqual(['Léa Dubois']);
    const byBadge = await (await get('?q=FR-01008')).json();
    expect(byBadge.total).toBe(2);
    expect((await get('?from=yesterday')).status).toBe(400);
  });

  it('exports the filtered entries as CSV with a BOM, door names in the language asked', async () => {
    const csv = await server.request('GET', `/api/access/events/export?sites=${SITE}&results=denied&lang=fr`, {
      token: tokens.operator,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe('time,site,door,result,reason,badge,person,holder,alarm');
    expect(lines).toHaveLength(7);
    expect(lines[1]).toContain('Portail principal');
    expect(lines[1]).toContain('unknown_badge');
    expect(text).toContain('Porte du poste');
  });

  it('shows a client only its own sites, and answers 404 for another’s', async () => {
    const mine = await (await get('?pageSize=100', tokens.client)).json();
    expect(mine.total).toBe(31);
    expect(mine.items.every((e: AccessEvent) => e.siteId === SITE)).toBe(true);
    expect((await get(`?sites=${OTHER}`, tokens.client)).status).toBe(404);
    expect((await get(`?sites=${SITE},${OTHER}`, tokens.client)).status).toBe(404);
    const csv = await server.request('GET', `/api/access/events/export?sites=${OTHER}`, { token: tokens.client });
    expect(csv.status).toBe(404);
    expect((await get(`?sites=${OTHER}`, tokens.operator)).status).toBe(200);
    expect((await server.request('GET', '/api/access/events')).status).toBe(401);

    const socket = server.connect(tokens.client);
    await nextEvent(socket, 'connect');
    const ack = await socket.timeout(5000).emitWithAck('access:subscribe', { sites: [SITE, OTHER, 'atlantis'] });
    expect(ack).toEqual({
      data: {
        granted: [SITE],
        refused: [
          { siteId: OTHER, code: 'NOT_FOUND', reason: 'no such site' },
          { siteId: 'atlantis', code: 'NOT_FOUND', reason: 'no such site' },
        ],
      },
    });
    const bad = await socket.timeout(5000).emitWithAck('access:subscribe', { sites: [] } as never);
    expect(bad).toMatchObject({ error: { code: 'VALIDATION' } });
    socket.disconnect();
  });

  it('pushes new entries live to a subscriber, and only of the sites it follows', async () => {
    const socket = server.connect(tokens.client);
    await nextEvent(socket, 'connect');
    const seen: AccessEvent[] = [];
    socket.on('access:event', ({ event }) => seen.push(event));
    await socket.timeout(5000).emitWithAck('access:subscribe', { sites: [SITE] });
    const { access } = server.app.services;
    const stored = await access.record({
      siteId: OTHER,
      deviceId: `${OTHER}.gate1`,
      ts: Date.now(),
      badge: 'MA-01001',
      person: 'Omar Tazi',
      holder: 'crew',
      result: 'granted',
      reason: null,
    });
    const mine = await access.record({
      siteId: SITE,
      deviceId: GATE,
      ts: Date.now(),
      badge: 'FR-09999',
      person: null,
      holder: null,
      result: 'denied',
      reason: 'unknown_badge',
    });
    expect(await settles(() => seen.some((e) => e.id === mine?.id))).toBe(true);
    expect(seen.some((e) => e.id === stored?.id)).toBe(false);
    expect(seen.find((e) => e.id === mine?.id)).toMatchObject({ badge: 'FR-09999', result: 'denied' });
    socket.disconnect();
  });

  it('takes entries from real door controllers with an ingest key, refusing other devices by index', async () => {
    const post = (body: unknown, key: string | null = DEMO_INGEST_KEY) =>
      server.request('POST', '/api/access/events', { body, headers: key ? { 'x-ingest-key': key } : {} });
    const entry = { ts: Date.now(), badge: 'ES-02001', person: 'Marta Ruiz', holder: 'contractor', reason: null };
    const sent = await post({
      entries: [
        { ...entry, deviceId: 'es-tarifa.gate1', result: 'granted' },
        { ...entry, deviceId: 'es-tarifa.met', result: 'granted' },
      ],
    });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({
      accepted: 1,
      rejected: [{ index: 1, reason: 'no door reader es-tarifa.met' }],
    });
    const listed = await (await get('?sites=es-tarifa&q=marta')).json();
    expect(listed.items).toMatchObject([{ deviceId: 'es-tarifa.gate1', person: 'Marta Ruiz', result: 'granted' }]);
    expect(
      (await post({ entries: [{ ...entry, deviceId: 'es-tarifa.gate1', result: 'granted' }] }, 'nope')).status,
    ).toBe(401);
    expect((await post({ entries: [{ ...entry, deviceId: 'es-tarifa.gate1', result: 'opened' }] })).status).toBe(400);
  });

  it('raises “Door forced open” for a door forced on the simulator, and the entry carries the alarm', async () => {
    const socket = server.connect(tokens.operator);
    await nextEvent(socket, 'connect');
    const seen: AccessEvent[] = [];
    socket.on('access:event', ({ event }) => seen.push(event));
    await socket.timeout(5000).emitWithAck('access:subscribe', { sites: [SITE] });
    const switched = await server.request('POST', '/api/simulator/faults', {
      token: tokens.admin,
      body: { siteId: SITE, fault: 'doorForced', minutes: 2 },
    });
    expect(switched.status).toBe(200);
    const forced = () => seen.find((e) => e.result === 'forced' && e.deviceId === GATE && e.alarmId !== null);
    expect(await settles(() => forced() !== undefined, 15_000)).toBe(true);
    const alarm = await server.request('GET', `/api/alarms/${forced()?.alarmId}`, { token: tokens.operator });
    const raised = (await alarm.json()).alarm;
    expect(raised).toMatchObject({ deviceId: GATE, priority: 'high', state: 'unacknowledged' });
    expect(raised.message.en).toContain('door forced open');
    const listed = await (await get(`?sites=${SITE}&results=forced`)).json();
    expect(listed.items[0]).toMatchObject({ deviceId: GATE, badge: null, alarmId: forced()?.alarmId });

    const ended = await server.request('POST', '/api/simulator/faults', {
      token: tokens.admin,
      body: { siteId: SITE, fault: 'doorForced', minutes: 0 },
    });
    expect(ended.status).toBe(200);
    socket.disconnect();
  });
});

describe.each(drivers)('a store from before the access log ($name)', (driver) => {
  it('gives its door readers the new series and, once rules were seeded, the new default rules', async () => {
    for (const seeded of [true, false]) {
      const store = await driver.open();
      try {
        const { db } = store;
        const migration = migrations.find((m) => m.name === 'site access log');
        await db.run('DELETE FROM schema_migrations WHERE version = ?', [migration?.version ?? -1]);
        await db.run('DROP TABLE access_events');
        await db.run(
          `INSERT INTO sites (id, name, kind, latitude, longitude, time_zone, capacity_kw, country, created_at)
           VALUES ('s1', 'Site', 'solar', 0, 0, 'UTC', 1, 'FR', 0)`,
        );
        await db.run("INSERT INTO devices (id, site_id, type, name) VALUES ('s1.gate1', 's1', 'door_reader', 'Gate')");
        await db.run(
          `INSERT INTO series (id, device_id, key, metric, unit, min_value, max_value, period_ms)
           VALUES (7, 's1.gate1', 'door_open', 'door_open', '', 0, 1, 1000)`,
        );
        if (seeded) {
          await db.run(`INSERT INTO alarm_rules (name, device_type, kind, threshold, priority, message, updated_at)
            VALUES ('Inverter fault', 'inverter', 'fault_code', 0, 'high', '{}', 0)`);
        }
        expect(await migrate(db)).toEqual([migration?.version]);
        const series = await db.all<{ id: number; key: string }>(
          "SELECT id, key FROM series WHERE device_id = 's1.gate1' ORDER BY id",
        );
        expect(series.map((s) => [Number(s.id), s.key])).toEqual([
          [7, 'door_open'],
          [8, 'door_forced'],
          [9, 'door_held_open'],
          [10, 'access_denied'],
        ]);
        const rules = (await listRules(db)).map((r) => r.name);
        expect(rules).toEqual(seeded ? ['Inverter fault', 'Door forced open', 'Door held open', 'Access denied'] : []);
        expect(await migrate(db)).toEqual([]);
      } finally {
        await store.close();
      }
    }
  });
});
