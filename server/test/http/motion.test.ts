// Motion trace end to end: a demo site's generated plan with its cameras, sensors and doors placed; a
// client's 404 for a site not theirs (plan, picture, tracks); the upload's checks (type, size, an SVG only
// ever served sandboxed); operators refused; a simulated track driving its motion sensor's series, pushed
// live to a follower, stored for the period, and linked to the alarm its motion raised. SQLite and PostgreSQL.
import type { SitePlan, Track } from '@voltscope/shared/contracts/motion';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPlants } from '../../src/demo/fleet.ts';
import { FleetSimulator } from '../../src/simulator/simulator.ts';
import { listSites } from '../../src/store/sites.ts';
import { demo, nextEvent, startTestServer, type TestServer } from '../helper.ts';
import { storeCases } from '../stores.ts';

const SITE = 'fr-occitanie';
const OTHERS = 'ir-yazd';

const until = async (check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  return check();
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><script>alert(1)</script><rect width="10" height="10"/></svg>';

describe.each(storeCases('vs_motion'))('motion trace on $driver', ({ overrides, drop }) => {
  let server: TestServer;
  const tokens = { admin: '', operator: '', client: '' };
  beforeAll(async () => {
    server = await startTestServer(overrides);
    for (const who of ['admin', 'operator', 'client'] as const) {
      tokens[who] = (await server.login(demo[who].email, demo[who].password)).accessToken;
    }
  }, 30_000);
  afterAll(async () => {
    await server.close();
    await drop();
  }, 30_000);

  const get = (path: string, token = tokens.admin) => server.request('GET', path, { token });
  const upload = (body: unknown, token = tokens.admin) =>
    server.request('PUT', `/api/sites/${SITE}/plan/image`, { token, body });

  it('draws a generated plan for a demo site, with its cameras, motion sensors and doors placed inside it', async () => {
    const response = await get(`/api/sites/${SITE}/plan`, tokens.client);
    expect(response.status).toBe(200);
    const plan: SitePlan = await response.json();
    expect(plan.generated).toBe(true);
    const types = plan.devices.map((d) => d.type).sort();
    expect(types).toEqual(['camera', 'camera', 'door_reader', 'door_reader', 'motion_sensor', 'motion_sensor']);
    for (const d of plan.devices) {
      expect(d.x).toBeGreaterThan(0);
      expect(d.x).toBeLessThan(plan.width);
      expect(d.y).toBeLessThanOrEqual(plan.height);
    }
    expect(plan.devices.filter((d) => d.type === 'camera').every((d) => d.heading !== null)).toBe(true);
    expect(plan.zones.map((z) => z.name)).toEqual(['North fence', 'Gate', 'Inverter yard']);
    const image = await get(`${plan.imageUrl}?theme=dark`, tokens.client);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    const svg = await image.text();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toContain('<script');
  });

  it('answers 404 to a client for a site not theirs: plan, picture and tracks', async () => {
    const now = Date.now();
    for (const path of [
      `/api/sites/${OTHERS}/plan`,
      `/api/sites/${OTHERS}/plan/image`,
      `/api/sites/${OTHERS}/motion/tracks?from=${now - 3_600_000}&to=${now}`,
      '/api/sites/nowhere/plan',
    ]) {
      expect((await get(path, tokens.client)).status, path).toBe(404);
    }
    const socket = server.connect(tokens.client);
    await nextEvent(socket, 'connect');
    const ack = await socket.timeout(5000).emitWithAck('motion:subscribe', { sites: [OTHERS, SITE] });
    expect(ack).toEqual({
      data: { granted: [SITE], refused: [{ siteId: OTHERS, code: 'NOT_FOUND', reason: 'no such site' }] },
    });
    socket.disconnect();
  });

  it('checks an upload: its type, its size, and serves an SVG only sandboxed; operators may not upload', async () => {
    const png = { contentType: 'image/png', data: PNG.toString('base64'), width: 300, height: 200 };
    expect((await upload(png, tokens.operator)).status).toBe(403);
    expect((await upload(png, tokens.client)).status).toBe(403);

    const gif = await upload({ ...png, contentType: 'image/gif' });
    expect(gif.status).toBe(400);
    expect(await gif.json()).toMatchObject({
      message: 'The plan must be a PNG, JPEG or SVG image',
      reason: { code: 'planImageType' },
    });
    const lying = await upload({ ...png, contentType: 'image/jpeg' });
    expect(lying.status).toBe(400);
    expect((await lying.json()).message).toBe('The file is not a image/jpeg image');

    const big = Buffer.alloc(2 * 1024 * 1024 + 10);
    PNG.copy(big);
    const tooLarge = await upload({ ...png, data: big.toString('base64') });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ message: 'The plan image is larger than 2 MB' });
    const farTooLarge = await upload({ ...png, data: Buffer.alloc(4 * 1024 * 1024).toString('base64') });
    expect(farTooLarge.status).toBe(413);

    const svg = await upload({
      contentType: 'image/svg+xml',
      data: Buffer.from(SVG).toString('base64'),
      width: 300,
      height: 200,
    });
    expect(svg.status).toBe(200);
    const plan: SitePlan = await svg.json();
    expect(plan).toMatchObject({ generated: false, width: 300, height: 200, imageType: 'image/svg+xml' });
    const served = await get(plan.imageUrl, tokens.client);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toMatch(/^sandbox/);
    expect(await served.text()).toBe(SVG);

    // Placements and zones, then back to the generated plan.
    const cam = plan.devices.find((d) => d.type === 'camera') as SitePlan['devices'][number];
    const layout = await server.request('PUT', `/api/sites/${SITE}/plan/layout`, {
      token: tokens.admin,
      body: {
        devices: [{ deviceId: cam.deviceId, x: 120, y: 80, heading: 90 }],
        zones: [
          {
            id: 'z1',
            name: 'Car park',
            points: [
              [10, 10],
              [60, 10],
              [60, 50],
            ],
          },
        ],
      },
    });
    expect(layout.status).toBe(200);
    const placed: SitePlan = await layout.json();
    expect(placed.devices.find((d) => d.deviceId === cam.deviceId)).toMatchObject({ x: 120, y: 80, heading: 90 });
    expect(placed.zones.map((z) => z.name)).toEqual(['Car park']);
    const stranger = await server.request('PUT', `/api/sites/${SITE}/plan/layout`, {
      token: tokens.admin,
      body: { devices: [{ deviceId: `${OTHERS}.cam1`, x: 1, y: 1, heading: null }], zones: [] },
    });
    expect(stranger.status).toBe(400);
    const reset = await server.request('DELETE', `/api/sites/${SITE}/plan`, { token: tokens.admin });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ generated: true, width: 400 });
    expect((await server.request('DELETE', `/api/sites/${SITE}/plan`, { token: tokens.operator })).status).toBe(403);
  });

  it('moves a simulated track: its sensor reads motion, a follower gets its points, the period lists it with its alarm', async () => {
    const socket = server.connect(tokens.operator);
    await nextEvent(socket, 'connect');
    const ack = await socket.timeout(5000).emitWithAck('motion:subscribe', { sites: [SITE] });
    expect(ack).toMatchObject({ data: { granted: [SITE] } });
    const received: { track: Omit<Track, 'points'>; points: Track['points'] }[] = [];
    socket.on('motion:track', (message) => received.push(message));

    // The fleet simulator with the hub's motion, stepped by hand over the last minutes (as fast as the
    // ingest takes it); only the site's security series go to the ingest, to keep it light.
    const { motion, registry, latest, ingest } = server.app.services;
    const fleet = new FleetSimulator(registry, await listSites(server.app.services.db), demoPlants, {
      seed: 3,
      warp: 1,
      faults: { scale: 0 },
      motion: motion.simulation,
    });
    const security = new Set(
      registry
        .devicesOfSite(SITE)
        .filter((d) => d.type === 'motion_sensor')
        .flatMap((d) => registry.seriesOfDevice(d.id).map((s) => s.id)),
    );
    const pir = registry.seriesIdByKey(`${SITE}.pir1/motion`) as number;
    // A walk takes up to ten minutes.
    const start = Date.now() - 900_000;
    motion.simulation.start(SITE, 'fence');
    let sawMotion = false;
    let samples: { series: number; ts: number; value: number }[] = [];
    for (let t = start; t < Date.now() - 1000; t += 1000) {
      const all = fleet.step(t, 1);
      all.series.forEach((id, i) => {
        if (security.has(id)) samples.push({ series: id, ts: all.ts[i] as number, value: all.values[i] as number });
      });
      if (samples.length < 40) continue;
      await ingest.accept({
        series: Int32Array.from(samples, (x) => x.series),
        ts: Float64Array.from(samples, (x) => x.ts),
        values: Float64Array.from(samples, (x) => x.value),
      });
      samples = [];
      // The walk passes the north fence's sensor: its series reads 1 while the person is in its range.
      if (latest.get(pir)?.value === 1) sawMotion = true;
    }
    expect(sawMotion).toBe(true);

    // Pushed: the track's points, the sensor that saw it among them, in messages at most one a second.
    expect(await until(() => received.some((m) => m.track.endedAt !== null))).toBe(true);
    const fence = received.filter((m) => m.track.id.includes('fence'));
    expect(fence[0]?.track).toMatchObject({ siteId: SITE, kind: 'person', zone: 'north-fence' });
    expect(fence.some((m) => m.points.some((p) => p.sensorId === `${SITE}.pir1`))).toBe(true);
    const id = fence[0]?.track.id as string;

    // Stored: the period's tracks have it, with its points and the alarm its motion raised.
    let track: Track | undefined;
    const linked = await until(async () => {
      const reply = await get(`/api/sites/${SITE}/motion/tracks?from=${start}&to=${Date.now()}`, tokens.client);
      track = ((await reply.json()) as { tracks: Track[] }).tracks.find((t) => t.id === id);
      return track !== undefined && track.alarmId !== null && track.endedAt !== null;
    });
    expect(linked).toBe(true);
    expect(track?.points.length).toBeGreaterThan(20);
    expect(track?.points.some((p) => p.cameraId !== null)).toBe(true);
    const alarm = await get(`/api/alarms/${track?.alarmId}`, tokens.operator);
    expect(alarm.status).toBe(200);
    expect(await alarm.json()).toMatchObject({ alarm: { deviceId: `${SITE}.pir1`, siteId: SITE } });
    socket.disconnect();
  }, 60_000);

  it('refuses a period backwards or longer than 31 days', async () => {
    const now = Date.now();
    expect((await get(`/api/sites/${SITE}/motion/tracks?from=${now}&to=${now - 1}`)).status).toBe(400);
    expect((await get(`/api/sites/${SITE}/motion/tracks?from=${now - 40 * 86_400_000}&to=${now}`)).status).toBe(400);
  });
});
