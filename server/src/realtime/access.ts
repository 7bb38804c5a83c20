// The site access log over the socket: a client follows sites' door readers after a per-site check (read
// on the site's events; another's site is refused as one that does not exist), then gets each entry as it
// is stored, and again once it carries the alarm it raised. Entries are few (people at doors): sent whole.
import { asSubject } from '@voltscope/shared/abilities';
import {
  type AccessEvent,
  AccessSubscribeRequest,
  type AccessSubscribeResult,
  MAX_ACCESS_SITES,
} from '@voltscope/shared/contracts/access';
import type { Ack } from '@voltscope/shared/errors';
import { Compile } from 'typebox/compile';
import type { Db } from '../store/db.ts';
import { getSite } from '../store/sites.ts';
import type { Io, IoSocket } from './types.ts';

const subscribeRequest = Compile(AccessSubscribeRequest);

export const accessRoomOf = (siteId: string) => `access:${siteId}`;

export function registerAccessSubscriptions(socket: IoSocket, db: Db): void {
  socket.on('access:subscribe', async (request, ack) => {
    if (typeof ack !== 'function') return;
    if (!subscribeRequest.Check(request)) {
      return ack({
        error: { code: 'VALIDATION', message: `sites must be a list of 1 to ${MAX_ACCESS_SITES} site ids` },
      } as Ack<AccessSubscribeResult>);
    }
    const result: AccessSubscribeResult = { granted: [], refused: [] };
    try {
      for (const id of request.sites) {
        const site = await getSite(db, id);
        if (!site || !socket.data.session.ability.can('read', asSubject('Event', { siteId: site.id }))) {
          result.refused.push({ siteId: id, code: 'NOT_FOUND', reason: 'no such site' });
          continue;
        }
        await socket.join(accessRoomOf(site.id));
        result.granted.push(site.id);
      }
      ack({ data: result });
    } catch {
      ack({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
    }
  });
}

/** Sends an entry to the sockets following its site. */
export function pushAccessEvent(io: Io, event: AccessEvent): void {
  io.to(accessRoomOf(event.siteId)).emit('access:event', { event });
}
