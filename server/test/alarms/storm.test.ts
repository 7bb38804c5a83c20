// An alarm storm in one ingest request: fault codes toggling on twenty inverters of a site, six times
// each, so that one batch of the engine raises, returns, supersedes and raises again the same alarm
// points. The batch is written with one statement per table: what an operator's socket receives must
// still be every transition once, numbered without a gap, each alarm as the store holds it afterwards.
import type { Alarm, SiteEvent } from '@voltscope/shared/alarms';
import { describe, expect, it } from 'vitest';
import { DEMO_INGEST_KEY } from '../helper.ts';
import { hubForTests } from '../hub.ts';
import { storeCases } from '../stores.ts';
import { alarmTools, until } from './tools.ts';

const SITE = 'fr-occitanie';
const DEVICES = 20;
const TOGGLES = 6;
/** Per device, codes 0 → 301 → 0 ...: raised, returned, then closed (superseded) and raised again. */
const EVENTS_PER_DEVICE = 1 + 1 + (TOGGLES / 2 - 1) * 3;

describe.each(storeCases('vs_storm'))('an alarm storm on $driver', ({ overrides, drop }) => {
  const hub = hubForTests({ overrides, drop, signIn: ['operator'] });
  const { tokens } = hub;
  const { active, follow, timeline } = alarmTools(() => hub.server);

  it('delivers every transition of a batch once and in order, each alarm as the store keeps it', async () => {
    const { registry } = hub.server.app.services;
    const devices = [...registry.devices.values()]
      .filter((d) => d.siteId === SITE && registry.seriesIdByKey(`${d.id}/fault_code`) !== undefined)
      .slice(0, DEVICES)
      .map((d) => d.id);
    expect(devices).toHaveLength(DEVICES);
    const { socket, events, messages, sent, result } = await follow(tokens.operator, [{ id: SITE }]);
    const start = result.granted[0]?.seq as number;

    const t0 = Date.now() - 10_000;
    const samples = devices.flatMap((device) =>
      Array.from({ length: TOGGLES }, (_, k) => ({
        series: `${device}/fault_code`,
        ts: t0 + k * 100,
        value: k % 2 === 0 ? 301 : 0,
      })),
    );
    const response = await hub.server.request('POST', '/api/ingest', {
      body: { samples },
      headers: { 'x-ingest-key': DEMO_INGEST_KEY },
    });
    expect(response.status).toBe(200);
    const ours = () => events.filter((e) => e.event.deviceId !== null && devices.includes(e.event.deviceId));
    const expected = DEVICES * EVENTS_PER_DEVICE;
    await until(() => (ours().length >= expected ? true : undefined), 15_000);
    expect(ours()).toHaveLength(expected);
    // What a commit announces comes as one message per site, not one per event; an event of an alarm
    // comes without its message, which is its alarm's.
    expect(messages.length).toBeLessThan(expected / 10);
    expect(sent.filter((c) => c.alarm !== null && c.event.message !== undefined)).toEqual([]);

    // Numbered one by one from where the site stood, none twice, none missing.
    expect(events.map((e) => e.event.seq)).toEqual(events.map((_, i) => start + 1 + i));
    for (const { alarm, event } of events) expect(alarm?.id).toBe(event.alarmId);

    // The last alarm each socket saw is the one the store lists, and its timeline is what was received.
    const open = (await active(tokens.operator)).filter((a) => devices.includes(a.deviceId));
    expect(open).toHaveLength(DEVICES);
    const last = new Map<number, Alarm>();
    for (const { alarm } of events) if (alarm) last.set(alarm.id, alarm);
    for (const alarm of open) {
      expect(alarm.state).toBe('rtn_unacknowledged');
      expect(last.get(alarm.id)).toEqual(alarm);
      const received = events.filter((e) => e.event.alarmId === alarm.id).map((e) => e.event);
      const stored = await timeline(tokens.operator, alarm.id);
      const shape = (e: SiteEvent) => ({ id: e.id, seq: e.seq, type: e.type, ts: e.ts, message: e.message });
      expect(stored.map(shape)).toEqual(received.map(shape));
      expect(alarm.seq).toBe(received.at(-1)?.seq);
    }
    socket.disconnect();
  });
});
