// Socket.IO on the Fastify server. A socket authenticates with its access token in the handshake; a
// missing, forged, expired or revoked token is refused with a clear error. When a session ends (logout,
// revocation, expiry) its sockets are told why and disconnected at once. The server is made by the hub
// (the fan-out writes to it) and put on the app's HTTP server here. A wall display's sockets also join
// the room of their display, which hears its edits (`display:changed`) and tells whether it is online.
// With REDIS_URL the server gets the Redis adapter (cluster/redis.ts): room broadcasts, session ends and
// rights re-checks then reach the sockets of every node; live frames stay per node (delivery.ts).
import type { IncomingMessage } from 'node:http';
import { asSubject } from '@voltscope/shared/abilities';
import type { ErrorBody } from '@voltscope/shared/errors';
import type { ServerToClientEvents } from '@voltscope/shared/events';
import type { FastifyInstance } from 'fastify';
import { Server, type ServerOptions } from 'socket.io';
import type { Config } from '../config.ts';
import { hostAllowed } from '../plugins/allowedHosts.ts';
import { bearerToken } from '../plugins/auth.ts';
import { pendingReason } from '../plugins/pendingStep.ts';
import { getSite } from '../store/sites.ts';
import { toUserData } from '../store/users.ts';
import { registerAccessSubscriptions } from './access.ts';
import { broadcastAlarms, registerAlarmSubscriptions } from './alarms.ts';
import { registerCameraWatch } from './cctv.ts';
import { limitEvents } from './eventRate.ts';
import { siteOfRoom } from './fanout.ts';
import { registerMotionSubscriptions } from './motion.ts';
import { registerSubscriptions } from './subscribe.ts';
import { trimHandshake } from './trim.ts';
import type { Io } from './types.ts';

const tokenRoom = (tokenHash: string) => `token:${tokenHash}`;
const userRoom = (userId: number) => `user:${userId}`;
const displayRoom = (displayId: number) => `display:${displayId}`;

/** Whether sockets of a display are open on this hub now. */
export function displayOnline(io: Io, displayId: number): boolean {
  return (io.sockets.adapter.rooms.get(displayRoom(displayId))?.size ?? 0) > 0;
}

/**
 * Ends what is left of a display's sockets once its tokens stopped working (revoked, replaced by a new
 * pairing, removed): Sessions' `ended` closes those of its current and previous tokens, this also those
 * opened with a token renewed since.
 */
export function endDisplay(io: Io, displayId: number): void {
  io.to(displayRoom(displayId)).emit('session:ended', { reason: 'revoked' });
  io.in(displayRoom(displayId)).disconnectSockets(true);
}

/** Sends a display's new settings to its open sockets (the running wall applies them at once). */
export function announceDisplay(io: Io, display: Parameters<ServerToClientEvents['display:changed']>[0]['display']) {
  io.to(displayRoom(display.id)).emit('display:changed', { display });
}
// setTimeout holds at most 2^31-1 ms (about 24.8 days); a longer session is re-armed on reconnect.
const MAX_TIMER_MS = 2 ** 31 - 1;

function handshakeError(message: string): Error & { data: ErrorBody } {
  return Object.assign(new Error(message), { data: { code: 'UNAUTHENTICATED' as const, message } });
}

