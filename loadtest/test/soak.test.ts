// The soak benchmark's own parts that can be checked in seconds: its proxy really cuts the network and
// lets it back (an echo server behind it), the growth fit ignores the level of each page and finds a
// real slope, and the flags give the warp and the drops and restarts the README promises.
import net from 'node:net';
import { playlistPageNames } from '@voltscope/shared/displays';
import { afterAll, describe, expect, it } from 'vitest';
import { soakOptions, soakSchedule } from '../bench/soakOptions.ts';
import { startProxy } from '../bench/soakProxy.ts';
import { changePercent, pageChanges, slopeWithinGroups } from '../bench/soakStats.ts';

const echo = net.createServer((socket) => socket.pipe(socket));
await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise((resolve) => echo.close(resolve)));

/** Connects through the proxy and sends `text`; resolves with what came back, or the error. */
function roundTrip(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    socket.once('data', (data) => {
      resolve(data.toString());
      socket.destroy();
    });
    socket.once('error', (error) => resolve(`error: ${error.message}`));
    socket.once('close', () => resolve('closed'));
  });
}

describe('the soak proxy', () => {
  it('carries bytes, cuts open connections and refuses new ones during a drop, then carries bytes again', async () => {
    const proxy = await startProxy({ host: '127.0.0.1', port: (echo.address() as net.AddressInfo).port });
    try {
      expect(await roundTrip(proxy.port, 'before')).toBe('before');

      const open = net.connect(proxy.port, '127.0.0.1');
      await new Promise((resolve) => open.once('connect', resolve));
      await expect.poll(() => proxy.open).toBe(1);
      const closed = new Promise((resolve) => open.once('close', resolve));
      open.on('error', () => {});

      const drop = proxy.drop(1000);
      await closed;
      expect(proxy.open).toBe(0);
      expect(await roundTrip(proxy.port, 'during')).not.toBe('during');
      await drop;
      expect(await roundTrip(proxy.port, 'after')).toBe('after');
    } finally {
      await proxy.close();
    }
  });
});

describe('growth within pages', () => {
  it('is zero for pages of very different sizes that do not grow, however they were sampled', () => {
    const points = [
      { x: 0, y: 5000, group: 'fleet' },
      { x: 0.1, y: 800, group: 'alarms' },
      { x: 0.2, y: 5000, group: 'fleet' },
      { x: 0.3, y: 5000, group: 'fleet' },
      { x: 0.4, y: 800, group: 'alarms' },
      { x: 0.5, y: 800, group: 'alarms' },
    ];
    expect(slopeWithinGroups(points)).toBeCloseTo(0, 9);
    expect(changePercent(points)).toBeCloseTo(0, 9);
  });

  it('finds the shared slope of pages that grow alike, and the change in % of the smallest page', () => {
    const points = [0, 0.5, 1, 1.5, 2].flatMap((x) => [
      { x, y: 100 + 3 * x, group: 'a' },
      { x: x + 0.25, y: 40 + 3 * (x + 0.25), group: 'b' },
    ]);
    expect(slopeWithinGroups(points)).toBeCloseTo(3, 9);
    // 3 an hour over 2.25 h against page b's mean level of 40 + 3 × 1.25.
    expect(changePercent(points)).toBeCloseTo((3 * 2.25 * 100) / 43.75, 9);
  });

  it('tells which page grows: its own change in % of its own level, the flat pages at zero', () => {
    const points = [0, 0.5, 1].flatMap((x) => [
      { x, y: 400, group: 'fleet' },
      { x: x + 0.25, y: 500 + 200 * x, group: 'alarms' },
    ]);
    const [fleet, alarms] = pageChanges(points);
    expect(fleet).toMatchObject({ group: 'fleet', samples: 3, mean: 400, changePct: 0 });
    expect(alarms?.group).toBe('alarms');
    expect(alarms?.slope).toBeCloseTo(200, 9);
    // 200 an hour over its hour, against its mean of 600.
    expect(alarms?.changePct).toBeCloseTo((200 * 100) / 600, 9);
  });
});

describe('the soak flags', () => {
  it('warps time so that the hours cover the days asked, at most 1,000 times', () => {
    expect(soakOptions(['--days', '7', '--hours', '0.5'], false)).toMatchObject({
      warp: 336,
      days: 7,
      periodMs: 60_000,
    });
    expect(soakOptions(['--days', '30', '--hours', '0.5'], false)).toMatchObject({ warp: 1000 });
    expect(soakOptions([], false)).toMatchObject({ hours: 2, warp: 1, dwellSeconds: 20, display: true });
    expect(soakOptions(['--no-display'], true).display).toBe(false);
    expect(soakOptions([], true).operator).toBe(true);
    expect(soakOptions(['--no-operator'], true).operator).toBe(false);
    expect(() => soakOptions(['--hours', 'two'], false)).toThrow('--hours needs a positive number');
  });

  it('samples every page of the playlist in turn, at most a minute apart', () => {
    for (const dwell of ['5', '10', '20', '30', '45', '90']) {
      const o = soakOptions(['--dwell', dwell], false);
      const pages = playlistPageNames.length;
      const visited = new Set(Array.from({ length: pages }, (_, k) => (k * o.sampleEveryTurns) % pages));
      expect(visited.size).toBe(pages);
      expect(o.sampleEveryTurns * o.dwellSeconds <= 60 || o.sampleEveryTurns === 1).toBe(true);
    }
  });

  it('drops the network and restarts the hub three times or more in a run, never at once', () => {
    for (const args of [[], ['--hours', '0.25']]) {
      const events = soakSchedule(soakOptions(args, false));
      const hours = soakOptions(args, false).hours;
      expect(events.filter((e) => e.kind === 'drop').length).toBeGreaterThanOrEqual(3);
      expect(events.filter((e) => e.kind === 'restart').length).toBeGreaterThanOrEqual(3);
      expect(new Set(events.map((e) => e.at)).size).toBe(events.length);
      expect(events.every((e) => e.at < hours * 3600)).toBe(true);
    }
  });
});
