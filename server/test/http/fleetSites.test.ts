// The admins' sites over HTTP: made, edited, decommissioned (gone from every live page and count, back on
// restore), deleted only once nothing hangs on them; each write checked with the seed's rules (English
// message and reason code), recorded in the event log, refused to operators and clients. The CRUD runs
// on SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { alarmTools } from '../alarms/tools.ts';
import { DEMO_INGEST_KEY, demo, newSite, nextEvent } from '../helper.ts';
import { hubForTests } from '../hub.ts';
import { storeCases } from '../stores.ts';

describe.each(storeCases('vs_fleet_sites'))('sites CRUD on $driver', ({ overrides, drop }) => {
  const hub = hubForTests({ overrides, drop, signIn: ['admin'] });
  const call = (method: string, route: string, body?: unknown) =>
    hub.server.request(method, route, { token: hub.tokens.admin, ...(body === undefined ? {} : { body }) });

  it('makes a site, edits it, decommissions and restores it, and deletes it, each recorded', async () => {
    const created = await call('POST', '/api/sites', newSite());
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({
      id: 'de-lausitz',
      country: 'DE',
      gridLimitKw: 10_000,
      deviceCount: 0,
      decommissionedAt: null,
    });
    const listed = await (await call('GET', '/api/admin/sites')).json();
    expect(listed.map((s: { id: string }) => s.id)).toContain('de-lausitz');
    expect(listed.find((s: { id: string }) => s.id === 'fr-occitanie').deviceCount).toBeGreaterThan(50);

    const edited = await call('PATCH', '/api/sites/de-lausitz', { name: 'Lausitz PV', gridLimitKw: null });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ name: 'Lausitz PV', gridLimitKw: null, capacityKw: 12_000 });

    expect((await (await call('POST', '/api/sites/de-lausitz/decommission')).json()).decommissionedAt).toBeGreaterThan(
      0,
    );
    expect((await call('GET', '/api/sites/de-lausitz')).status).toBe(404);
    expect((await (await call('POST', '/api/sites/de-lausitz/restore')).json()).decommissionedAt).toBeNull();
    expect((await call('GET', '/api/sites/de-lausitz')).status).toBe(200);

    const messages = async () =>
      (await (await call('GET', '/api/events?types=site_changed&sort=ts&order=asc')).json()).items.map(
        (e: { siteId: string | null; message: { en: string; fr: string } }) => [e.siteId, e.message.en, e.message.fr],
      );
    expect(await messages()).toEqual([
      ['de-lausitz', 'Amina Rahimi added the site “Lausitz Solar”', 'Amina Rahimi a ajouté le site « Lausitz Solar »'],
      [
        'de-lausitz',
        'Amina Rahimi changed the site “Lausitz PV” (name, gridLimitKw)',
        'Amina Rahimi a modifié le site « Lausitz PV » (name, gridLimitKw)',
      ],
      [
        'de-lausitz',
        'Amina Rahimi decommissioned the site “Lausitz PV”',
        'Amina Rahimi a mis hors service le site « Lausitz PV »',
      ],
      [
        'de-lausitz',
        'Amina Rahimi put the site “Lausitz PV” back in service',
        'Amina Rahimi a remis en service le site « Lausitz PV »',
      ],
    ]);

    expect((await call('DELETE', '/api/sites/de-lausitz')).status).toBe(204);
    expect((await call('PATCH', '/api/sites/de-lausitz', { name: 'x' })).status).toBe(404);
    // Its log went with it; its deletion is told fleet-wide.
    expect(await messages()).toEqual([
      [
        null,
        'Amina Rahimi deleted the site “Lausitz PV” (de-lausitz)',
        'Amina Rahimi a supprimé le site « Lausitz PV » (de-lausitz)',
      ],
    ]);
  });
});

