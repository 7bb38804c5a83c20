// The operator's actions on alarms over HTTP. The hub takes at most 500 ids per call, so a larger
// selection ("acknowledge all visible" of a flood) goes in slices; each answer is shown at once
// (alarmFeed.merge) before its events come round the socket. Acknowledging is idempotent on the hub
// (RELIABILITY invariant I6): a retry after a lost answer does no harm.
import type { Alarm } from '@voltscope/shared/alarms';
import { alarmFeed } from '../../alarmFeed/alarmFeed.ts';
import { api, type Call, call } from '../../session/api.ts';

const SLICE = 500;

/** The server's longest shelving is 8 hours by default (ALARM_MAX_SHELVE); it refuses longer. */
export const shelveMinutes = [15, 30, 60, 120, 240, 480] as const;

/** The call of an action on a slice of ids: every action answers the alarms as they now stand. */
type Action = (ids: number[]) => Call<{ alarms: Alarm[] }>;

async function post(ids: readonly number[], action: Action): Promise<number> {
  let done = 0;
  for (let i = 0; i < ids.length; i += SLICE) {
    const slice = ids.slice(i, i + SLICE);
    const { alarms } = await api(action(slice));
    alarmFeed.merge(alarms);
    done += slice.length;
  }
  return done;
}

const withComment = (comment: string | undefined) => (comment?.trim() ? { comment: comment.trim() } : {});

export const acknowledge = (ids: readonly number[], comment?: string) =>
  post(ids, (slice) => call('POST /api/alarms/acknowledge', { body: { ids: slice, ...withComment(comment) } }));

/** Shelved for `minutes` with its reason (required by the hub). */
export const shelve = (ids: readonly number[], minutes: number, reason: string) =>
  post(ids, (slice) => call('POST /api/alarms/shelve', { body: { ids: slice, minutes, comment: reason.trim() } }));

export const unshelve = (ids: readonly number[]) =>
  post(ids, (slice) => call('POST /api/alarms/unshelve', { body: { ids: slice } }));

/** Out of service with its reason until its end or review date (epoch ms), or back in service. */
export const setOutOfService = (ids: readonly number[], outOfService: boolean, comment?: string, until?: number) =>
  post(ids, (slice) =>
    call('POST /api/alarms/out-of-service', {
      body: { ids: slice, outOfService, ...withComment(comment), ...(until === undefined ? {} : { until }) },
    }),
  );

export const addComment = (ids: readonly number[], comment: string) =>
  post(ids, (slice) => call('POST /api/alarms/comment', { body: { ids: slice, comment: comment.trim() } }));
