// Motion tracks over the socket: a client follows sites' tracks after a permission check (`read` on the
// site; another's is refused as one that does not exist); the motion service pushes each track's new
// points to the site's room (server/src/motion/service.ts). Nothing is replayed: the page reads the
// period's tracks over HTTP, then draws what comes.
import { asSubject } from '@voltscope/shared/abilities';
import { MotionSubscribeRequest } from '@voltscope/shared/contracts/motion';
import type { RefusedSite } from '@voltscope/shared/errors';
import { Compile } from 'typebox/compile';
import { motionRoomOf } from '../motion/service.ts';
import type { Db } from '../store/db.ts';
import { getSite } from '../store/sites.ts';
import type { IoSocket } from './types.ts';

const subscribeRequest = Compile(MotionSubscribeRequest);

export function registerMotionSubscriptions(socket: IoSocket, db: Db): void {
  socket.on('motion:subscribe', async (request, ack) => {
    if (typeof ack !== 'function') return;
    if (!subscribeRequest.Check(request)) {
      return ack({ error: { code: 'VALIDATION', message: 'sites must be a list of 1 to 20 site ids' } });
    }
    const granted: string[] = [];
    const refused: RefusedSite[] = [];
    try {
      for (const id of request.sites) {
        const site = await getSite(db, id);
        if (!site || !socket.data.session.ability.can('read', asSubject('Site', { ...site }))) {
          refused.push({ siteId: id, code: 'NOT_FOUND', reason: 'no such site' });
          continue;
        }
        await socket.join(motionRoomOf(site.id));
        granted.push(site.id);
      }
      ack({ data: { granted, refused } });
    } catch {
      ack({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
    }
  });
}
