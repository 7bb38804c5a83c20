// Alarms and events over the socket. A client follows a site's alarms after a permission check; one
// that comes back sends the last event number it holds and gets the missed events replayed from the
// store, in order, before the live ones (RELIABILITY decision 1, invariant I3). Past the replay limit
// it is told to resync (reload the open alarms over HTTP). Events are sent only after their commit and
// are never skipped for a slow client. They travel as arrays (`alarm:events`): what the engine announces
// in one go (a commit's batch, a storm's hundreds of events) is one message per site, not one per event,
// and a replay is one message. An event of an alarm travels without its message, which is its alarm's.
import { asSubject } from '@voltscope/shared/abilities';
import { type AlarmSubscribeResult, sentChange } from '@voltscope/shared/alarms';
import { AlarmSubscribeRequest, MAX_ALARM_SITES } from '@voltscope/shared/contracts/alarms';
import type { Ack } from '@voltscope/shared/errors';
import { Compile } from 'typebox/compile';
import type { AlarmChange } from '../alarms/alarmWriter.ts';
import type { AlarmEngine } from '../alarms/engine.ts';
import { eventsAfter, getAlarms, siteSeq } from '../alarms/store.ts';
import type { Db } from '../store/db.ts';
import { getSite } from '../store/sites.ts';
import type { Io, IoSocket } from './types.ts';

const REPLAY_LIMIT = 1000;
/** The `alarms:subscribe` request's schema, compiled once. */
const subscribeRequest = Compile(AlarmSubscribeRequest);

export const alarmRoomOf = (siteId: string) => `alarms:${siteId}`;

export function registerAlarmSubscriptions(socket: IoSocket, db: Db): void {
  socket.on('alarms:subscribe', async (request, ack) => {
    if (typeof ack !== 'function') return;
    if (!subscribeRequest.Check(request)) {
      return ack({
        error: { code: 'VALIDATION', message: `sites must be a list of 1 to ${MAX_ALARM_SITES} { id, lastSeq? }` },
      } as Ack<AlarmSubscribeResult>);
    }
    const result: AlarmSubscribeResult = { granted: [], refused: [] };
    try {
      for (const wanted of request.sites) {
        const site = await getSite(db, wanted.id);
        // Another's site is refused as one that does not exist, so that its id tells nothing.
        if (!site || !socket.data.session.ability.can('read', asSubject('Alarm', { siteId: site.id }))) {
          result.refused.push({ siteId: wanted.id, code: 'NOT_FOUND', reason: 'no such site' });
          continue;
        }
        // Joined first, then the replay read: an event committed in between comes twice at worst
        // (the client drops a seq it holds), never not at all.
        await socket.join(alarmRoomOf(site.id));
        if (wanted.lastSeq === undefined) {
          result.granted.push({ siteId: site.id, seq: await siteSeq(db, site.id), via: 'fresh' });
          continue;
        }
        const missed = await eventsAfter(db, site.id, wanted.lastSeq, REPLAY_LIMIT + 1);
        if (missed.length > REPLAY_LIMIT) {
          result.granted.push({ siteId: site.id, seq: await siteSeq(db, site.id), via: 'resync' });
          continue;
        }
        const alarms = await getAlarms(db, [...new Set(missed.flatMap((e) => (e.alarmId ? [e.alarmId] : [])))]);
        const byId = new Map(alarms.map((a) => [a.id, a]));
        const replay = missed.map((event) => sentChange({ alarm: byId.get(event.alarmId ?? -1) ?? null, event }));
        if (replay.length > 0) socket.emit('alarm:events', replay);
        result.granted.push({ siteId: site.id, seq: missed.at(-1)?.seq ?? wanted.lastSeq, via: 'replay' });
      }
      ack({ data: result });
    } catch {
      ack({ error: { code: 'INTERNAL', message: 'Something went wrong' } });
    }
  });
}

/**
 * Sends committed changes to the sockets following their site. The engine announces a commit's changes
 * one after the other in the same tick, after the commit: they are gathered per site and sent at the
 * end of the tick as one message each, in the order announced.
 */
export function broadcastAlarms(io: Io, engine: AlarmEngine): void {
  let pending: Map<string, AlarmChange[]> | null = null;
  const flush = () => {
    const rooms = pending;
    pending = null;
    for (const [siteId, changes] of rooms ?? []) {
      io.to(alarmRoomOf(siteId)).emit('alarm:events', changes.map(sentChange));
    }
  };
  engine.on('change', ({ alarm, event }) => {
    // Fleet-wide events (sign-ins, rule changes) are not pushed: the history pages show them to admins.
    if (event.siteId === null) return;
    if (!pending) {
      pending = new Map();
      queueMicrotask(flush);
    }
    const changes = pending.get(event.siteId);
    if (changes) changes.push({ alarm, event });
    else pending.set(event.siteId, [{ alarm, event }]);
  });
}
