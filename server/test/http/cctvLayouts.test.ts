// CCTV monitor layouts over HTTP, on SQLite and on PostgreSQL: each user's own named grids, refused when
// malformed (400 with the field), a name taken by the same user (409 `cctvLayoutTaken`) but free for
// another, another's layout answering 404, and a camera its owner can no longer read shown as an empty cell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.ts';
import { createUser } from '../../src/store/users.ts';
import { demoTokens, startTestServer, type TestServer } from '../helper.ts';
import { storeCases } from '../stores.ts';

const PASSWORD = 'Volt!Layouts1';

describe.each(storeCases('vs_cctv'))('CCTV layouts on $driver', ({ overrides, drop }) => {
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

  const call = (token: string, method: string, route: string, body?: unknown) =>
    server.request(method, route, { token, ...(body === undefined ? {} : { body }) });

  /** The cameras of a site, as its devices list them. */
  const camerasOf = async (token: string, siteId: string): Promise<string[]> => {
    const devices: { id: string; type: string }[] = await (
      await call(token, 'GET', `/api/sites/${siteId}/devices`)
    ).json();
    return devices.filter((d) => d.type === 'camera').map((d) => d.id);
  };
  const siteIds = async (token: string): Promise<string[]> =>
    (await (await call(token, 'GET', '/api/sites')).json()).map((s: { id: string }) => s.id);

  it('refuses malformed layouts with a 400 naming what is wrong', async () => {
    const [site] = await siteIds(tokens.admin);
    const [cam1, cam2] = await camerasOf(tokens.admin, site as string);
    const post = (body: unknown) => call(tokens.admin, 'POST', '/api/cctv/layouts', body);
    const cases: [unknown, string][] = [
      [{ name: 'Bad size', size: 5, cells: [null, null, null, null, null] }, 'size'],
      [{ name: 'Short', size: 4, cells: [cam1, null] }, 'cells'],
      [{ name: '   ', size: 1, cells: [null] }, 'name'],
      [{ name: 'x'.repeat(61), size: 1, cells: [null] }, 'name'],
      [{ name: 'Twice', size: 4, cells: [cam1, cam1, null, null] }, 'cells.1'],
      [{ name: 'Unknown', size: 1, cells: ['no-such-camera'] }, 'cells.0'],
      [{ name: 'Not a camera', size: 1, cells: [`${site}.met`] }, 'cells.0'],
    ];
    for (const [body, field] of cases) {
      const reply = await post(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      const error = await reply.json();
      expect(error.code).toBe('VALIDATION');
      expect(Object.keys(error.errors ?? {}).join(' '), JSON.stringify(body)).toContain(field);
    }
    // Nothing was kept by the refusals; a good one is.
    expect(await (await call(tokens.admin, 'GET', '/api/cctv/layouts')).json()).toEqual([]);
    const good = await post({ name: ' Gate watch ', size: 4, cells: [cam1, cam2, null, null] });
    expect(good.status).toBe(201);
    expect(await good.json()).toMatchObject({ name: 'Gate watch', size: 4, cells: [cam1, cam2, null, null] });
  });

  it('keeps each user to their own layouts, and a name taken only within one user (409)', async () => {
    const [site] = await siteIds(tokens.operator);
    const [cam1] = await camerasOf(tokens.operator, site as string);
    const body = { name: 'Night shift', size: 1, cells: [cam1] };
    const mine = await call(tokens.operator, 'POST', '/api/cctv/layouts', body);
    expect(mine.status).toBe(201);
    const { id } = await mine.json();

    const again = await call(tokens.operator, 'POST', '/api/cctv/layouts', { ...body, name: 'NIGHT SHIFT' });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'CONFLICT', reason: { code: 'cctvLayoutTaken' } });

    // Another user may use the name; neither sees the other's.
    const adminsOwn = await call(tokens.admin, 'POST', '/api/cctv/layouts', body);
    expect(adminsOwn.status).toBe(201);
    const operatorNames = (await (await call(tokens.operator, 'GET', '/api/cctv/layouts')).json()).map(
      (l: { name: string }) => l.name,
    );
    expect(operatorNames).toEqual(['Night shift']);
    for (const [method, payload] of [['GET'], ['PUT', body], ['DELETE']] as const) {
      expect((await call(tokens.admin, method, `/api/cctv/layouts/${id}`, payload)).status).toBe(404);
    }

    // Renaming onto another of one's own names is a 409 too; onto itself (another case) is fine.
    const second = await (
      await call(tokens.operator, 'POST', '/api/cctv/layouts', {
        name: 'Gates',
        size: 4,
        cells: [null, null, null, null],
      })
    ).json();
    const clash = await call(tokens.operator, 'PUT', `/api/cctv/layouts/${second.id}`, body);
    expect(clash.status).toBe(409);
    const renamed = await call(tokens.operator, 'PUT', `/api/cctv/layouts/${id}`, { ...body, name: 'night Shift' });
    expect(renamed.status).toBe(200);
    expect((await renamed.json()).name).toBe('night Shift');

    expect((await call(tokens.operator, 'DELETE', `/api/cctv/layouts/${id}`)).status).toBe(204);
    expect((await call(tokens.operator, 'GET', `/api/cctv/layouts/${id}`)).status).toBe(404);
  });

  it('shows a camera of a site taken away as an empty cell, and refuses a camera of a site not held', async () => {
    const clientSites = await siteIds(tokens.client);
    const other = (await siteIds(tokens.admin)).find((s) => !clientSites.includes(s)) as string;
    const [theirs] = await camerasOf(tokens.admin, other);
    const refused = await call(tokens.client, 'POST', '/api/cctv/layouts', { name: 'Peek', size: 1, cells: [theirs] });
    expect(refused.status).toBe(400);

    const [a, b] = clientSites as [string, string];
    const { db, config } = { db: server.app.services.db, config: server.config };
    const userId = await createUser(db, {
      fullName: 'Watcher Tester',
      username: 'watcher',
      email: 'watcher@example.com',
      passwordHash: await hashPassword(PASSWORD, config.scryptLog2N),
      role: 'client',
      siteIds: [a, b],
    });
    const token = (await server.login('watcher', PASSWORD)).accessToken;
    const [camA] = await camerasOf(token, a);
    const [camB] = await camerasOf(token, b);
    const saved = await (
      await call(token, 'POST', '/api/cctv/layouts', { name: 'Both', size: 4, cells: [camA, null, camB, null] })
    ).json();
    expect(saved.cells).toEqual([camA, null, camB, null]);

    const patched = await call(tokens.admin, 'PATCH', `/api/users/${userId}`, { siteIds: [a] });
    expect(patched.status).toBe(200);
    const after = await (await call(token, 'GET', `/api/cctv/layouts/${saved.id}`)).json();
    expect(after.cells).toEqual([camA, null, null, null]);
    const listed = await (await call(token, 'GET', '/api/cctv/layouts')).json();
    expect(JSON.stringify(listed)).not.toContain(camB);
  });
});
