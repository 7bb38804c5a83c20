import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Alarm, SiteEvent } from '@voltscope/shared/alarms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startAsAdmin, type TestServer } from '../helper.ts';
import { alarmTools, steady, until } from './tools.ts';

let dataDir: string;
let server: TestServer;
let admin: string;
let operator: string;
let client: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-alarms-'));
  ({ server, admin } = await startAsAdmin({ dataDir }));
  operator = (await server.login(demo.operator.email, demo.operator.password)).accessToken;
  client = (await server.login(demo.client.email, demo.client.password)).accessToken;
});
afterAll(async () => {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
});

const ingest: TestServer['ingest'] = (samples) => server.ingest(samples);
const tools = alarmTools(() => server);
const { follow } = tools;
const active = (token = admin) => tools.active(token);
const alarmOf = (deviceId: string, token = admin) => tools.alarmOf(token, deviceId);
const act = tools.act;

describe('the alarm lifecycle', () => {
  it('raises after the on-delay, is acknowledged once by an operator, and closes on return to normal', async () => {
    const watcher = await follow(operator, [{ id: 'fr-occitanie' }]);
    const t0 = Date.now() - 120_000;
    // 12 s above 75 °C: past the 10 s on-delay.
    await ingest(steady('fr-occitanie.inv04/temperature', t0, 12, 82));
    const raised = await alarmOf('fr-occitanie.inv04');
    expect(raised).toMatchObject({ state: 'unacknowledged', priority: 'high', siteId: 'fr-occitanie', value: 82 });
    expect(raised.message.en).toBe('Inverter 04: temperature 82 °C above 75 °C');
    expect(raised.message.fa).toContain('82');
    const pushed = await until(() => watcher.events.find((e) => e.event.type === 'alarm_raised'));
    expect(pushed.alarm?.id).toBe(raised.id);

    // A client may not acknowledge; two operators at once give one acknowledgement.
    expect((await act(client, 'acknowledge', { ids: [raised.id] })).status).toBe(403);
    const both = await Promise.all([
      act(operator, 'acknowledge', { ids: [raised.id], comment: 'on my way' }),
      act(admin, 'acknowledge', { ids: [raised.id] }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const detail = await (await server.request('GET', `/api/alarms/${raised.id}`, { token: operator })).json();
    expect(detail.alarm.state).toBe('acknowledged');
    const acks = (detail.timeline as SiteEvent[]).filter((e) => e.type === 'alarm_acknowledged');
    expect(acks).toHaveLength(1);

    // Back to 70 °C (below the 3 °C deadband) for 31 s: past the 30 s off-delay, the occurrence closes.
    await ingest(steady('fr-occitanie.inv04/temperature', t0 + 20_000, 31, 70));
    await until(async () => ((await active()).some((a) => a.id === raised.id) ? undefined : true));
    const timeline = (await (await server.request('GET', `/api/alarms/${raised.id}`, { token: admin })).json())
      .timeline as SiteEvent[];
    expect(timeline.map((e) => e.type)).toEqual(['alarm_raised', 'alarm_acknowledged', 'alarm_closed']);
    expect(timeline[1]).toMatchObject({ userName: 'Julien Moreau', comment: 'on my way' });
    // Every event reached the follower, in order, each seq once.
    await until(() => watcher.events.find((e) => e.event.type === 'alarm_closed'));
    const seqs = watcher.events.map((e) => e.event.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    watcher.socket.disconnect();
  });

  it('keeps a returned alarm until it is acknowledged, then closes it', async () => {
    const t0 = Date.now() - 100_000;
    await ingest([
      { series: 'es-tarifa.wtg05/fault_code', ts: t0, value: 301 },
      { series: 'es-tarifa.wtg05/fault_code', ts: t0 + 1000, value: 0 },
    ]);
    const alarm = await until(async () =>
      (await active()).find((a) => a.deviceId === 'es-tarifa.wtg05' && a.state === 'rtn_unacknowledged'),
    );
    expect(alarm.message.en).toBe('WTG 05: converter fault (301), — lost');
    const { alarms } = await (await act(operator, 'acknowledge', { ids: [alarm.id] })).json();
    expect(alarms[0].state).toBe('closed');
    const { timeline } = await (await server.request('GET', `/api/alarms/${alarm.id}`, { token: operator })).json();
    expect(timeline.map((e: SiteEvent) => e.type)).toEqual([
      'alarm_raised',
      'alarm_returned',
      'alarm_acknowledged',
      'alarm_closed',
    ]);
  });

  it('turns a grid outage into one root alarm, with the consequential ones suppressed by design', async () => {
    const t0 = Date.now() - 90_000;
    await ingest([
      { series: 'ma-ouarzazate.brk-main/position', ts: t0, value: 0 },
      { series: 'ma-ouarzazate.brk-main/position', ts: t0 + 3000, value: 0 },
    ]);
    const root = await alarmOf('ma-ouarzazate.brk-main');
    expect(root).toMatchObject({ priority: 'critical', suppressed: false });
    const inverters = ['inv01', 'inv02', 'inv03', 'inv04', 'inv05'];
    await ingest(inverters.map((inv) => ({ series: `ma-ouarzazate.${inv}/fault_code`, ts: t0 + 4000, value: 102 })));
    const site = await until(async () => {
      const list = (await active()).filter((a) => a.siteId === 'ma-ouarzazate');
      return list.length === inverters.length + 1 ? list : undefined;
    });
    const unsuppressed = site.filter((a) => !a.suppressed);
    expect(unsuppressed.map((a) => a.deviceId)).toEqual(['ma-ouarzazate.brk-main']);
  });

  it('shelves for a bounded time and unshelves when it expires', async () => {
    const t0 = Date.now() - 80_000;
    await ingest(steady('ir-yazd.tr01/oil_temperature', t0, 35, 97));
    const alarm = await alarmOf('ir-yazd.tr01');
    expect((await act(operator, 'shelve', { ids: [alarm.id], minutes: 9 * 60, comment: 'sensor swap' })).status).toBe(
      400,
    );
    const shelved = await (
      await act(operator, 'shelve', { ids: [alarm.id], minutes: 30, comment: 'sensor swap' })
    ).json();
    expect(shelved.alarms[0].shelvedUntil).toBeGreaterThan(Date.now() + 29 * 60_000);
    server.app.services.alarms.tick(Date.now() + 31 * 60_000);
    const back = await until(async () => {
      const a = (await active()).find((x) => x.id === alarm.id);
      return a?.shelvedUntil === null ? a : undefined;
    });
    expect(back.state).toBe('unacknowledged');
  });

  it('shows a client only the alarms of their sites, and answers the others as unknown', async () => {
    const sites = new Set((await active(client)).map((a) => a.siteId));
    expect([...sites].every((s) => s === 'fr-occitanie' || s === 'es-tarifa')).toBe(true);
    const foreign = (await active()).find((a) => a.siteId === 'ma-ouarzazate') as Alarm;
    expect((await server.request('GET', `/api/alarms/${foreign.id}`, { token: client })).status).toBe(404);
    const { result, socket } = await follow(client, [{ id: 'ma-ouarzazate' }, { id: 'es-tarifa' }]);
    expect(result.refused).toEqual([{ siteId: 'ma-ouarzazate', code: 'NOT_FOUND', reason: 'no such site' }]);
    expect(result.granted.map((g) => g.siteId)).toEqual(['es-tarifa']);
    socket.disconnect();
  });

  it('replays the events a follower missed, from its last sequence number', async () => {
    const first = await follow(operator, [{ id: 'ir-yazd' }]);
    const last = first.result.granted[0]?.seq ?? 0;
    first.socket.disconnect();
    const t0 = Date.now() - 60_000;
    await ingest([
      { series: 'ir-yazd.inv03/fault_code', ts: t0, value: 103 },
      { series: 'ir-yazd.inv03/fault_code', ts: t0 + 1000, value: 0 },
    ]);
    await alarmOf('ir-yazd.inv03');
    const second = await follow(operator, [{ id: 'ir-yazd', lastSeq: last }]);
    expect(second.result.granted[0]?.via).toBe('replay');
    expect(second.events.map((e) => e.event.seq)).toEqual([last + 1, last + 2]);
    expect(second.events.map((e) => e.event.type)).toEqual(['alarm_raised', 'alarm_returned']);
    // The replay comes as one message.
    expect(second.messages[0]).toBe(2);
    second.socket.disconnect();
  });

  it('keeps the same alarm state across a hub restart', async () => {
    const before = (await active()).map((a) => [a.id, a.state, a.suppressed, a.shelvedUntil]);
    expect(before.length).toBeGreaterThan(0);
    await server.close();
    ({ server, admin } = await startAsAdmin({ dataDir }));
    const after = (await active()).map((a) => [a.id, a.state, a.suppressed, a.shelvedUntil]);
    expect(after).toEqual(before);
  });
});

describe('event and alarm history', () => {
  it('records door openings, filters, sorts and pages the events of readable sites only', async () => {
    const t0 = Date.now() - 50_000;
    await ingest([
      { series: 'es-tarifa.gate1/door_open', ts: t0, value: 0 },
      { series: 'es-tarifa.gate1/door_open', ts: t0 + 1000, value: 1 },
      { series: 'es-tarifa.gate1/door_open', ts: t0 + 2000, value: 0 },
      { series: 'es-tarifa.gate1/door_open', ts: t0 + 3000, value: 1 },
    ]);
    const door = await until(async () => {
      const page = await (
        await server.request('GET', '/api/events?types=door&sites=es-tarifa&pageSize=5&order=asc', { token: admin })
      ).json();
      return page.total === 2 ? page : undefined;
    });
    expect(door.items.map((e: SiteEvent) => [e.ts, e.message.en])).toEqual([
      [t0 + 1000, 'Main gate: door opened'],
      [t0 + 3000, 'Main gate: door opened'],
    ]);
    // Pages of 5 over everything: the total stays, the pages do not overlap.
    const all = await (await server.request('GET', '/api/events?pageSize=5', { token: admin })).json();
    const second = await (await server.request('GET', '/api/events?pageSize=5&page=2', { token: admin })).json();
    expect(second.total).toBe(all.total);
    expect(second.items.some((e: SiteEvent) => all.items.some((f: SiteEvent) => f.id === e.id))).toBe(false);
    const signIns = await (await server.request('GET', '/api/events?types=sign_in', { token: admin })).json();
    expect(signIns.items[0]).toMatchObject({ siteId: null, userName: 'Amina Rahimi' });
    // A client: their sites only, no fleet-wide events; a page size outside the list is refused.
    const mine = await (await server.request('GET', '/api/events?pageSize=100', { token: client })).json();
    expect(mine.items.every((e: SiteEvent) => e.siteId === 'fr-occitanie' || e.siteId === 'es-tarifa')).toBe(true);
    expect(mine.total).toBeGreaterThan(0);
    expect((await server.request('GET', '/api/events?pageSize=7', { token: client })).status).toBe(400);
    // Text search, in any language of the message.
    const found = await (await server.request('GET', '/api/events?q=porte%20ouverte', { token: admin })).json();
    expect(found.total).toBe(2);
  });

  it('lists alarms by priority and state, and exports 100,000 events as a streamed CSV', async () => {
    const critical = await (
      await server.request('GET', '/api/alarms/history?priorities=critical&sort=raisedAt', { token: admin })
    ).json();
    expect(critical.items.map((a: Alarm) => a.deviceId)).toContain('ma-ouarzazate.brk-main');
    expect(critical.items.every((a: Alarm) => a.priority === 'critical')).toBe(true);

    const { db } = server.app.services;
    const start = Date.UTC(2025, 0, 1);
    await db.transaction(async (tx) => {
      const base = Number(
        (await tx.get<{ seq: number }>("SELECT seq FROM site_sequences WHERE site_id = 'ir-yazd'"))?.seq ?? 0,
      );
      for (let i = 1; i <= 100_000; i++) {
        await tx.run(
          `INSERT INTO events (site_id, seq, device_id, alarm_id, type, severity, message, ts)
           VALUES ('ir-yazd', ?, 'ir-yazd.pir1', NULL, 'motion', 'info', ?, ?)`,
          [base + i, '{"en":"Perimeter motion 1: motion detected","fr":"","fa":"","ar":"=cmd"}', start + i * 1000],
        );
      }
      await tx.run("UPDATE site_sequences SET seq = ? WHERE site_id = 'ir-yazd'", [base + 100_000]);
    });
    const response = await fetch(
      `${server.url}/api/events?format=csv&sites=ir-yazd&types=motion&from=${start}&to=${start + 200_000_000}&sort=ts&order=asc`,
      { headers: { authorization: `Bearer ${admin}` } },
    );
    expect(response.headers.get('content-type')).toContain('text/csv');
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let chunks = 0;
    let text = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks++;
      text += decoder.decode(value, { stream: true });
    }
    const lines = text.trimEnd().split('\r\n');
    expect(lines).toHaveLength(100_001);
    // In the order asked (oldest first here), with the names the page shows and then the ids.
    expect(lines[0]).toBe('time,site,device,type,severity,message,user,comment,alarm,seq,site id,device id');
    expect(lines[1]).toMatch(
      /^2025-01-01T00:00:01.000Z,Yazd Solar,Perimeter motion 1,motion,info,Perimeter motion 1: motion detected,.*,ir-yazd,ir-yazd.pir1$/,
    );
    expect(lines.at(-1)).toMatch(/^2025-01-02T03:46:40.000Z,/);
    expect(chunks).toBeGreaterThan(10);
    const arabic = await (
      await fetch(
        `${server.url}/api/events?format=csv&lang=ar&sites=ir-yazd&types=motion&from=${start}&to=${start + 5000}`,
        {
          headers: { authorization: `Bearer ${admin}` },
        },
      )
    ).text();
    // A value that a spreadsheet would run as a formula is defused.
    expect(arabic).toContain(",'=cmd,");
    // Without a sort, the export is in the page's default order: newest first.
    expect(arabic.split('\r\n')[1]).toMatch(/^2025-01-01T00:00:04.000Z,/);

    // The alarm log's export lists the rows in the order the page shows them. The engine runs live here, so
    // both ask for the same span: an alarm raised between the two requests is in neither.
    const sorted = `/api/alarms/history?sort=priority&order=asc&to=${Date.now()}`;
    const page = (await (await server.request('GET', `${sorted}&pageSize=100`, { token: admin })).json()).items;
    const exported = (await (await server.request('GET', `${sorted}&format=csv`, { token: admin })).text())
      .trimEnd()
      .split('\r\n')
      .slice(1);
    expect(page.length).toBeGreaterThan(1);
    expect(exported.map((line: string) => Number(line.split(',').at(-1)))).toEqual(page.map((a: Alarm) => a.id));
  });
});
