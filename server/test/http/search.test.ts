import { searchCategoryKeys } from '@voltscope/shared/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.ts';
import { upsertSite } from '../../src/store/sites.ts';
import { createUser, upsertRole } from '../../src/store/users.ts';
import { demo, startTestServer, type TestServer } from '../helper.ts';

let server: TestServer;
const tokens = { admin: '', client: '', siteReader: '', nobody: '' };

interface Category {
  title: string;
  category: string;
  children: { id: string; title: string; icon: string; url?: string; device?: { id: string; type: string } }[];
}

const search = async (token: string, query = '', headers: Record<string, string> = {}) => {
  const response = await server.request('GET', `/api/app-bar/search${query}`, { token, headers });
  expect(response.status).toBe(200);
  return (await response.json()) as Category[];
};

const titles = (categories: Category[], key: string) =>
  categories.find((c) => c.category === key)?.children.map((child) => child.title) ?? [];

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.app.services;
  // Two more roles than the demo has: one that reads sites only, one with no permission at all.
  await upsertRole(db, 'site-reader', [{ action: 'read', subject: 'Site' }], 'reads sites');
  await upsertRole(db, 'nobody', [], 'no permission');
  const passwordHash = await hashPassword('Reader#2026', 10);
  await createUser(db, { fullName: 'R', username: 'reader', email: 'reader@x.io', passwordHash, role: 'site-reader' });
  await createUser(db, { fullName: 'N', username: 'nobody', email: 'nobody@x.io', passwordHash, role: 'nobody' });
  tokens.admin = (await server.login(demo.admin.email, demo.admin.password)).accessToken;
  tokens.client = (await server.login(demo.client.email, demo.client.password)).accessToken;
  tokens.siteReader = (await server.login('reader', 'Reader#2026')).accessToken;
  tokens.nobody = (await server.login('nobody', 'Reader#2026')).accessToken;
});
afterAll(() => server.close());

describe('GET /api/app-bar/search', () => {
  it('matches everything for an empty q, category by category in the seed order', async () => {
    const all = await search(tokens.admin, '?lang=en');
    expect(all.map((c) => c.category)).toEqual(searchCategoryKeys);
    // At most five a category (seed section 9).
    expect(titles(all, 'dashboards')).toEqual([
      'Solar dashboard',
      'Real-time power',
      'Real-time PV',
      'Solar comparison',
      'Solar overview',
    ]);
    expect(titles(all, 'sites').sort()).toEqual(['Occitanie Solar', 'Ouarzazate PV', 'Tarifa Wind', 'Yazd Solar']);
    expect(all.find((c) => c.category === 'sites')?.children).toContainEqual({
      id: 'site:es-tarifa',
      title: 'Tarifa Wind',
      icon: 'site-wind',
      url: '/dashboards/solar#site-es-tarifa',
    });
    expect(all.find((c) => c.category === 'dashboards')?.title).toBe('Dashboards');
  });

  it('keeps the children whose title contains q, in any letter case, and drops empty categories', async () => {
    const found = await search(tokens.admin, '?lang=en&q=SOLAR');
    expect(found.map((c) => c.category)).toEqual(['dashboards', 'sites', 'devices']);
    expect(titles(found, 'sites').sort()).toEqual(['Occitanie Solar', 'Yazd Solar']);
    expect(await search(tokens.admin, '?lang=en&q=password')).toEqual([
      {
        title: 'Forms & tables',
        category: 'formsTables',
        children: [
          {
            id: 'page:/pages/account-settings/security#password',
            title: 'Change password',
            icon: 'lock',
            url: '/pages/account-settings/security#password',
          },
        ],
      },
    ]);
  });

  it('returns at most 5 children per category', async () => {
    const { db } = server.app.services;
    for (let n = 1; n <= 6; n++) {
      await upsertSite(db, {
        id: `xx-extra-${n}`,
        name: `Extra Solar ${n}`,
        kind: 'solar',
        latitude: 0,
        longitude: 0,
        timeZone: 'UTC',
        capacityKw: 100,
        country: 'FR',
      });
    }
    const found = await search(tokens.admin, '?lang=en&q=solar');
    expect(titles(found, 'sites')).toHaveLength(5);
    expect((await search(tokens.admin, '?lang=en&q=extra solar 6')).flatMap((c) => c.children)).toHaveLength(1);
  });

  it('searches and answers in the language of `lang`, else of Accept-Language, else English', async () => {
    expect(titles(await search(tokens.admin, '?lang=fa&q=داشبورد'), 'dashboards')).toEqual(['داشبورد خورشیدی']);
    const french = await search(tokens.admin, '?q=tableau', { 'accept-language': 'de-DE, fr-CA;q=0.9, en;q=0.5' });
    expect(french.map((c) => c.title)).toEqual(['Tableaux de bord']);
    expect(titles(french, 'dashboards')).toEqual(['Tableau de bord solaire']);
    expect(titles(await search(tokens.admin, '?q=لوحة', { 'accept-language': 'ar' }), 'dashboards')).toEqual([
      'لوحة المعلومات الشمسية',
    ]);
    expect(titles(await search(tokens.admin, '?lang=xx&q=dash', { 'accept-language': 'de' }), 'dashboards')).toEqual([
      'Solar dashboard',
    ]);
    // English words are not found in a Persian catalogue.
    expect(await search(tokens.admin, '?lang=fa&q=dashboard')).toEqual([]);
  });
});