/** Origins allowed to open a socket: the app's own (as the browser reached it), PUBLIC_URL and ALLOWED_ORIGINS. */
function originAllowed(req: IncomingMessage, allowed: ReadonlySet<string>): boolean {
  const origin = req.headers.origin;
  // A browser always names the page's origin on a cross-site request; no Origin is a non-browser client
  // (RELIABILITY decision 5). Its token comes in the Socket.IO handshake (`auth: { token }`, the documented
  // way), which Engine.IO has not read yet: the middleware below refuses it there, with a clear message.
  if (!origin) return true;
  if (allowed.has(origin)) return true;
  const host = req.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

/** The host a request names, without its port; undefined when it names none or one that does not parse. */
function hostnameOf(req: IncomingMessage): string | undefined {
  const host = req.headers.host;
  if (!host) return undefined;
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * The Socket.IO server, not yet on an HTTP server. It accepts only the allowed origins, and only requests
 * addressed to a host the hub answers to (Socket.IO's requests pass by Fastify's hooks, so the same
 * DNS-rebinding check as the HTTP API's is made here).
 */
export function createIo(
  config: Pick<Config, 'publicUrl' | 'allowedOrigins' | 'allowedHosts'>,
  adapter?: ServerOptions['adapter'],
): Io {
  const allowed = new Set([new URL(config.publicUrl).origin, ...config.allowedOrigins]);
  const hosts = new Set([new URL(config.publicUrl).hostname, ...config.allowedHosts]);
  return new Server({
    ...(adapter ? { adapter } : {}),
    serveClient: false,
    // Clients send subscriptions and acknowledgements, never bulk data.
    maxHttpBufferSize: 64 * 1024,
    allowRequest: (req, callback) => {
      const hostname = hostnameOf(req);
      if (req.headers.host && (!hostname || !hostAllowed(hostname, hosts))) return callback('Host not allowed', false);
      const ok = originAllowed(req, allowed);
      callback(ok ? null : 'Origin not allowed', ok);
    },
  });
}

/** Puts the hub's Socket.IO server on the app's HTTP server: handshake, subscriptions, alarm pushes, session ends. */
export function attachRealtime(app: FastifyInstance): void {
  const { sessions, db, io, fanout, alarms } = app.services;
  io.attach(app.server);

  io.use(async (socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown };
    const token = typeof auth.token === 'string' ? auth.token : bearerToken(socket.handshake.headers.authorization);
    if (!token) return next(handshakeError('An access token is required: sign in first'));
    try {
      const session = await sessions.authenticate(token);
      if (!session) return next(handshakeError('The access token is invalid, expired or revoked: sign in again'));
      if (session.pendingStep) {
        return next(
          Object.assign(new Error('Finish signing in first'), {
            data: {
              code: 'FORBIDDEN' as const,
              message: 'Finish signing in first',
              reason: { code: pendingReason[session.pendingStep] },
            },
          }),
        );
      }
      socket.data.session = session;
      next();
    } catch (error) {
      app.log.error({ err: error }, 'socket authentication failed');
      next(
        Object.assign(new Error('Something went wrong'), {
          data: { code: 'INTERNAL', message: 'Something went wrong' },
        }),
      );
    }
  });

  io.on('connection', (socket) => {
    // The opening request would otherwise stay referenced for the socket's whole life (trim.ts).
    trimHandshake(socket);
    const { tokenHash, expiresAt, user, display } = socket.data.session;
    const { live } = app.services.config;
    socket.use(
      limitEvents({ perSecond: live.socketEventsPerSecond, burst: live.socketEventBurst }, () => {
        app.log.warn({ userId: user.id, socket: socket.id }, 'socket disconnected: it kept sending past its rate');
        socket.disconnect(true);
      }),
    );
    registerSubscriptions(socket, fanout, db, {
      maxSitesPerSocket: live.maxSitesPerSocket,
      maxSitesPerUser: live.maxSitesPerUser,
      socketsOfUser: () => io.sockets.adapter.rooms.get(userRoom(user.id)) ?? [],
    });
    registerAlarmSubscriptions(socket, db);
    registerCameraWatch(socket, app.services.cameras);
    registerMotionSubscriptions(socket, db);
    registerAccessSubscriptions(socket, db);
    void socket.join([tokenRoom(tokenHash), userRoom(user.id), ...(display ? [displayRoom(display.id)] : [])]);
    // A display's token does not expire (it is revoked): no clock ends its sockets.
    const expiry = display
      ? undefined
      : setTimeout(
          () => {
            socket.emit('session:ended', { reason: 'expired' });
            socket.disconnect(true);
          },
          Math.min(MAX_TIMER_MS, Math.max(0, expiresAt - Date.now())),
        );
    const release = sessions.hold(tokenHash);
    socket.on('disconnect', () => {
      clearTimeout(expiry);
      release();
    });
    app.log.debug({ userId: user.id, socket: socket.id }, 'socket connected');
  });

  broadcastAlarms(io, alarms);

  sessions.on('ended', (tokenHashes, reason) => {
    for (const hash of tokenHashes) {
      io.to(tokenRoom(hash)).emit('session:ended', { reason });
      io.in(tokenRoom(hash)).disconnectSockets(true);
    }
  });

  // A site taken away from a user: each of their sockets re-reads its rights and leaves, at once, the
  // rooms it may no longer read, and is told which. In a cluster each node re-checks its own sockets
  // (their sessions hold abilities that do not travel): the others are told through the adapter.
  const clustered = app.services.config.cluster.redisUrl !== null;
  const recheck = async (userId: number) => {
    try {
      for (const socket of await io.local.in(userRoom(userId)).fetchSockets()) {
        const session = await sessions.refresh(socket.data.session);
        if (!session) {
          socket.emit('session:ended', { reason: 'revoked' });
          socket.disconnect(true);
          continue;
        }
        socket.data.session = session;
        socket.emit('session:rules', { userAbilityRules: session.rules, userData: toUserData(session.user) });
        const revoked = new Set<string>();
        for (const room of socket.rooms) {
          const siteId =
            siteOfRoom(room) ??
            (room.startsWith('alarms:') || room.startsWith('motion:') || room.startsWith('access:')
              ? room.slice(7)
              : null);
          if (siteId === null) continue;
          const site = await getSite(db, siteId);
          if (site && session.ability.can('read', asSubject('Site', { ...site }))) continue;
          socket.leave(room);
          revoked.add(siteId);
        }
        if (revoked.size > 0) socket.emit('live:revoked', { sites: [...revoked] });
      }
    } catch (error) {
      app.log.error({ err: error, userId }, 'could not re-check the sockets of a user whose rights changed');
    }
  };
  sessions.on('rights', (userId) => {
    void recheck(userId);
    if (clustered) io.serverSideEmit('session:rights', userId);
  });
  if (clustered) io.on('session:rights', (userId) => void recheck(userId));

  app.addHook('preClose', async () => {
    io.disconnectSockets(true);
    // A client that stopped reading never answers a WebSocket close: cut such connections outright.
    const { clients } = io.engine as unknown as {
      clients: Record<string, { transport?: { socket?: { terminate?: () => void } } }>;
    };
    for (const client of Object.values(clients)) {
      client.transport?.socket?.terminate?.();
    }
    await new Promise<void>((resolve) => io.close(() => resolve()));
  });
}
