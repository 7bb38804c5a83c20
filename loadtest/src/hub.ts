// Talking to a running hub as a browser does: sign in over HTTP, open the Socket.IO connection with
// the token, subscribe to sites and read their frames.

import type { LoginResponse } from '@voltscope/shared/domain';
import type {
  ClientToServerEvents,
  ServerToClientEvents,
  SiteSubscription,
  SubscribeResult,
} from '@voltscope/shared/events';
import type { SeriesEntry } from '@voltscope/shared/fleet';
import { io, type Socket } from 'socket.io-client';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** The demo admin: what the load tools sign in as when no account is given. */
export const DEMO_LOGIN = { email: 'admin@voltscope.io', password: 'Volt!Admin1' };

/** Signs in and returns the access token; a refusal is an error with the hub's message. */
export async function signIn(url: string, email: string, password: string): Promise<LoginResponse> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json().catch(() => ({}))) as LoginResponse & { message?: string };
  if (response.status !== 201) {
    throw new Error(`Sign-in at ${url} refused (${response.status}): ${body.message ?? 'no message'}`);
  }
  return body;
}

/** A Socket.IO connection like the browser's, as a non-browser peer (bearer token, no Origin). */
export function connectLive(url: string, token: string, options: { reconnection?: boolean } = {}): LiveSocket {
  return io(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: options.reconnection ?? true,
    auth: { token },
    extraHeaders: { authorization: `Bearer ${token}` },
  });
}

/** Subscribes to sites; returns what the hub granted and refused, or throws its error. */
export async function subscribe(socket: LiveSocket, sites: SiteSubscription[]): Promise<SubscribeResult> {
  const ack = await socket.timeout(10_000).emitWithAck('live:subscribe', { sites });
  if ('error' in ack) throw new Error(`Subscription refused: ${ack.error.message}`);
  return ack.data;
}

/** Every series of a site the caller may read, by id: `deviceId/key`. */
export async function seriesKeysOf(url: string, token: string, siteId: string): Promise<Map<number, string>> {
  const response = await fetch(`${url}/api/sites/${encodeURIComponent(siteId)}/series`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`Could not list the series of ${siteId} (${response.status})`);
  const series = (await response.json()) as SeriesEntry[];
  return new Map(series.map((s) => [s.id, `${s.deviceId}/${s.key}`]));
}

/** Every site the caller may read. */
export async function readableSites(url: string, token: string): Promise<string[]> {
  const response = await fetch(`${url}/api/sites`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`Could not list the sites (${response.status})`);
  return ((await response.json()) as { id: string }[]).map((s) => s.id);
}