describe('sites on SQLite', () => {
  const hub = hubForTests({ signIn: ['admin', 'operator', 'client'] });
  const call = (method: string, route: string, body?: unknown, token = hub.tokens.admin) =>
    hub.server.request(method, route, { token, ...(body === undefined ? {} : { body }) });

  /** The refusal of a site body: status, the English message, and the field's reason code. */
  async function refused(method: string, route: string, body: unknown) {
    const response = await call(method, route, body);
    const json = await response.json();
    return { status: response.status, message: json.message, fields: json.fields, errors: json.errors };
  }

  it.each([
    ['required', { name: '  ' }, 'name', 'This field is required.'],
    ['between', { latitude: 95 }, 'latitude', 'The value must be between -90 and 90.'],
    ['between', { capacityKw: 0 }, 'capacityKw', 'The value must be between 0.1 and 5000000.'],
    ['regex', { timeZone: 'Europe Paris' }, 'timeZone', 'The format of the field is invalid.'],
    ['alpha', { country: 'F1' }, 'country', 'The field may only contain alphabetic characters.'],
    ['length', { country: 'FRA' }, 'country', 'The length of the field must be 2 characters.'],
    ['alphaDash', { id: 'de lausitz' }, 'id', 'The field may only contain letters, numbers, dashes, and underscores.'],
    ['notOneOf', { kind: 'nuclear' }, 'kind', 'Unknown kind of site “nuclear”: one of solar, wind, hybrid'],
    ['regex', { timeZone: 'Mars/Olympus_Mons' }, 'timeZone', 'Unknown time zone “Mars/Olympus_Mons”'],
  ])('refuses a new site breaking %s (%j) with its message, and writes nothing', async (code, over, field, message) => {
    const answer = await refused('POST', '/api/sites', newSite({ id: 'xx-refused', ...over }));
    expect(answer).toMatchObject({ status: 400, message, errors: { [field]: [message] } });
    expect(answer.fields[field].code).toBe(code);
    expect((await call('GET', '/api/admin/sites')).ok).toBe(true);
    const ids = (await (await call('GET', '/api/admin/sites')).json()).map((s: { id: string }) => s.id);
    expect(ids).not.toContain('xx-refused');
  });

  it('refuses a second site with the same id (409), and an edit of its id or kind (400)', async () => {
    const again = await refused('POST', '/api/sites', newSite({ id: 'fr-occitanie' }));
    expect(again).toMatchObject({ status: 409, message: 'A site with id fr-occitanie already exists' });
    const kind = await refused('PATCH', '/api/sites/fr-occitanie', { kind: 'wind' });
    expect(kind).toMatchObject({ status: 400, message: "A site's kind cannot change (it is solar)" });
    const id = await refused('PATCH', '/api/sites/fr-occitanie', { id: 'fr-other' });
    expect(id.status).toBe(400);
  });

  it('checks only the fields an edit sends', async () => {
    const ok = await call('PATCH', '/api/sites/ir-yazd', { capacityKw: 40_000, country: 'ir' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ id: 'ir-yazd', capacityKw: 40_000, country: 'IR', kind: 'solar' });
    const wrong = await refused('PATCH', '/api/sites/ir-yazd', { longitude: 181 });
    expect(wrong).toMatchObject({ status: 400, message: 'The value must be between -180 and 180.' });
    expect(wrong.fields.longitude.code).toBe('between');
  });

  it('refuses every site write to an operator and a client (403), and the admin list too', async () => {
    for (const who of ['operator', 'client'] as const) {
      const token = hub.tokens[who];
      const writes: [string, string, unknown?][] = [
        ['POST', '/api/sites', newSite({ id: 'nope' })],
        ['PATCH', '/api/sites/fr-occitanie', { name: 'Mine' }],
        ['POST', '/api/sites/fr-occitanie/decommission'],
        ['POST', '/api/sites/fr-occitanie/restore'],
        ['DELETE', '/api/sites/fr-occitanie'],
        ['GET', '/api/admin/sites'],
      ];
      for (const [method, route, body] of writes) {
        expect((await call(method, route, body, token)).status, `${who} ${method} ${route}`).toBe(403);
      }
    }
    expect((await (await call('GET', '/api/sites/fr-occitanie')).json()).name).toBe('Occitanie Solar');
  });

  it('refuses to delete a site with devices, or one a wall display shows, saying why', async () => {
    const withDevices = await refused('DELETE', '/api/sites/fr-occitanie', undefined);
    expect(withDevices.status).toBe(409);
    expect(withDevices.message).toMatch(/^The site fr-occitanie still has \d+ device\(s\): delete them first/);

    expect((await call('POST', '/api/sites', newSite({ id: 'shown' }))).status).toBe(201);
    const display = await call('POST', '/api/displays', {
      name: 'Lobby',
      siteIds: ['shown'],
      playlist: [{ page: 'overview-fleet', siteId: null, dwellSeconds: 30, language: null, theme: null }],
      language: 'en',
      theme: 'dark',
      sound: false,
    });
    expect(display.status).toBe(201);
    const shown = await refused('DELETE', '/api/sites/shown', undefined);
    expect(shown).toMatchObject({
      status: 409,
      message: 'The wall display “Lobby” shows the site shown: take it off the display first',
    });
  });

  it('hides a decommissioned site from the sites, the fleet KPIs and the search, and brings it back on restore', async () => {
    const token = hub.tokens.client;
    const visible = async () => ({
      sites: (await (await call('GET', '/api/sites', undefined, token)).json()).map((s: { id: string }) => s.id),
      kpis: (await (await call('GET', '/api/kpis/fleet', undefined, token)).json()).sites.map(
        (s: { siteId: string }) => s.siteId,
      ),
      search: JSON.stringify(
        await (await call('GET', '/api/app-bar/search?q=tarifa&lang=en', undefined, token)).json(),
      ),
      devices: (await call('GET', '/api/sites/es-tarifa/devices', undefined, token)).status,
    });
    const before = await visible();
    expect(before.sites).toContain('es-tarifa');
    expect(before.kpis).toContain('es-tarifa');
    expect(before.search).toContain('Tarifa Wind');
    expect(before.devices).toBe(200);

    // A client following the site live is moved out of its room at once, and told.
    const socket = hub.server.connect(token);
    await nextEvent(socket, 'connect');
    const ack = await socket.timeout(5000).emitWithAck('live:subscribe', { sites: [{ id: 'es-tarifa' }] });
    expect('data' in ack && ack.data.granted.map((g: { siteId: string }) => g.siteId)).toEqual(['es-tarifa']);
    const revoked = nextEvent(socket, 'live:revoked');

    expect((await call('POST', '/api/sites/es-tarifa/decommission')).status).toBe(200);
    expect(await revoked).toEqual({ sites: ['es-tarifa'] });
    expect(hub.server.app.services.io.sockets.adapter.rooms.get('site:es-tarifa')?.size ?? 0).toBe(0);
    const gone = await visible();
    expect(gone.sites).not.toContain('es-tarifa');
    expect(gone.kpis).not.toContain('es-tarifa');
    expect(gone.search).not.toContain('Tarifa');
    expect(gone.devices).toBe(404);
    expect(hub.server.app.services.registry.devicesOfSite('es-tarifa')).toHaveLength(0);
    // The admins still see it, marked, with its devices.
    const managed = (await (await call('GET', '/api/admin/sites')).json()).find(
      (s: { id: string }) => s.id === 'es-tarifa',
    );
    expect(managed.decommissionedAt).toBeGreaterThan(0);
    expect(managed.deviceCount).toBeGreaterThan(10);

    // An admin may still name it among a user's sites (the client keeps it for when it comes back).
    const client = await hub.server.app.services.db.get<{ id: number }>('SELECT id FROM users WHERE username = ?', [
      'client',
    ]);
    const kept = await call('PUT', `/api/users/${client?.id}/sites`, { siteIds: ['fr-occitanie', 'es-tarifa'] });
    expect(kept.status).toBe(200);

    expect((await call('POST', '/api/sites/es-tarifa/restore')).status).toBe(200);
    expect(await visible()).toEqual(before);
  });

  it('lets a client read its sites only', async () => {
    expect(demo.client.email).toBe('client@voltscope.io');
    expect((await call('GET', '/api/sites/ma-ouarzazate/devices', undefined, hub.tokens.client)).status).toBe(404);
    expect((await call('GET', '/api/sites/fr-occitanie/devices', undefined, hub.tokens.client)).status).toBe(200);
  });
});

