// Live subscriptions. A client asks for sites; each is checked against the user's current abilities and
// only permitted rooms are joined (a client never names a room). The ack says what was granted and what
// was refused and why. A resuming client gets the frames it missed replayed, or a snapshot and the span
// to fetch from the history API (the fan-out's `open`).
import { asSubject } from '@voltscope/shared/abilities';
import { SubscribeRequest, UnsubscribeRequest } from '@voltscope/shared/contracts/fleet';
import type { Ack } from '@voltscope/shared/errors';
import type { SiteSubscription, SubscribeResult } from '@voltscope/shared/events';
import { Compile } from 'typebox/compile';
import type { Db } from '../store/db.ts';
import { getSite } from '../store/sites.ts';
import { type Fanout, roomOf } from './fanout.ts';
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

/** Checks a subscription request's shape; returns the sites or a message saying what is wrong. */
export function parseSubscriptions(request: unknown): SiteSubscription[] | string {
  if (!checkSubscribe.Check(request)) return subscribeProblem(request);
  return request.sites.map((site) => {
    if (typeof site === 'string') return { id: site };
    const { id, lastSeq, lastTs } = site;
    return { id, ...(lastSeq === undefined ? {} : { lastSeq }), ...(lastTs === undefined ? {} : { lastTs }) };
  });
}

export function registerSubscriptions(socket: IoSocket, fanout: Fanout, db: Db): void {
  socket.on('live:subscribe', async (request, ack) => {
    if (typeof ack !== 'function') return;
    const sites = parseSubscriptions(request);
    if (typeof sites === 'string') return ack(invalid(sites));
    const result: SubscribeResult = { granted: [], refused: [] };
    try {
      for (const wanted of sites) {
        const site = await getSite(db, wanted.id);
        if (!site) {
          result.refused.push({ siteId: wanted.id, code: 'NOT_FOUND', reason: 'no such site' });
          continue;
        }
        // The session's abilities are re-read on every handshake; a change of rights disconnects.
        if (!socket.data.session.ability.can('read', asSubject('Site', { ...site }))) {
          result.refused.push({ siteId: wanted.id, code: 'FORBIDDEN', reason: 'you may not read this site' });
          continue;
        }
        result.granted.push(fanout.open(socket, site.id, wanted));
      }
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
