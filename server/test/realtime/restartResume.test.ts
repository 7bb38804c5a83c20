// Finding 8: a client that resumes after the hub restarted must not be told "replay, nothing missed".
// Frame numbers carry the hub's boot epoch, so a number from an earlier boot is recognised: the client
// gets a snapshot and the exact span to fetch from history, from the last frame time it had to now.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { GrantedSite, SubscribeResult } from '@voltscope/shared/events';
import { decodeFrame, type Frame, frameKinds } from '@voltscope/shared/frames';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { demo, nextEvent, startTestServer, type TestServer, type TestSocket } from '../helper.ts';

const SITE = 'fr-occitanie';
const live = { ...loadConfig({}).live, frameMs: 50 };
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

function framesOf(socket: TestSocket): Frame[] {
  const frames: Frame[] = [];
  socket.on('live:frame', (siteId, bytes) => {
    if (siteId === SITE) frames.push(decodeFrame(bytes));
  });
  return frames;
}

async function subscribed(server: TestServer, sites: { id: string; lastSeq?: number; lastTs?: number }[]) {
  const { accessToken } = await server.login(demo.operator.email, demo.operator.password);
  const socket = server.connect(accessToken);
  await nextEvent(socket, 'connect');
  const frames = framesOf(socket);
  const ack = await socket.timeout(5000).emitWithAck('live:subscribe', { sites });
  if ('error' in ack) throw new Error(ack.error.message);
  return { socket, frames, granted: (ack.data as SubscribeResult).granted[0] as GrantedSite };
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe('resuming after a hub restart', () => {
  it('gets a snapshot and the span from its last frame to now, not a replay of the new boot', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-restart-'));
    dirs.push(dataDir);
    const first = await startTestServer({ dataDir, live });
    const series = first.app.services.registry.seriesIdByKey(`${SITE}.inv01/ac_power`) as number;
    const t1 = Date.now() - 10_000;
    let old: { seq: number; ts: number };
    try {
      const client = await subscribed(first, [{ id: SITE }]);
      await first.ingest([{ series, ts: t1, value: 101 }]);
      expect(await until(() => client.frames.some((f) => f.kind === frameKinds.live))).toBe(true);
      const frame = client.frames.findLast((f) => f.kind === frameKinds.live) as Frame;
      old = { seq: frame.seq, ts: Math.max(...frame.ts) };
      client.socket.disconnect();
      // Acknowledged while the client is away: it never reaches it live.
      await first.ingest([{ series, ts: t1 + 2000, value: 102 }]);
      await until(() => first.app.services.fanout.seqOf(SITE) > old.seq);
    } finally {
      await first.close();
    }
    expect(old.ts).toBe(t1);

    const second = await startTestServer({ dataDir, live });
    try {
      // The new boot has frames of its own by the time the client comes back.
      const watcher = await subscribed(second, [{ id: SITE }]);
      for (const [k, ts] of [t1 + 4000, t1 + 6000].entries()) {
        await second.ingest([{ series, ts, value: 103 + k }]);
        expect(await until(() => watcher.frames.filter((f) => f.kind === frameKinds.live).length > k)).toBe(true);
      }
      expect(second.app.services.fanout.seqOf(SITE)).toBeGreaterThan(old.seq);

      const before = Date.now();
      const resumed = await subscribed(second, [{ id: SITE, lastSeq: old.seq, lastTs: old.ts }]);
      const after = Date.now();
      expect(resumed.granted).toMatchObject({ siteId: SITE, via: 'snapshot', gap: { from: t1 } });
      const gap = resumed.granted.gap as { from: number; to: number };
      expect(gap.to).toBeGreaterThanOrEqual(before);
      expect(gap.to).toBeLessThanOrEqual(after);
      expect(await until(() => resumed.frames.some((f) => f.kind === frameKinds.snapshot))).toBe(true);

      // What the span holds: the sample it missed across the restart, from the history API.
      const token = (await second.login(demo.operator.email, demo.operator.password)).accessToken;
      const query = `ids=${series}&from=${gap.from}&to=${gap.to}&maxPoints=10000`;
      const history = await (await second.request('GET', `/api/series/history?${query}`, { token })).json();
      const points = (history.ts as number[]).map((ts, i) => [ts, history.series[0].avg[i]]);
      expect(points).toContainEqual([t1 + 2000, 102]);
      watcher.socket.disconnect();
      resumed.socket.disconnect();
    } finally {
      await second.close();
    }
  });

  it('numbers the frames of a later boot above those of an earlier one', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'voltscope-restart-'));
    dirs.push(dataDir);
    const seqs: number[] = [];
    for (let boot = 0; boot < 2; boot++) {
      const server = await startTestServer({ dataDir, live });
      try {
        const series = server.app.services.registry.seriesIdByKey(`${SITE}.inv01/ac_power`) as number;
        const client = await subscribed(server, [{ id: SITE }]);
        await server.ingest([{ series, ts: Date.now(), value: boot }]);
        expect(await until(() => client.frames.some((f) => f.kind === frameKinds.live))).toBe(true);
        seqs.push(...client.frames.filter((f) => f.kind === frameKinds.live).map((f) => f.seq));
        client.socket.disconnect();
      } finally {
        await server.close();
      }
    }
    expect(seqs).toHaveLength(2);
    expect(seqs[1]).toBeGreaterThan(seqs[0] as number);
  });
});