describe('a decommissioned site’s alarms and history', () => {
  const hub = hubForTests({ signIn: ['admin'] });
  const call = (method: string, route: string) => hub.server.request(method, route, { token: hub.tokens.admin });

  it('retires its open alarms, keeps its history, and shows both again on restore', async () => {
    const turbine = 'es-tarifa.wtg04';
    const power = hub.server.app.services.registry.seriesIdByKey(`${turbine}/active_power`) as number;
    const t0 = Date.now() - 5_000;
    await hub.server.ingest([
      { series: power, ts: t0, value: 1234 },
      { series: `${turbine}/fault_code`, ts: t0 + 1000, value: 303 },
    ]);
    const raised = await alarmTools(() => hub.server).alarmOf(hub.tokens.admin, turbine);
    expect(raised.value).toBe(303);

    expect((await call('POST', '/api/sites/es-tarifa/decommission')).status).toBe(200);
    const open = await (await call('GET', '/api/alarms/active')).json();
    expect(open.filter((a: { siteId: string }) => a.siteId === 'es-tarifa')).toEqual([]);
    // Its series are no longer taken in.
    const late = await hub.server.request('POST', '/api/ingest', {
      body: { samples: [{ series: power, ts: Date.now(), value: 1 }] },
      headers: { 'x-ingest-key': DEMO_INGEST_KEY },
    });
    expect((await late.json()).rejected).toHaveLength(1);

    expect((await call('POST', '/api/sites/es-tarifa/restore')).status).toBe(200);
    const history = await (
      await call('GET', `/api/series/history?ids=${power}&from=${t0 - 60_000}&to=${t0 + 60_000}`)
    ).json();
    expect(history.series[0].max.filter((v: number | null) => v !== null)).toEqual([1234]);
    const detail = await (await call('GET', `/api/alarms/${raised.id}`)).json();
    expect(detail.alarm.state).toBe('closed');
  });
});
