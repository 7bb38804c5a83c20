// DNS rebinding: a page on evil.example whose name later resolves to the hub reaches it with
// `Host: evil.example`. The hub answers only to PUBLIC_URL's host, loopback names, IP addresses (a
// rebinding page always sends its own name) and ALLOWED_HOSTS; any other name gets 421.
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { hubForTests, type TestHub } from '../hub.ts';

/** A GET with a Host header of our choosing (fetch does not let a caller set Host). */
function get(hub: TestHub, path: string, host: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(hub.server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the Host header', () => {
  const hub = hubForTests({
    overrides: { publicUrl: 'https://scada.example.com', allowedHosts: ['wall.example.com'] },
  });

  it.each(['/api/health', '/api/auth/options', '/metrics', '/', '/api/sites'])(
    'refuses %s for a host name the hub does not answer to, with 421',
    async (path) => {
      const response = await get(hub, path, 'evil.example:3000');
      expect(response.status).toBe(421);
      expect(JSON.parse(response.body)).toEqual({
        code: 'BAD_REQUEST',
        message: 'This hub does not answer to the host name evil.example: add it to ALLOWED_HOSTS',
      });
    },
  );

  it.each([
    'scada.example.com',
    'SCADA.example.com:443',
    'wall.example.com:8080',
    'localhost:3000',
    'app.localhost',
    '127.0.0.1',
    '[::1]:3000',
    '192.168.1.20:3000',
  ])('answers %s', async (host) => {
    expect((await get(hub, '/api/health', host)).status).toBe(200);
  });

  it('answers the tests’ own address, 127.0.0.1 and the port', async () => {
    expect((await hub.server.request('GET', '/api/health')).status).toBe(200);
  });

  it('refuses the live socket’s handshake for such a host too, and opens it for the hub’s own', async () => {
    const handshake = '/socket.io/?EIO=4&transport=polling';
    const refused = await get(hub, handshake, 'evil.example:3000');
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ message: 'Host not allowed' });
    expect((await get(hub, handshake, 'scada.example.com')).status).toBe(200);
  });
});
