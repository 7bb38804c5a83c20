import type { SubscribeResult } from '@voltscope/shared/events';
import { decodeFrame, type Frame } from '@voltscope/shared/frames';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextEvent, startAsAdmin, type TestServer } from '../helper.ts';

const KEY = 'vsk_demo_fleet_ingest_key';
const SITE = 'fr-occitanie';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  ({ server, admin } = await startAsAdmin());
});
afterAll(() => server.close());
afterEach(() => {
  vi.restoreAllMocks();
});

const id = (key: string) => server.app.services.registry.seriesIdByKey(key) as number;

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

async function sinkErrors(sink: string): Promise<number> {
  const text = await (await server.request('GET', '/metrics')).text();
  const line = text.split('\n').find((l) => l.startsWith(`voltscope_ingest_sink_errors_total{sink="${sink}"}`));
  return Number(line?.split(' ')[1] ?? Number.NaN);
}

async function ingestOne(series: number, ts: number, value: number) {
  return server.request('POST', '/api/ingest', {
    body: { samples: [{ series, ts, value }] },
    headers: { 'x-ingest-key': KEY },
  });
}

async function history(series: number, from: number, to: number): Promise<number[]> {
  const response = await server.request('GET', `/api/series/history?ids=${series}&from=${from}&to=${to}`, {
    token: admin,
  });
  return (await response.json()).series[0].max;
}

describe('ingest sinks', () => {
  it('stores and acknowledges a batch, and still feeds the latest values and live frames, when alarm evaluation throws', async () => {
    const socket = server.connect(admin);
    await nextEvent(socket, 'connect');
    const frames: Frame[] = [];
    socket.on('live:frame', (_siteId, bytes) => frames.push(decodeFrame(bytes)));
    const ack = await socket.timeout(5000).emitWithAck('live:subscribe', { sites: [{ id: SITE }] });
    expect((ack as { data: SubscribeResult }).data.granted).toHaveLength(1);

    vi.spyOn(server.app.services.alarms, 'onSamples').mockImplementation(() => {
      throw new Error('alarm evaluation broke');
    });
    const before = await sinkErrors('alarms');
    const series = id(`${SITE}.inv04/ac_power`);
    const ts = Date.now() - 1000;

    const response = await ingestOne(series, ts, 321.5);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ accepted: 1, inserted: 1 });
    expect(await history(series, ts - 1000, ts + 1000)).toEqual([321.5]);
    const latest = await (await server.request('GET', `/api/series/latest?site=${SITE}`, { token: admin })).json();
    expect(latest.values[latest.seriesIds.indexOf(series)]).toBe(321.5);
    expect(await until(() => frames.some((f) => Array.from(f.series).includes(series)))).toBe(true);
    expect(await sinkErrors('alarms')).toBe(before + 1);
    socket.disconnect();
  });

  it('still hands the batch to the sinks after a throwing one, and stores it', async () => {
    vi.spyOn(server.app.services.fanout, 'accept').mockImplementation(() => {
      throw new Error('fan-out broke');
    });
    const evaluated = vi.spyOn(server.app.services.alarms, 'onSamples');
    const before = await sinkErrors('live');
    const series = id(`${SITE}.inv05/ac_power`);
    const ts = Date.now() - 1000;

    expect((await ingestOne(series, ts, 123.25)).status).toBe(200);
    expect(evaluated).toHaveBeenCalledTimes(1);
    expect(Array.from(evaluated.mock.calls[0]?.[0].series ?? [])).toEqual([series]);
    expect(await history(series, ts - 1000, ts + 1000)).toEqual([123.25]);
    expect(await sinkErrors('live')).toBe(before + 1);
  });
});
