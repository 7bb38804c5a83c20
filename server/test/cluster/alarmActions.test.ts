// Alarm actions and rule changes in a cluster (issue 22), on two real hubs over one PostgreSQL schema and
// one Redis: an action taken on the follower is run by the leader (one record, pushed to sockets on both
// nodes, and the leader's later clear treats the alarm as acknowledged), two nodes acknowledging at once
// give one record, a rule changed on the follower is in force on the leader for its next sample, and with
// no leader an action answers 503 and changes nothing, then succeeds once a node leads.
import type { Alarm, AlarmRule, SiteEvent } from '@voltscope/shared/alarms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alarmTools, steady, until } from '../alarms/tools.ts';
import { demo, type TestServer } from '../helper.ts';
import { type Nodes, startNodes } from './nodes.ts';

const LEASE_MS = 1000;

describe('alarm actions in a cluster', () => {
  let nodes: Nodes;
  let leader: TestServer;
  let follower: TestServer;
  /** Operator and admin tokens, signed in on each node. */
  const tokens = new Map<TestServer, { operator: string; admin: string }>();

  beforeAll(async () => {
    nodes = await startNodes('actions', { leaderLeaseMs: LEASE_MS });
    await until(() => {
      try {
        return nodes.roles();
      } catch {
        return undefined;
      }
    }, 10_000);
    ({ leader, follower } = nodes.roles());
    for (const node of [leader, follower]) {
      tokens.set(node, {
        operator: (await node.login(demo.operator.email, demo.operator.password)).accessToken,
        admin: (await node.login(demo.admin.email, demo.admin.password)).accessToken,
      });
    }
    // Both nodes listen on Redis before the first action.
    await until(() => ([leader, follower].every((s) => s.app.services.relay?.ready) ? true : undefined), 15_000);
  }, 60_000);
  afterAll(() => nodes?.close(), 60_000);

  const operator = (node: TestServer) => tokens.get(node)?.operator as string;
  const admin = (node: TestServer) => tokens.get(node)?.admin as string;
  const act = (node: TestServer, token: string, verb: string, body: unknown) =>
    alarmTools(() => node).act(token, verb, body);
  const timeline = (node: TestServer, id: number) => alarmTools(() => node).timeline(admin(node), id);
  /** An over-temperature alarm of `device`, raised by the leader from samples ingested on it. */
  const raise = async (device: string, t0: number) => {
    await leader.ingest(steady(`${device}/temperature`, t0, 12, 82));
    return alarmTools(() => leader).alarmOf(admin(leader), device);
  };

  it('runs an acknowledgement taken on the follower on the leader, whose clear then closes the alarm', async () => {
    const watchers = await Promise.all(
      [leader, follower].map((node) => alarmTools(() => node).follow(operator(node), [{ id: 'fr-occitanie' }])),
    );
    const t0 = Date.now() - 120_000;
    const raised = await raise('fr-occitanie.inv04', t0);
    expect(raised).toMatchObject({ state: 'unacknowledged' });

    const answer = await act(follower, operator(follower), 'acknowledge', { ids: [raised.id], comment: 'on my way' });
    expect(answer.status).toBe(200);
    const { alarms } = (await answer.json()) as { alarms: Alarm[] };
    expect(alarms.map((a) => [a.id, a.state])).toEqual([[raised.id, 'acknowledged']]);
    // Pushed to a client on each node.
    for (const { events } of watchers) {
      const pushed = await until(() =>
        events.find((e) => e.event.type === 'alarm_acknowledged' && e.alarm?.id === raised.id),
      );
      expect(pushed?.alarm?.state).toBe('acknowledged');
    }

    // Back to 70 °C for 31 s, judged by the leader: acknowledged and cleared, the occurrence closes
    // (not 'rtn_unacknowledged', as it would from an unacknowledged alarm).
    await leader.ingest(steady('fr-occitanie.inv04/temperature', t0 + 20_000, 31, 70));
    const closed = await until(async () =>
      (await timeline(follower, raised.id)).some((e) => e.type === 'alarm_closed') ? true : undefined,
    );
    expect(closed).toBe(true);
    expect((await timeline(follower, raised.id)).map((e: SiteEvent) => e.type)).toEqual([
      'alarm_raised',
      'alarm_acknowledged',
      'alarm_closed',
    ]);
    for (const { socket } of watchers) socket.disconnect();
  });

  it('gives one record when both nodes acknowledge at once, and both the answer of an acknowledged alarm', async () => {
    const raised = await raise('fr-occitanie.inv05', Date.now() - 120_000);
    const answers = await Promise.all([
      act(leader, admin(leader), 'acknowledge', { ids: [raised.id] }),
      act(follower, operator(follower), 'acknowledge', { ids: [raised.id] }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const [first, second] = (await Promise.all(answers.map((r) => r.json()))) as { alarms: Alarm[] }[];
    expect(first?.alarms[0]?.state).toBe('acknowledged');
    expect(second).toEqual(first);
    const acks = (await timeline(leader, raised.id)).filter((e) => e.type === 'alarm_acknowledged');
    expect(acks).toHaveLength(1);
  });

  it('puts a rule changed on the follower in force on the leader for its next sample', async () => {
    const rules = (await (
      await follower.request('GET', '/api/alarms/rules', { token: admin(follower) })
    ).json()) as AlarmRule[];
    const rule = rules.find((r) => r.name === 'Inverter over-temperature' && r.deviceId === null) as AlarmRule;
    const own = await follower.request('POST', `/api/alarms/rules/${rule.id}/overrides`, {
      token: admin(follower),
      body: { deviceId: 'fr-occitanie.inv06', threshold: 60 },
    });
    expect(own.status).toBe(201);
    const override = (await own.json()) as AlarmRule;
    // 65 °C: under the type's 75 °C, over the device's own 60 °C. (Samples a minute old also leave the
    // inverter silent for ~50 s: its communication-lost alarm may come first, so the override's is sought.)
    await leader.ingest(steady('fr-occitanie.inv06/temperature', Date.now() - 60_000, 12, 65));
    const raised = await alarmTools(() => leader).alarmOf(admin(leader), 'fr-occitanie.inv06', override.id);
    expect(raised).toMatchObject({ value: 65, ruleId: override.id });
  });

  it('raises nothing on the leader for a device put into maintenance on the follower', async () => {
    const begun = await follower.request('POST', '/api/devices/fr-occitanie.inv08/maintenance', {
      token: admin(follower),
      body: { reason: 'fan replaced' },
    });
    expect(begun.status).toBe(200);
    // One batch: the leader judges both devices in the same pass, so once the other's alarm is there,
    // the one in maintenance would have been raised too.
    const t0 = Date.now() - 60_000;
    await leader.ingest([
      ...steady('fr-occitanie.inv08/temperature', t0, 12, 82),
      ...steady('fr-occitanie.inv09/temperature', t0, 12, 82),
    ]);
    await alarmTools(() => leader).alarmOf(admin(leader), 'fr-occitanie.inv09');
    const open = await alarmTools(() => leader).active(admin(leader));
    expect(open.map((a) => a.deviceId)).toContain('fr-occitanie.inv09');
    expect(open.filter((a) => a.deviceId === 'fr-occitanie.inv08')).toEqual([]);
  });

  // Last: the nodes' roles change.
  it('answers 503 and changes nothing while no node leads, then takes the action once one does', async () => {
    const raised = await raise('fr-occitanie.inv07', Date.now() - 120_000);
    const { db } = leader.app.services;
    // Another holder takes the lease: the leader's next renewal fails and it steps down; none leads.
    await db.run("UPDATE leader_lease SET holder = 'elsewhere', epoch = epoch + 1, expires_at = ? WHERE name = 'hub'", [
      Date.now() + 600_000,
    ]);
    await until(() => ([leader, follower].some((s) => s.app.services.leadership.isLeader()) ? undefined : true));
    await leader.app.services.leadership.stop();

    const refused = await act(follower, operator(follower), 'acknowledge', { ids: [raised.id] });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({
      code: 'UNAVAILABLE',
      message: expect.stringContaining('changing hands'),
    });
    expect((await timeline(follower, raised.id)).map((e) => e.type)).toEqual(['alarm_raised']);

    // The lease runs out: the follower (the only node still trying) takes it.
    await db.run("UPDATE leader_lease SET expires_at = 0 WHERE name = 'hub'");
    await until(() => (follower.app.services.leadership.isLeader() ? true : undefined), LEASE_MS * 5);
    const taken = await act(follower, operator(follower), 'acknowledge', { ids: [raised.id] });
    expect(taken.status).toBe(200);
    expect((await timeline(follower, raised.id)).map((e) => e.type)).toEqual(['alarm_raised', 'alarm_acknowledged']);
  });
});
