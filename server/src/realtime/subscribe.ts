// Live subscriptions. A client asks for sites; each is checked against the user's current abilities and
// only permitted rooms are joined (a client never names a room). The ack says what was granted and what
// was refused and why. A resuming client gets the frames it missed replayed, or a snapshot and the span
// to fetch from the history API (the fan-out's `open`). A site named twice in one request is served
// once, and a request that would take a socket or its user past their cap of sites is refused whole.
import { asSubject } from '@voltscope/shared/abilities';
import { SubscribeRequest, UnsubscribeRequest } from '@voltscope/shared/contracts/fleet';
import type { Ack } from '@voltscope/shared/errors';
import type { SiteSubscription, SubscribeResult } from '@voltscope/shared/events';
import { Compile } from 'typebox/compile';
import type { Config } from '../config.ts';
import type { Db } from '../store/db.ts';
import { getSite } from '../store/sites.ts';
import { type Fanout, roomOf, siteOfRoom } from './fanout.ts';
import type { IoSocket } from './types.ts';

const checkSubscribe = Compile(SubscribeRequest);
const checkUnsubscribe = Compile(UnsubscribeRequest);

function invalid<T>(message: string): Ack<T> {
  return { error: { code: 'VALIDATION', message } };
}

/**
 * What is wrong with a subscription request, worded as the acks always have: the first site at fault,
 * its id before its lastSeq before its lastTs.
 */
function subscribeProblem(request: unknown): string {
  const errors = [...checkSubscribe.Errors(request)];
  const entry = errors
    .map((e) => /^\/sites\/(\d+)(\/\w+)?/.exec(e.instancePath))
    .filter((m) => m !== null)
    .sort((a, b) => Number(a[1]) - Number(b[1]));
  if (entry.length === 0) return 'sites must be a list of 1 to 100 sites';
  const fields = new Set(entry.filter((m) => m[1] === entry[0]?.[1]).map((m) => m[2]));
  if (fields.has('/lastSeq') && !fields.has('/id')) return 'lastSeq must be a whole number';
  if (fields.has('/lastTs') && !fields.has('/id')) return 'lastTs must be a time in ms';
  return 'each site needs an id of 1 to 64 characters';
}

/** Checks a subscription request's shape; returns the sites (each once, as first named) or what is wrong. */
export function parseSubscriptions(request: unknown): SiteSubscription[] | string {
  if (!checkSubscribe.Check(request)) return subscribeProblem(request);
  const sites = new Map<string, SiteSubscription>();
  for (const site of request.sites) {
    if (typeof site === 'string') {
      if (!sites.has(site)) sites.set(site, { id: site });
      continue;
    }
    const { id, lastSeq, lastTs } = site;
    if (sites.has(id)) continue;
    sites.set(id, { id, ...(lastSeq === undefined ? {} : { lastSeq }), ...(lastTs === undefined ? {} : { lastTs }) });
  }
  return [...sites.values()];
}

export interface SubscriptionLimits {
  maxSitesPerSocket: Config['live']['maxSitesPerSocket'];
  maxSitesPerUser: Config['live']['maxSitesPerUser'];
  /** The ids of the sockets of this socket's user on this hub. */
  socketsOfUser(): Iterable<string>;
}

/** The sites a socket follows live. */
function liveSites(socket: IoSocket): Set<string> {
  const sites = new Set<string>();
  for (const room of socket.rooms) {
    const siteId = siteOfRoom(room);
    if (siteId !== null) sites.add(siteId);
  }
  return sites;
}

/** Why following `adding` more sites would pass a cap, or null when it would not. */
function overCap(socket: IoSocket, adding: readonly string[], limits: SubscriptionLimits): string | null {
  const own = liveSites(socket);
  const fresh = adding.filter((id) => !own.has(id)).length;
  if (fresh === 0) return null;
  if (own.size + fresh > limits.maxSitesPerSocket) {
    return `at most ${limits.maxSitesPerSocket} live sites per connection`;
  }
  let total = own.size + fresh;
  const sockets = socket.nsp.sockets;
  for (const id of limits.socketsOfUser()) {
    const other = id === socket.id ? undefined : sockets.get(id);
    if (other) total += liveSites(other).size;
  }
  return total > limits.maxSitesPerUser ? `at most ${limits.maxSitesPerUser} live sites per user` : null;
}

export function registerSubscriptions(socket: IoSocket, fanout: Fanout, db: Db, limits: SubscriptionLimits): void {
  socket.on('live:subscribe', async (request, ack) => {
    if (typeof ack !== 'function') return;
    const sites = parseSubscriptions(request);
    if (typeof sites === 'string') return ack(invalid(sites));
    const result: SubscribeResult = { granted: [], refused: [] };
    try {
      const permitted: [NonNullable<Awaited<ReturnType<typeof getSite>>>, SiteSubscription][] = [];
      for (const wanted of sites) {
        const site = await getSite(db, wanted.id);
        // Another's site is refused as one that does not exist, so that its id tells nothing. The session's
        // abilities are re-read on every handshake; a change of rights disconnects.
        if (!site || !socket.data.session.ability.can('read', asSubject('Site', { ...site }))) {
          result.refused.push({ siteId: wanted.id, code: 'NOT_FOUND', reason: 'no such site' });
          continue;
        }
        permitted.push([site, wanted]);
      }
      // Counted and joined with no await in between, so that concurrent requests cannot both pass.
      const over = overCap(
        socket,
        permitted.map(([site]) => site.id),
        limits,
      );
      if (over) return ack({ error: { code: 'TOO_MANY_REQUESTS', message: over } });
      if (!socket.connected || (permitted.length > 0 && !fanout.admits(socket))) return;
      for (const [site, wanted] of permitted) result.granted.push(fanout.open(socket, site.id, wanted));
      ack({ data: result });
    } catch {
      ack({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
    }
  });

  socket.on('live:unsubscribe', async (request, ack) => {
    if (typeof ack !== 'function') return;
    if (!checkUnsubscribe.Check(request)) return ack(invalid('sites must be a list of site ids'));
    for (const id of request.sites) await socket.leave(roomOf(id));
    ack({ data: { sites: request.sites } });
  });
}
