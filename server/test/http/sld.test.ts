// Single-line diagrams over HTTP, on SQLite and on PostgreSQL: every demo site's generated diagram fits its
// devices; publishing, the checks that refuse a diagram (422) or a save over a newer version (409), who may
// read and write, the versions and restoring, the schema's limits, and a deleted site's versions going too.
import type { Diagram } from '@voltscope/shared/sld/model';
import { validateDiagram } from '@voltscope/shared/sld/validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoTokens, newSite, startTestServer, type TestServer } from '../helper.ts';
import { storeCases } from '../stores.ts';

const SITE = 'fr-occitanie';
const OTHER = 'ma-ouarzazate';
const POWER_TYPES = ['meter', 'breaker', 'busbar', 'transformer', 'inverter', 'wind_turbine'];
const ADMIN_NAME = 'Amina Rahimi';

describe.each(storeCases('vs_sld'))('single-line diagrams on $driver', ({ overrides, drop }) => {
  let server: TestServer;
  const tokens: Record<'admin' | 'operator' | 'client', string> = { admin: '', operator: '', client: '' };
  beforeAll(async () => {
    server = await startTestServer(overrides);
    Object.assign(tokens, await demoTokens(server));
  });
  afterAll(async () => {
    await server.close();
    await drop();
  });

  const as = (role: keyof typeof tokens) => ({
    get: (route: string) => server.request('GET', route, { token: tokens[role] }),
    post: (route: string, body?: unknown) => server.request('POST', route, { token: tokens[role], body }),
  });
  const admin = as('admin');
  const publish = (siteId: string, diagram: Diagram, baseVersion: number | null, note?: string) =>
    admin.post(`/api/sites/${siteId}/sld/versions`, { diagram, baseVersion, ...(note === undefined ? {} : { note }) });
  const generated = async (siteId: string): Promise<Diagram> =>
    (await (await admin.get(`/api/sites/${siteId}/sld/generated`)).json()).diagram;
  const versionsOf = async (siteId: string) => (await admin.get(`/api/sites/${siteId}/sld/versions`)).json();

  it('generates for every demo site a diagram that validates and binds each power device exactly once', async () => {
    const sites: { id: string }[] = await (await admin.get('/api/sites')).json();
    expect(sites.length).toBeGreaterThanOrEqual(4);
    let biggest = { id: '', bytes: 0, ms: 0 };
    for (const site of sites) {
      const started = performance.now();
      const response = await admin.get(`/api/sites/${site.id}/sld`);
      const text = await response.text();
      const ms = performance.now() - started;
      expect(response.status).toBe(200);
      const view = JSON.parse(text);
      expect(view).toMatchObject({ siteId: site.id, generated: true, version: null, savedBy: null, note: '' });
      const devices = server.app.services.registry.devicesOfSite(site.id);
      expect(validateDiagram(view.diagram, devices)).toEqual([]);
      const bound = (view.diagram as Diagram).symbols.flatMap((s) => (s.deviceId === null ? [] : [s.deviceId]));
      const power = devices.filter((d) => POWER_TYPES.includes(d.type)).map((d) => d.id);
      expect(power.length).toBeGreaterThan(0);
      expect([...bound].sort()).toEqual([...power].sort());
      if (text.length > biggest.bytes) biggest = { id: site.id, bytes: text.length, ms };
    }
    console.info(`biggest generated diagram: ${biggest.id}, ${biggest.bytes} bytes, ${biggest.ms.toFixed(1)} ms`);
  });

  it('publishes a version that the site then shows, with its author, and records it in the log', async () => {
    const diagram = await generated(SITE);
    diagram.texts.push({ id: 'title', x: 0, y: -4, text: 'Occitanie 20 kV', size: 'large' });
    const first = diagram.symbols[0];
    if (first) first.x += 2;
    const started = performance.now();
    const response = await publish(SITE, diagram, null, '  Title added ');
    const ms = performance.now() - started;
    expect(response.status).toBe(201);
    const saved = await response.json();
    expect(saved).toMatchObject({ siteId: SITE, version: 1, generated: false, note: 'Title added' });
    expect(saved.savedBy.name).toBe(ADMIN_NAME);
    console.info(`publish of ${SITE} (${diagram.symbols.length} symbols): ${ms.toFixed(1)} ms`);

    const shown = await (await as('operator').get(`/api/sites/${SITE}/sld`)).json();
    expect(shown).toMatchObject({ version: 1, generated: false, note: 'Title added', savedBy: { name: ADMIN_NAME } });
    expect(shown.diagram).toEqual(diagram);
    expect(shown.savedAt).toBeGreaterThan(Date.now() - 60_000);

    const log = await (await admin.get(`/api/events?sites=${SITE}&types=diagram_changed`)).json();
    expect(log.items[0].message.en).toBe(`${ADMIN_NAME} published version 1 of the single-line diagram: “Title added”`);
    expect(log.items[0].message.ar).toContain('1');
  });

  it('refuses a broken diagram with its issues (422) and saves nothing', async () => {
    const diagram = await generated(SITE);
    const breaker = diagram.symbols.find((s) => s.kind === 'breaker');
    if (!breaker) throw new Error('no breaker drawn');
    breaker.deviceId = null;
    diagram.symbols.push({ ...diagram.symbols[0], id: diagram.symbols[1]?.id ?? '' } as Diagram['symbols'][number]);
    const response = await publish(SITE, diagram, 1);
    expect(response.status).toBe(422);
    const body = await response.json();
    expect(body.code).toBe('VALIDATION');
    const codes = body.issues.map((i: { code: string }) => i.code);
    expect(codes).toContain('unbound');
    expect(codes).toContain('duplicateId');
    expect(body.message).toContain(`Symbol ${breaker.id} stands for no device`);
    expect((await versionsOf(SITE)).map((v: { version: number }) => v.version)).toEqual([1]);
  });

  it('refuses a save from an older version than the newest (409, naming it and its author)', async () => {
    const response = await publish(SITE, await generated(SITE), null);
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body.code).toBe('CONFLICT');
    expect(body.reason).toEqual({ code: 'diagramChanged', params: { version: 1, by: ADMIN_NAME } });
    expect((await versionsOf(SITE)).length).toBe(1);
  });

  it('gives two saves from the same version one number: one is saved, the other told', async () => {
    const diagram = await generated(OTHER);
    const answers = await Promise.all([publish(OTHER, diagram, null), publish(OTHER, diagram, null)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await versionsOf(OTHER)).map((v: { version: number }) => v.version)).toEqual([1]);
  });

  it('lets only admins publish, and a client read its own site’s diagram and no other', async () => {
    const diagram = await generated(SITE);
    for (const role of ['operator', 'client'] as const) {
      const refused = await as(role).post(`/api/sites/${SITE}/sld/versions`, { diagram, baseVersion: 1 });
      expect(refused.status).toBe(403);
      const restore = await as(role).post(`/api/sites/${SITE}/sld/versions/1/restore`);
      expect(restore.status).toBe(403);
    }
    const client = as('client');
    const own = await client.get(`/api/sites/${SITE}/sld`);
    expect(own.status).toBe(200);
    expect((await own.json()).version).toBe(1);
    for (const route of [
      `/api/sites/${OTHER}/sld`,
      `/api/sites/${OTHER}/sld/versions`,
      `/api/sites/${OTHER}/sld/versions/1`,
    ]) {
      const foreign = await client.get(route);
      expect(foreign.status).toBe(404);
      expect(await foreign.text()).not.toContain('symbols');
    }
    expect((await as('operator').get(`/api/sites/${OTHER}/sld/versions`)).status).toBe(200);
    expect((await admin.get('/api/sites/atlantis/sld')).status).toBe(404);
    expect((await admin.get(`/api/sites/${SITE}/sld/versions/99`)).status).toBe(404);
  });

  it('lists versions newest first, and restores an old one as a new version with its content', async () => {
    const v1 = (await (await admin.get(`/api/sites/${SITE}/sld/versions/1`)).json()).diagram as Diagram;
    const v2 = structuredClone(v1);
    v2.texts = [];
    expect((await publish(SITE, v2, 1, 'No title')).status).toBe(201);
    const listed = await versionsOf(SITE);
    expect(listed.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(listed[0]).toMatchObject({ note: 'No title', restoredFrom: null, symbols: v2.symbols.length });
    expect(listed[0].savedBy.name).toBe(ADMIN_NAME);
    expect(listed[0]).not.toHaveProperty('diagram');

    const restored = await admin.post(`/api/sites/${SITE}/sld/versions/1/restore`);
    expect(restored.status).toBe(201);
    expect(await restored.json()).toMatchObject({ version: 3, generated: false });
    const shown = await (await admin.get(`/api/sites/${SITE}/sld`)).json();
    expect(shown.version).toBe(3);
    expect(shown.diagram).toEqual(v1);
    const again = await versionsOf(SITE);
    expect(again.map((v: { version: number; restoredFrom: number | null }) => [v.version, v.restoredFrom])).toEqual([
      [3, 1],
      [2, null],
      [1, null],
    ]);
    const log = await (await admin.get(`/api/events?sites=${SITE}&types=diagram_changed`)).json();
    expect(log.items.map((e: { message: { en: string } }) => e.message.en)).toContain(
      `${ADMIN_NAME} restored version 1 of the single-line diagram as version 3`,
    );
  });

  it('refuses a restore that no longer fits the site’s devices (422)', async () => {
    const diagram = await generated(OTHER);
    const inverter = diagram.symbols.find((s) => s.kind === 'inverter' || s.kind === 'turbine');
    if (!inverter?.deviceId) throw new Error('no generator drawn');
    const head = (await versionsOf(OTHER))[0].version;
    expect((await publish(OTHER, diagram, head)).status).toBe(201);
    expect((await admin.post(`/api/devices/${inverter.deviceId}/decommission`)).status).toBe(200);
    const response = await admin.post(`/api/sites/${OTHER}/sld/versions/${head + 1}/restore`);
    expect(response.status).toBe(422);
    expect((await response.json()).issues).toContainEqual({
      code: 'unknownDevice',
      params: { symbol: inverter.id, device: inverter.deviceId },
    });
    expect((await versionsOf(OTHER)).length).toBe(head + 1);
    expect((await admin.post(`/api/devices/${inverter.deviceId}/restore`)).status).toBe(200);
  });

  it('answers 400 to a diagram past the schema’s limits', async () => {
    const diagram = await generated(SITE);
    const symbol = diagram.symbols[0] as Diagram['symbols'][number];
    const cases: unknown[] = [
      { ...diagram, symbols: Array.from({ length: 3001 }, (_, i) => ({ ...symbol, id: `s${i}` })) },
      { ...diagram, symbols: [{ ...symbol, label: 'x'.repeat(81) }] },
      { ...diagram, symbols: [{ ...symbol, x: 20_001 }] },
      { ...diagram, symbols: [{ ...symbol, rotation: 45 }] },
      { ...diagram, schema: 2 },
      { ...diagram, symbols: [{ ...symbol, show: ['a', 'b', 'c', 'd', 'e'] }] },
      { ...diagram, texts: [{ id: 't', x: 0, y: 0, text: 'x'.repeat(201), size: 'normal' }] },
    ];
    for (const bad of cases) {
      const response = await admin.post(`/api/sites/${SITE}/sld/versions`, { diagram: bad, baseVersion: 3 });
      expect(response.status).toBe(400);
    }
    const longNote = await admin.post(`/api/sites/${SITE}/sld/versions`, {
      diagram,
      baseVersion: 3,
      note: 'n'.repeat(501),
    });
    expect(longNote.status).toBe(400);
    expect((await versionsOf(SITE)).length).toBe(3);
  });

  it('accepts a diagram far bigger than the hub’s usual 64 KiB body', async () => {
    const diagram = await generated(SITE);
    for (let i = 0; i < 450; i++)
      diagram.texts.push({ id: `t${i}`, x: i, y: 90, text: 'w'.repeat(200), size: 'small' });
    expect(JSON.stringify(diagram).length).toBeGreaterThan(100_000);
    const started = performance.now();
    const response = await publish(SITE, diagram, 3);
    const ms = performance.now() - started;
    expect(response.status).toBe(201);
    console.info(`publish of ${JSON.stringify(diagram).length} bytes: ${ms.toFixed(1)} ms`);
    expect((await response.json()).version).toBe(4);
  });

  it('hides a decommissioned site’s diagram (404) and deletes its versions with the site', async () => {
    const site = newSite();
    expect((await admin.post('/api/sites', site)).status).toBe(201);
    const empty = await generated(site.id);
    expect(empty.symbols).toEqual([]);
    empty.texts.push({ id: 'note', x: 0, y: 0, text: 'To be built', size: 'normal' });
    expect((await publish(site.id, empty, null)).status).toBe(201);
    expect((await admin.post(`/api/sites/${site.id}/decommission`)).status).toBe(200);
    expect((await admin.get(`/api/sites/${site.id}/sld`)).status).toBe(404);
    expect((await admin.get(`/api/sites/${site.id}/sld/versions`)).status).toBe(404);
    expect((await server.request('DELETE', `/api/sites/${site.id}`, { token: tokens.admin })).status).toBe(204);
    expect((await admin.post('/api/sites', site)).status).toBe(201);
    const fresh = await (await admin.get(`/api/sites/${site.id}/sld`)).json();
    expect(fresh).toMatchObject({ generated: true, version: null });
    expect(await versionsOf(site.id)).toEqual([]);
  });
});
