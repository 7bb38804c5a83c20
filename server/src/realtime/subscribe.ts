// Live subscriptions. A client asks for sites; each is checked against the user's current abilities and
// only permitted rooms are joined (a client never names a room). The ack says what was granted and what
// was refused and why. A resuming client gets the frames it missed replayed, or a snapshot and the span
// to fetch from the history API (the fan-out's `open`).
import { asSubject } from '@voltscope/shared/abilities';
import type { Ack } from '@voltscope/shared/errors';
import type { SiteSubscription, SubscribeResult } from '@voltscope/shared/events';
import type { Db } from '../store/db.ts';
import { getSite } from '../store/sites.ts';
import { type Fanout, roomOf } from './fanout.ts';
import type { IoSocket } from './types.ts';

const MAX_SITES = 100;

function invalid<T>(message: string): Ack<T> {
  return { error: { code: 'VALIDATION', message } };
}

/** Checks a subscription request's shape; returns the sites or a message saying what is wrong. */
export function parseSubscriptions(request: unknown): SiteSubscription[] | string {
  const sites = (request as { sites?: unknown } | null)?.sites;
  if (!Array.isArray(sites) || sites.length === 0 || sites.length > MAX_SITES) {
    return `sites must be a list of 1 to ${MAX_SITES} sites`;
  }
  const out: SiteSubscription[] = [];
  for (const entry of sites) {
    const site = typeof entry === 'string' ? { id: entry } : (entry as Record<string, unknown> | null);
    const { id, lastSeq, lastTs } = site ?? {};
    if (typeof id !== 'string' || id.length === 0 || id.length > 64)
      return 'each site needs an id of 1 to 64 characters';
    if (lastSeq !== undefined && !(Number.isInteger(lastSeq) && (lastSeq as number) >= 0))
      return 'lastSeq must be a whole number';
    if (lastTs !== undefined && !Number.isFinite(lastTs)) return 'lastTs must be a time in ms';
    out.push({
      id,
      ...(lastSeq === undefined ? {} : { lastSeq: lastSeq as number }),
      ...(lastTs === undefined ? {} : { lastTs: lastTs as number }),
    });
  }
  return out;
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
          result.refused.push({ siteId: wanted.id, reason: 'no such site' });
          continue;
        }
        // The session's abilities are re-read on every handshake; a change of rights disconnects.
        if (!socket.data.session.ability.can('read', asSubject('Site', { ...site }))) {
          result.refused.push({ siteId: wanted.id, reason: 'you may not read this site' });
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
    const sites = (request as { sites?: unknown } | null)?.sites;
    if (!Array.isArray(sites) || sites.some((s) => typeof s !== 'string'))
      return ack(invalid('sites must be a list of site ids'));
    for (const id of sites as string[]) await socket.leave(roomOf(id));
    ack({ data: { sites: sites as string[] } });
  });
}
