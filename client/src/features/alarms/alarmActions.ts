// The operator's actions on alarms over HTTP. The hub takes at most 500 ids per call, so a larger
// selection ("acknowledge all visible" of a flood) goes in slices; each answer is shown at once
// (alarmFeed.merge) before its events come round the socket. Acknowledging is idempotent on the hub
// (RELIABILITY invariant I6): a retry after a lost answer does no harm.
import type { Alarm } from '@voltscope/shared/alarms';
import { alarmFeed } from '../../alarmFeed/alarmFeed.ts';
import { api } from '../../session/api.ts';

const SLICE = 500;

/** The server's longest shelving is 8 hours by default (ALARM_MAX_SHELVE); it refuses longer. */
export const shelveMinutes = [15, 30, 60, 120, 240, 480] as const;

async function post(path: string, ids: readonly number[], body: Record<string, unknown>): Promise<number> {
  let done = 0;
  for (let i = 0; i < ids.length; i += SLICE) {
    const slice = ids.slice(i, i + SLICE);
    const { alarms } = await api<{ alarms: Alarm[] }>(path, { method: 'POST', body: { ids: slice, ...body } });
    alarmFeed.merge(alarms);
    done += slice.length;
  }
  return done;
}

const withComment = (comment: string | undefined) => (comment?.trim() ? { comment: comment.trim() } : {});

export const acknowledge = (ids: readonly number[], comment?: string) =>
  post('/api/alarms/acknowledge', ids, withComment(comment));

export const shelve = (ids: readonly number[], minutes: number, comment?: string) =>
  post('/api/alarms/shelve', ids, { minutes, ...withComment(comment) });

export const unshelve = (ids: readonly number[]) => post('/api/alarms/unshelve', ids, {});

/** Out of service (with its reason) or back in service. */
export const setOutOfService = (ids: readonly number[], outOfService: boolean, comment?: string) =>
  post('/api/alarms/out-of-service', ids, { outOfService, ...withComment(comment) });

export const addComment = (ids: readonly number[], comment: string) =>
  post('/api/alarms/comment', ids, { comment: comment.trim() });
