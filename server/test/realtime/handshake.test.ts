import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, nextEvent, startTestServer, type TestServer } from '../helper.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface ConnectError extends Error {
  data?: { code: string; message: string };
}

describe('socket handshake', () => {
  it('connects with a valid access token', async () => {
    const { accessToken } = await server.login(demo.operator.email, demo.operator.password);
    const socket = server.connect(accessToken);
    await nextEvent(socket, 'connect');
    expect(socket.connected).toBe(true);
  });

  it('refuses a socket without a token', async () => {
    const socket = server.connect(null);
    const error = await nextEvent<ConnectError>(socket, 'connect_error');
    expect(error.message).toBe('An access token is required: sign in first');
    expect(error.data).toEqual({ code: 'UNAUTHENTICATED', message: error.message });
  });

  it('refuses a forged token with a clear error', async () => {
    const socket = server.connect('forged-token-forged-token-forged-token');
    const error = await nextEvent<ConnectError>(socket, 'connect_error');
    expect(error.message).toBe('The access token is invalid, expired or revoked: sign in again');
    expect(error.data).toEqual({ code: 'UNAUTHENTICATED', message: error.message });
  });

  it('refuses a browser from a foreign origin', async () => {
    const { accessToken } = await server.login(demo.admin.email, demo.admin.password);
    const socket = server.connect(accessToken, { origin: 'https://evil.example' });
    await expect(nextEvent(socket, 'connect_error')).resolves.toBeInstanceOf(Error);
  });

  it('tells a socket its session ended and disconnects it when its token is revoked by logout', async () => {
    const { accessToken } = await server.login(demo.client.email, demo.client.password);
    const other = await server.login(demo.client.email, demo.client.password);
    const socket = server.connect(accessToken);
    const bystander = server.connect(other.accessToken);
    await Promise.all([nextEvent(socket, 'connect'), nextEvent(bystander, 'connect')]);
    const ended = nextEvent(socket, 'session:ended');
    const disconnected = nextEvent(socket, 'disconnect');
    await server.request('POST', '/api/auth/logout', { token: accessToken });
    expect(await ended).toEqual({ reason: 'logout' });
    expect(await disconnected).toBe('io server disconnect');
    expect(bystander.connected).toBe(true);

    const again = server.connect(accessToken);
    expect((await nextEvent<ConnectError>(again, 'connect_error')).data?.code).toBe('UNAUTHENTICATED');
  });

  it('disconnects a socket when its session expires', async () => {
    const local = await startTestServer({ sessionTtlSeconds: 1 });
    try {
      const { accessToken } = await local.login(demo.admin.email, demo.admin.password);
      const socket = local.connect(accessToken);
      await nextEvent(socket, 'connect');
      expect(await nextEvent(socket, 'session:ended', 3_000)).toEqual({ reason: 'expired' });
    } finally {
      await local.close();
    }
  });
});
