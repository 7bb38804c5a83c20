import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { demo, startAsAdmin, type TestServer } from '../helper.ts';

let server: TestServer;
let admin: string;
const received: { body: string; signature: string; delivery: string }[] = [];
let failNext = 0;
const receiver = createServer(async (request: IncomingMessage, response) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  if (failNext > 0) {
    failNext--;
    response.writeHead(503).end();
    return;
  }
  received.push({
    body,
    signature: String(request.headers['x-voltscope-signature']),
    delivery: String(request.headers['x-voltscope-delivery']),
  });
  response.writeHead(204).end();
});
let receiverUrl: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`;
  // The receiver is on this machine: a loopback target, allowed here (refused by default).
  ({ server, admin } = await startAsAdmin({
    alarms: { ...loadConfig({}).alarms, webhookRetryMs: 20 },
    webhookAllowPrivate: true,
  }));
});
afterAll(async () => {
  await server.close();
  receiver.close();
});

const until = async (check: () => boolean | Promise<boolean>, ms = 8000) => {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
  return check();
};

const fault = (device: string, code: number, ts = Date.now()) =>
  server.ingest([{ series: `${device}/fault_code`, ts, value: code }]);

describe('alarm notifications', () => {
  it('posts a signed notification per new alarm of its priorities, retrying until it is delivered', async () => {
    const created = await server.request('POST', '/api/webhooks', {
      token: admin,
      body: { name: 'on-call', url: receiverUrl, priorities: ['critical', 'high'] },
    });
    expect(created.status).toBe(201);
    const hook = await created.json();
    expect(hook.secret).toMatch(/^[\w-]{20,}$/);
    expect((await (await server.request('GET', '/api/webhooks', { token: admin })).json())[0].secret).toBeUndefined();

    failNext = 2;
    await fault('fr-occitanie.inv06', 103);
    expect(await until(() => received.length === 1)).toBe(true);
    const [first] = received;
    const payload = JSON.parse(first?.body ?? '{}');
    expect(payload).toMatchObject({ kind: 'alarm', alarm: { deviceId: 'fr-occitanie.inv06', priority: 'high' } });
    expect(first?.signature).toBe(
      `sha256=${createHmac('sha256', hook.secret)
        .update(first?.body ?? '')
        .digest('hex')}`,
    );
    const deliveries = await (
      await server.request('GET', `/api/webhooks/${hook.id}/deliveries`, { token: admin })
    ).json();
    expect(deliveries[0]).toMatchObject({ status: 'delivered', attempts: 3, kind: 'alarm', lastStatus: 204 });

    // Comm loss is medium: not this webhook's.
    const operator = (await server.login(demo.operator.email, demo.operator.password)).accessToken;
    expect((await server.request('GET', '/api/webhooks', { token: operator })).status).toBe(403);
  });

  it('sends one flood notice, not one per alarm, when a site raises more than 10 in 10 minutes', async () => {
    received.length = 0;
    const turbines = Array.from({ length: 12 }, (_, i) => `es-tarifa.wtg${String(i + 1).padStart(2, '0')}`);
    for (const turbine of turbines) await fault(turbine, 301);
    expect(await until(() => received.length >= 11)).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    const kinds = received.map((r) => JSON.parse(r.body).kind);
    expect(kinds.filter((k) => k === 'alarm')).toHaveLength(10);
    expect(kinds.filter((k) => k === 'flood')).toHaveLength(1);
    expect(JSON.parse(received.find((r) => JSON.parse(r.body).kind === 'flood')?.body ?? '{}')).toMatchObject({
      siteId: 'es-tarifa',
      alarms: 11,
    });
  });
});
