// From finding 9 of issue 15: a webhook may not point at the hub's own network. An admin's webhook at a
// loopback, link-local (cloud metadata) or private address, literal or by a name that resolves to one,
// is refused with a 400 that says why; a webhook whose name resolves to such an address when it is sent
// (DNS rebinding, or one stored before) is not sent, and its delivery says why. WEBHOOK_ALLOW_PRIVATE
// allows them (notifications.test.ts runs with it, against a receiver on this machine).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Delivery } from '@voltscope/shared/alarms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hubForTests } from '../hub.ts';
import { until } from './tools.ts';

describe('webhook targets', () => {
  const hub = hubForTests({ signIn: ['admin'] });
  const received: string[] = [];
  const receiver = createServer((request, response) => {
    received.push(String(request.url));
    response.writeHead(204).end();
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    port = (receiver.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  const create = (url: string) =>
    hub.server.request('POST', '/api/webhooks', {
      token: hub.tokens.admin,
      body: { name: 'internal', url, priorities: ['high'] },
    });

  it('refuses loopback, link-local and private addresses, literal or by name, with a 400 that says why', async () => {
    for (const url of [
      `http://127.0.0.1:${port}/hook`,
      `http://localhost:${port}/hook`,
      'http://[::1]/hook',
      'http://0.0.0.0/hook',
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.5/hook',
      'http://172.16.3.4/hook',
      'http://192.168.1.10/hook',
      'http://[fd12::1]/hook',
      'http://[fe80::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
    ]) {
      const response = await create(url);
      expect(response.status, url).toBe(400);
      const body = await response.json();
      expect(body.message, url).toMatch(/loopback, link-local or private address/);
      expect(body.message, url).toContain('WEBHOOK_ALLOW_PRIVATE');
    }
    expect(await (await hub.server.request('GET', '/api/webhooks', { token: hub.tokens.admin })).json()).toEqual([]);
    expect(received).toEqual([]);
  });

  it('does not send to a name that resolves to a loopback address when it is sent, and says why', async () => {
    // Stored as if it had resolved elsewhere when it was added (or before this check existed).
    const hook = await hub.server.app.services.notifier.create({
      name: 'rebound',
      url: `http://localhost:${port}/rebound`,
      priorities: ['high'],
    });
    await hub.server.ingest([{ series: 'es-tarifa.wtg07/fault_code', ts: Date.now(), value: 301 }]);
    const deliveries = async () =>
      (await (
        await hub.server.request('GET', `/api/webhooks/${hook.id}/deliveries`, { token: hub.tokens.admin })
      ).json()) as Delivery[];
    const [delivery] = await until(async () => {
      const list = await deliveries();
      return list[0]?.lastError ? list : undefined;
    });
    expect(delivery?.status).not.toBe('delivered');
    expect(delivery?.lastError).toMatch(/127\.0\.0\.1|::1/);
    expect(delivery?.lastError).toMatch(/loopback, link-local or private address/);
    expect(received).toEqual([]);
  });
});
