// Finding 10: a standard Socket.IO client (Node, no Origin) that passes its token the documented way,
// `auth: { token }`, connects; a browser from a foreign origin is still refused; a bad or missing token
// is refused with a clear connect_error message.
import type { SubscribeResult } from '@voltscope/shared/events';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, nextEvent, startTestServer, type TestServer, type TestSocket } from '../helper.ts';

let server: TestServer;
let token: string;
const opened: TestSocket[] = [];

beforeAll(async () => {
  server = await startTestServer();
  token = (await server.login(demo.operator.email, demo.operator.password)).accessToken;
});
afterAll(async () => {
  for (const socket of opened) socket.disconnect();
  await server.close();
});

interface ConnectError extends Error {
  data?: { code: string; message: string };
}

/** A client exactly as Socket.IO's documentation writes it: no headers, the token in `auth`. */
function standardClient(options: { token?: string; transports?: ('polling' | 'websocket')[] }): TestSocket {
  const socket: TestSocket = io(server.url, {
    reconnection: false,
    forceNew: true,
    ...(options.transports ? { transports: options.transports } : {}),
    ...(options.token === undefined ? {} : { auth: { token: options.token } }),
  });
  opened.push(socket);
  return socket;
}

describe('standard Socket.IO clients', () => {
  it('accepts a Node client that passes its token as auth.token over WebSocket', async () => {
    const socket = standardClient({ token, transports: ['websocket'] });
    await nextEvent(socket, 'connect');
    const ack = await socket.timeout(5000).emitWithAck('live:subscribe', { sites: [{ id: 'fr-occitanie' }] });
    if ('error' in ack) throw new Error(ack.error.message);
    expect((ack.data as SubscribeResult).granted.map((g) => g.siteId)).toEqual(['fr-occitanie']);
  });

  it('accepts it with the default transports (polling, then the upgrade)', async () => {
    const socket = standardClient({ token });
    await nextEvent(socket, 'connect');
    expect(socket.connected).toBe(true);
  });

  it('refuses a client without a token with a clear message', async () => {
    const socket = standardClient({ transports: ['websocket'] });
    const error = await nextEvent<ConnectError>(socket, 'connect_error');
    expect(error.message).toBe('An access token is required: sign in first');
    expect(error.data?.code).toBe('UNAUTHENTICATED');
  });

  it('refuses a bad token with a clear message', async () => {
    const socket = standardClient({ token: 'not-a-token', transports: ['websocket'] });
    const error = await nextEvent<ConnectError>(socket, 'connect_error');
    expect(error.message).toBe('The access token is invalid, expired or revoked: sign in again');
    expect(error.data?.code).toBe('UNAUTHENTICATED');
  });

  it('still refuses a browser from a foreign origin, token or not', async () => {
    for (const transports of [['websocket'], ['polling']] as const) {
      const socket: TestSocket = io(server.url, {
        reconnection: false,
        forceNew: true,
        transports: [...transports],
        auth: { token },
        extraHeaders: { origin: 'https://evil.example', authorization: `Bearer ${token}` },
      });
      opened.push(socket);
      const error = await nextEvent<ConnectError>(socket, 'connect_error');
      expect(error.data?.code).not.toBe('UNAUTHENTICATED');
      expect(socket.connected).toBe(false);
    }
  });

  it('accepts a browser from the app itself', async () => {
    const socket: TestSocket = io(server.url, {
      reconnection: false,
      forceNew: true,
      transports: ['websocket'],
      auth: { token },
      extraHeaders: { origin: server.url },
    });
    opened.push(socket);
    await nextEvent(socket, 'connect');
  });
});