describe('device search', () => {
  it('finds a device by its name or its site’s, and names the device itself for the client to open', async () => {
    const found = await search(tokens.admin, '?lang=en&q=inverter 07 · yazd');
    expect(found.find((c) => c.category === 'devices')?.children).toEqual([
      {
        id: 'device:ir-yazd.inv07',
        title: 'Inverter 07 · Yazd Solar',
        icon: 'device',
        device: { id: 'ir-yazd.inv07', type: 'inverter' },
      },
    ]);
    const turbine = await search(tokens.admin, '?lang=en&q=WTG 03');
    expect(turbine.find((c) => c.category === 'devices')?.children[0]?.device).toEqual({
      id: 'es-tarifa.wtg03',
      type: 'wind_turbine',
    });
  });

  it('gives every result an id of its own, though devices of a site share their site', async () => {
    for (const q of ['', 'i', 'inv', 'occitanie', 'solar']) {
      const children = (await search(tokens.admin, `?lang=en&q=${q}`)).flatMap((c) => c.children);
      expect(new Set(children.map((child) => child.id)).size, q).toBe(children.length);
    }
  });

  it("finds only a client's own sites' devices, and none for a role that may not read devices", async () => {
    expect(titles(await search(tokens.client, '?lang=en&q=inverter 07'), 'devices')).toEqual([
      'Inverter 07 · Occitanie Solar',
    ]);
    expect(titles(await search(tokens.siteReader, '?lang=en&q=inverter'), 'devices')).toEqual([]);
  });
});

describe('search and permissions', () => {
  it("finds only a client's own sites", async () => {
    const found = await search(tokens.client, '?lang=en');
    expect(titles(found, 'sites').sort()).toEqual(['Occitanie Solar', 'Tarifa Wind']);
    expect(await search(tokens.client, '?lang=en&q=yazd')).toEqual([]);
  });

  it('leaves out the pages the user may not open', async () => {
    const reader = await search(tokens.siteReader, '?lang=en');
    expect(titles(reader, 'appsPages')).not.toContain('Access control');
    expect(titles(reader, 'dashboards')).toEqual([
      'Solar dashboard',
      'Real-time power',
      'Real-time PV',
      'Solar comparison',
      'Solar overview',
    ]);
    expect(titles(reader, 'formsTables')).not.toContain('Alarm history');

    const nobody = await search(tokens.nobody, '?lang=en');
    expect(nobody.map((c) => c.category)).toEqual(['appsPages', 'userInterface', 'formsTables']);
    expect(titles(nobody, 'appsPages')).toEqual(['User profile', 'Account settings', 'Active sessions']);
  });

  it('answers 401 without a session', async () => {
    const response = await server.request('GET', '/api/app-bar/search?q=solar');
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('UNAUTHENTICATED');
  });
});

describe('bad q values', () => {
  it('treats a q that is not a string (a repeated q) as empty', async () => {
    const everything = await search(tokens.admin, '?lang=en');
    expect(await search(tokens.admin, '?lang=en&q=solar&q=wind')).toEqual(everything);
    expect(await search(tokens.admin, '?lang=en&q=')).toEqual(everything);
    expect(await search(tokens.admin, '?lang=en&q=%20%20')).toEqual(everything);
  });

  it('takes q literally: no pattern, no injection, no crash on odd characters', async () => {
    for (const q of ['.*', '%25', "'; DROP TABLE sites; --", '[a-z]+', '\\', '%00', '<script>']) {
      expect(await search(tokens.admin, `?lang=en&q=${encodeURIComponent(q)}`), q).toEqual([]);
    }
  });

  it('answers a very long q without matching anything', async () => {
    expect(await search(tokens.admin, `?lang=en&q=${'x'.repeat(5000)}`)).toEqual([]);
  });
});
