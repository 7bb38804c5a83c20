// The alarm feed's wiring, with the socket and HTTP replaced: it follows the readable sites, loads their
// open alarms after the grant, resubscribes from the last seq held on a gap, delivers events to
// listeners once and in order, and reloads a site the server says to resync.
import { roleRuleTemplates } from '@voltscope/shared/abilities';
import type { Alarm, AlarmSubscribeResult, SiteEvent } from '@voltscope/shared/alarms';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testAlarm, text } from './testAlarm.ts';

// Plain recorders rather than vi.fn(): the calls are read across tests.
const live = vi.hoisted(() => {
  const calls = { followed: [] as unknown[], subscribed: [] as unknown[], paths: [] as string[] };
  return {
    calls,
    followAlarms: (follower: unknown) => {
      calls.followed.push(follower);
      return () => {};
    },
    subscribeAlarms: async (sites: unknown) => {
      calls.subscribed.push(sites);
    },
  };
});
let snapshot: Alarm[] = [];
const http = vi.hoisted(() => ({
  api: async (request: { path: string } | string) => {
    const path = typeof request === 'string' ? request : request.path;
    live.calls.paths.push(path);
    if (path === '/api/sites') return [{ id: 's1', name: 'Site 1' }];
    if (path.startsWith('/api/alarms/active')) return snapshot;
    throw new Error(`unexpected ${path}`);
  },
}));
vi.mock('../live/liveClient.ts', () => ({ liveClient: live }));
vi.mock('../session/api.ts', async (original) => ({ ...(await original<object>()), ...http }));

const { alarmFeed } = await import('./alarmFeed.ts');
const { onAlarmResync, onSiteEvent } = await import('./alarmClient.ts');
const { sessionStore } = await import('../session/sessionStore.ts');

const alarm = (id: number, seq: number, state: Alarm['state'] = 'unacknowledged'): Alarm =>
  testAlarm(id, { seq, state, ruleId: 4, value: 101, raisedAt: Date.now() });
const event = (seq: number, a: Alarm | null): { alarm: Alarm | null; event: SiteEvent } => ({
  alarm: a,
  event: {
    id: seq,
    seq,
    siteId: 's1',
    deviceId: 's1.inv01',
    alarmId: a?.id ?? null,
    type: 'alarm_raised',
    severity: 'high',
    message: text('e'),
    userName: null,
    comment: null,
    ts: Date.now(),
  },
});
const granted = (seq: number, via: 'fresh' | 'replay' | 'resync'): AlarmSubscribeResult => ({
  granted: [{ siteId: 's1', seq, via }],
  refused: [],
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 80));

describe('alarm feed', () => {
  const seen: number[] = [];
  const resynced: string[] = [];
  let stop: () => void = () => {};

  beforeAll(async () => {
    sessionStore.signIn(
      {
        userData: { id: 7, fullName: 'Op', username: 'op', email: 'op@x', role: 'operator', avatar: null, siteIds: [] },
        accessToken: 'token',
        userAbilityRules: roleRuleTemplates.operator,
        expiresAt: Date.now() + 3_600_000,
      },
      false,
    );
    const stopEvents = onSiteEvent((e) => seen.push(e.seq));
    const stopResync = onAlarmResync((siteId) => resynced.push(siteId));
    stop = () => {
      stopEvents();
      stopResync();
    };
    await settle();
  });

  afterAll(() => stop());

  it('follows the readable sites on the socket and loads their alarms once granted', async () => {
    expect(live.calls.followed).toEqual([alarmFeed]);
    expect(alarmFeed.sites()).toEqual([{ id: 's1' }]);
    snapshot = [alarm(1, 10)];
    alarmFeed.subscribed(granted(10, 'fresh'));
    await settle();
    expect(live.calls.paths).toContain('/api/alarms/active?sites=s1');
    expect(alarmFeed.store.getState()).toMatchObject({ status: 'ready', alarms: [{ id: 1 }] });
    // A reconnection resumes from the last seq held.
    expect(alarmFeed.sites()).toEqual([{ id: 's1', lastSeq: 10 }]);
  });

  it('delivers each event once, in order, and resubscribes from the last seq held on a gap', async () => {
    alarmFeed.event(event(11, alarm(2, 11)));
    alarmFeed.event(event(11, alarm(2, 11)));
    expect(seen).toEqual([11]);
    alarmFeed.event(event(13, alarm(3, 13)));
    alarmFeed.event(event(14, alarm(3, 14, 'acknowledged')));
    expect(live.calls.subscribed).toEqual([[{ id: 's1', lastSeq: 11 }]]);
    // The replay brings the missing one; the held ones follow in order.
    alarmFeed.event(event(12, alarm(4, 12)));
    alarmFeed.subscribed(granted(12, 'replay'));
    expect(seen).toEqual([11, 12, 13, 14]);
    await settle();
    const ids = alarmFeed.store.getState().alarms.map((a) => a.id);
    expect(ids.sort()).toEqual([1, 2, 3, 4]);
    expect(alarmFeed.sites()).toEqual([{ id: 's1', lastSeq: 14 }]);
  });

  it('reloads a site the server says to resync and tells the listeners', async () => {
    snapshot = [alarm(9, 90)];
    alarmFeed.subscribed(granted(100, 'resync'));
    await settle();
    expect(resynced).toEqual(['s1']);
    expect(alarmFeed.store.getState().alarms.map((a) => a.id)).toEqual([9]);
    expect(alarmFeed.sites()).toEqual([{ id: 's1', lastSeq: 100 }]);
  });

  it('stops when the user signs out', async () => {
    sessionStore.signOut();
    await settle();
    expect(alarmFeed.store.getState()).toMatchObject({ status: 'idle', alarms: [] });
  });
});
