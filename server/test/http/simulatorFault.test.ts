// The simulator's fault switch end to end: an admin starts a grid outage on a simulated site, the main
// breaker reads open in the live frames and the latest values, "Main breaker open" is raised and the switch
// is in the site's event log (sent to followers); ending it closes the breaker again. Operators are
// refused; a hub without simulator answers 409. On SQLite and on PostgreSQL.
import { receivedChange, type SiteEvent } from '@voltscope/shared/alarms';
import { decodeFrame, frameKinds } from '@voltscope/shared/frames';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, nextEvent, settles, startAsAdmin, startTestServer, type TestServer } from '../helper.ts';
import { storeCases } from '../stores.ts';

const SITE = 'fr-occitanie';
const simulator = {
  enabled: true,
  seed: 5,
  warp: 1,
  // No random faults: what the test sees is the switch's doing.
  faultRate: 0,
  periodMs: 500,
  backfillDays: 0,
  backfillStepSeconds: 900,
};

describe.each(storeCases('vs_fault'))('the simulator’s fault switch on $driver', ({ overrides, drop }) => {
  let server: TestServer;
  let admin: string;
  let operator: string;
  beforeAll(async () => {
    server = await startTestServer({ ...overrides, simulator });
    admin = (await server.login(demo.admin.email, demo.admin.password)).accessToken;
    operator = (await server.login(demo.operator.email, demo.operator.password)).accessToken;
  });
  afterAll(async () => {
    await server.close();
    await drop();
  });

  it('opens the main breaker for the outage, raises “Main breaker open”, and closes it when ended', async () => {
    const position = server.app.services.registry.seriesIdByKey(`${SITE}.brk-main/position`) as number;
    const socket = server.connect(admin);
    await nextEvent(socket, 'connect');
    const positions: number[] = [];
    socket.on('live:frame', (siteId, bytes) => {
      const frame = decodeFrame(bytes);
      if (siteId !== SITE || frame.kind !== frameKinds.live) return;
      frame.series.forEach((id, i) => {
        if (id === position) positions.push(frame.values[i] as number);
      });
    });
    const events: SiteEvent[] = [];
    socket.on('alarm:events', (payloads) => events.push(...payloads.map((p) => receivedChange(p).event)));
    const live = await socket.timeout(5000).emitWithAck('live:subscribe', { sites: [{ id: SITE }] });
    expect('data' in live).toBe(true);
    const alarms = await socket.timeout(5000).emitWithAck('alarms:subscribe', { sites: [{ id: SITE }] });
    expect('data' in alarms).toBe(true);
    expect(await settles(() => positions.at(-1) === 1)).toBe(true);

    const started = Date.now();
    const start = await server.request('POST', '/api/simulator/faults', {
      token: admin,
      body: { siteId: SITE, fault: 'gridOutage', minutes: 5 },
    });
    expect(start.status).toBe(200);
    const body = await start.json();
    expect(body).toMatchObject({ siteId: SITE, fault: 'gridOutage' });
    expect(body.until).toBeGreaterThan(started + 4 * 60_000);
    expect(body.until).toBeLessThan(started + 6 * 60_000);

    expect(await settles(() => positions.at(-1) === 0)).toBe(true);
    const latest = await (await server.request('GET', `/api/series/latest?site=${SITE}`, { token: admin })).json();
    expect(latest.values[latest.seriesIds.indexOf(position)]).toBe(0);

    const raised = async () => {
      const active = await (await server.request('GET', `/api/alarms/active?sites=${SITE}`, { token: admin })).json();
      return active.some(
        (a: { deviceId: string; message: { en: string } }) =>
          a.deviceId === `${SITE}.brk-main` && a.message.en.includes('breaker open'),
      );
    };
    expect(await settles(raised)).toBe(true);
    expect(await settles(() => events.some((e) => e.type === 'simulated_fault'))).toBe(true);
    const switched = events.find((e) => e.type === 'simulated_fault');
    expect(switched?.message.en).toBe('Amina Rahimi started a simulated grid outage of 5 min');
    expect(switched?.message.fr).toContain('coupure réseau simulée de 5 min');

    const end = await server.request('POST', '/api/simulator/faults', {
      token: admin,
      body: { siteId: SITE, fault: 'gridOutage', minutes: 0 },
    });
    expect(end.status).toBe(200);
    expect((await end.json()).until).toBeNull();
    const endedAt = positions.length;
    expect(await settles(() => positions.length > endedAt && positions.at(-1) === 1)).toBe(true);
    expect(
      await settles(() => events.some((e) => e.type === 'simulated_fault' && e.message.en.includes('ended'))),
    ).toBe(true);
  });

  it('refuses operators, and answers 404 for a site it does not simulate or that is decommissioned', async () => {
    const refused = await server.request('POST', '/api/simulator/faults', {
      token: operator,
      body: { siteId: SITE, fault: 'gridOutage', minutes: 5 },
    });
    expect(refused.status).toBe(403);
    const unknown = await server.request('POST', '/api/simulator/faults', {
      token: admin,
      body: { siteId: 'atlantis', fault: 'gridOutage', minutes: 5 },
    });
    expect(unknown.status).toBe(404);
    const decommissioned = await server.request('POST', '/api/sites/es-tarifa/decommission', { token: admin });
    expect(decommissioned.status).toBe(200);
    const gone = await server.request('POST', '/api/simulator/faults', {
      token: admin,
      body: { siteId: 'es-tarifa', fault: 'gridOutage', minutes: 5 },
    });
    expect(gone.status).toBe(404);
    const tooLong = await server.request('POST', '/api/simulator/faults', {
      token: admin,
      body: { siteId: SITE, fault: 'gridOutage', minutes: 5000 },
    });
    expect(tooLong.status).toBe(400);
  });
});

describe('a hub without simulator', () => {
  it('answers 409 to the fault switch', async () => {
    const { server, admin } = await startAsAdmin();
    try {
      const response = await server.request('POST', '/api/simulator/faults', {
        token: admin,
        body: { siteId: SITE, fault: 'gridOutage', minutes: 5 },
      });
      expect(response.status).toBe(409);
      expect((await response.json()).code).toBe('CONFLICT');
    } finally {
      await server.close();
    }
  });
});
