// Cameras end to end on a real hub: a client sees only its sites' cameras (404 on every path of another
// site's), a simulated stream delivers real, changing JPEG frames made once for all its viewers and only
// while watched, a stream opens with a ticket bound to its camera and session and ends within a second of
// that session's end or loss of the site, settings are checked and need `update` on Device, a camera's
// own MJPEG stream is relayed through one upstream connection, and an alarm keeps a snapshot.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededRules } from '@voltscope/shared/alarmRationale';
import jpeg from 'jpeg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRules } from '../../src/alarms/store.ts';
import { findFfmpeg, NO_FFMPEG } from '../../src/cctv/rtsp.ts';
import { loadConfig } from '../../src/config.ts';
import { demo } from '../helper.ts';
import { hubForTests } from '../hub.ts';

const MINE = 'fr-occitanie';
const NOT_MINE = 'ma-ouarzazate';
const cctv = { ...loadConfig({}).cctv, width: 320, height: 180, fps: 10 };

/** Reads a multipart MJPEG response: each part's JPEG, as it arrives; `ended` once the stream stops. */
function readStream(response: Response) {
  const frames: Uint8Array[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  let endedAt = 0;
  const reader = response.body?.getReader();
  const done = (async () => {
    let buffer = Buffer.alloc(0);
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        buffer = Buffer.concat([buffer, chunk.value]);
        for (;;) {
          const head = buffer.indexOf('\r\n\r\n');
          if (head < 0) break;
          const length = Number(/Content-Length: (\d+)/i.exec(buffer.subarray(0, head).toString())?.[1]);
          if (buffer.length < head + 4 + length + 2) break;
          frames.push(new Uint8Array(buffer.subarray(head + 4, head + 4 + length)));
          buffer = buffer.subarray(head + 4 + length + 2);
          for (const w of waiters.splice(0)) w();
        }
      }
    } catch {
      // A connection cut by the hub ends the stream as well.
    }
    ended = true;
    endedAt = Date.now();
    for (const w of waiters.splice(0)) w();
  })();
  return {
    frames,
    get ended() {
      return ended;
    },
    get endedAt() {
      return endedAt;
    },
    done,
    async frameCount(n: number, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (frames.length < n && !ended && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return frames.length;
    },
    cancel: () => reader?.cancel().catch(() => {}),
  };
}

async function until<T>(probe: () => T | Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const isJpeg = (bytes: Uint8Array) =>
  bytes[0] === 0xff && bytes[1] === 0xd8 && bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9;

describe('cameras', () => {
  const hub = hubForTests({ overrides: { cctv }, signIn: ['admin', 'operator', 'client'] });
  const get = (path: string, token?: string) => hub.server.request('GET', path, token ? { token } : {});
  const counts = () => hub.server.app.services.cameras.counts();

  it('lists only the cameras of the sites a client may read, and answers 404 on every path of another site', async () => {
    const { client, admin } = hub.tokens;
    const all = await (await get('/api/cameras', admin)).json();
    expect(all.cameras).toHaveLength(8);
    const mine = await (await get('/api/cameras', client)).json();
    expect(new Set(mine.cameras.map((c: { siteId: string }) => c.siteId))).toEqual(new Set([MINE, 'es-tarifa']));
    const camera = mine.cameras.find((c: { id: string }) => c.id === `${MINE}.cam1`);
    expect(camera).toMatchObject({ source: 'simulated', width: 320, height: 180, fps: 10, online: true, hlsUrl: null });
    expect(camera.covers).toEqual([`${MINE}.gate1`, `${MINE}.pir1`]);
    expect((await get(`/api/cameras?siteId=${NOT_MINE}`, client)).status).toBe(404);

    // A camera of another site, by every path, with the client's bearer token and with a ticket of its own.
    const theirs = `${NOT_MINE}.cam1`;
    const paths = [
      `/api/cameras/${theirs}/stream.mjpg`,
      `/api/cameras/${theirs}/snapshot.jpg`,
      `/api/cameras/${theirs}/settings`,
      `/api/cameras/${theirs}/hls/index.m3u8`,
    ];
    for (const path of paths) expect((await get(path, client)).status, path).toBe(404);
    const put = await hub.server.request('PUT', `/api/cameras/${theirs}/settings`, {
      token: client,
      body: { source: 'simulated', url: null, width: 320, height: 180, fps: 5, covers: [] },
    });
    expect(put.status).toBe(404);
    // The client's own ticket (for its own camera) opens no other camera.
    const ticket = new URL(camera.streamUrl, hub.server.url).searchParams.get('ticket');
    const stolen = await get(`/api/cameras/${theirs}/stream.mjpg?ticket=${ticket}`);
    expect(stolen.status).toBe(401);
    expect((await get(`/api/cameras/${NOT_MINE}.nope/snapshot.jpg`, admin)).status).toBe(404);
  });

  it('streams real JPEG frames that change, drawn once for all viewers and only while somebody watches', async () => {
    const { admin } = hub.tokens;
    const { cameras } = await (await get(`/api/cameras?siteId=es-tarifa`, admin)).json();
    const url = hub.server.url + cameras[0].streamUrl;
    expect(counts().encoders).toBe(0);
    // The <img> way: no header, the ticket in the URL.
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^multipart\/x-mixed-replace; boundary=/);
    const second = await hub.server.request('GET', `/api/cameras/${cameras[0].id}/stream.mjpg`, { token: admin });
    const a = readStream(first);
    const b = readStream(second);
    expect(await a.frameCount(3)).toBeGreaterThanOrEqual(3);
    expect(await b.frameCount(2)).toBeGreaterThanOrEqual(2);
    expect(counts()).toMatchObject({ encoders: 1, viewers: 2 });

    const decoded = a.frames.slice(0, 3).map((f) => {
      expect(isJpeg(f)).toBe(true);
      const image = jpeg.decode(f, { useTArray: true });
      expect([image.width, image.height]).toEqual([320, 180]);
      return image.data;
    });
    const differing = (x: Uint8Array, y: Uint8Array) =>
      x.reduce((n, v, i) => n + (Math.abs(v - (y[i] ?? 0)) > 24 ? 1 : 0), 0);
    expect(differing(decoded[0] as Uint8Array, decoded[2] as Uint8Array)).toBeGreaterThan(50);

    // A second camera runs its own encoder; when nobody watches any more, none runs.
    const other = readStream(await fetch(hub.server.url + cameras[1].streamUrl));
    await other.frameCount(1);
    expect(counts().encoders).toBe(2);
    await Promise.all([a.cancel(), b.cancel(), other.cancel()]);
    expect(await until(() => counts().encoders === 0 && counts().viewers === 0)).toBe(true);
    // A frame being encoded when the last viewer left may still finish; none is asked for after it.
    await until(() => hub.server.app.services.cameras.encoder.inFlight === 0);
    const encoded = counts().framesEncoded;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(counts().framesEncoded).toBe(encoded);
  });

  it('answers a snapshot as a JPEG, drawn for the asking when nobody watches', async () => {
    const { client } = hub.tokens;
    const response = await get(`/api/cameras/${MINE}.cam2/snapshot.jpg`, client);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/jpeg');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(isJpeg(bytes)).toBe(true);
    expect(jpeg.decode(bytes, { useTArray: true }).width).toBe(320);
  });

  it('refuses a ticket for another camera, a forged one, and one whose session signed out', async () => {
    const { admin } = hub.tokens;
    const session = await hub.server.login(demo.operator.email, demo.operator.password);
    const { cameras } = await (await get(`/api/cameras?siteId=${MINE}`, session.accessToken)).json();
    const [one, two] = cameras as { id: string; snapshotUrl: string; streamUrl: string }[];
    const ticketOf = (url: string) => new URL(url, hub.server.url).searchParams.get('ticket') ?? '';
    expect((await get(one?.snapshotUrl ?? '')).status).toBe(200);
    expect((await get(`/api/cameras/${two?.id}/snapshot.jpg?ticket=${ticketOf(one?.snapshotUrl ?? '')}`)).status).toBe(
      401,
    );
    const forged = ticketOf(one?.snapshotUrl ?? '').replace(/\.(\d+)\./, (_, s) => `.${Number(s) + 3600}.`);
    expect((await get(`/api/cameras/${one?.id}/snapshot.jpg?ticket=${forged}`)).status).toBe(401);
    // A stream open on the ticket ends when its session signs out; the ticket opens nothing after.
    const stream = readStream(await fetch(hub.server.url + (one?.streamUrl ?? '')));
    await stream.frameCount(1);
    const signedOutAt = Date.now();
    expect((await hub.server.request('POST', '/api/auth/logout', { token: session.accessToken })).status).toBe(204);
    await until(() => stream.ended, 2000);
    expect(stream.ended).toBe(true);
    expect(stream.endedAt - signedOutAt).toBeLessThan(1000);
    expect((await get(one?.snapshotUrl ?? '')).status).toBe(401);
    expect((await get(one?.snapshotUrl ?? '', admin)).status).toBe(200);
  });

  it('ends a stream within a second when its user loses the site, or is disabled', async () => {
    const { admin } = hub.tokens;
    const me = await (await get('/api/auth/me', hub.tokens.client)).json();
    const clientId = me.userData.id as number;
    const watch = async () => {
      const session = await hub.server.login(demo.client.email, demo.client.password);
      const response = await get(`/api/cameras/${MINE}.cam1/stream.mjpg`, session.accessToken);
      expect(response.status).toBe(200);
      const stream = readStream(response);
      expect(await stream.frameCount(1)).toBe(1);
      return stream;
    };
    const first = await watch();
    let changedAt = Date.now();
    const sites = await hub.server.request('PUT', `/api/users/${clientId}/sites`, {
      token: admin,
      body: { siteIds: ['es-tarifa'] },
    });
    expect(sites.status).toBe(200);
    await until(() => first.ended, 2000);
    expect(first.ended).toBe(true);
    expect(first.endedAt - changedAt).toBeLessThan(1000);
    await hub.server.request('PUT', `/api/users/${clientId}/sites`, {
      token: admin,
      body: { siteIds: [MINE, 'es-tarifa'] },
    });

    const second = await watch();
    changedAt = Date.now();
    expect((await hub.server.request('POST', `/api/users/${clientId}/disable`, { token: admin })).status).toBe(200);
    await until(() => second.ended, 2000);
    expect(second.ended).toBe(true);
    expect(second.endedAt - changedAt).toBeLessThan(1000);
    expect((await hub.server.request('POST', `/api/users/${clientId}/enable`, { token: admin })).status).toBe(200);
    hub.tokens.client = (await hub.server.login(demo.client.email, demo.client.password)).accessToken;
  });

  it('checks camera settings and lets only those who may change the device change them', async () => {
    const { admin, operator, client } = hub.tokens;
    const path = `/api/cameras/${MINE}.cam2/settings`;
    const current = await (await get(path, admin)).json();
    expect(current).toEqual({
      source: 'simulated',
      url: null,
      ...{ width: 320, height: 180, fps: 10 },
      covers: [`${MINE}.gate2`, `${MINE}.pir2`],
    });
    expect((await get(path, operator)).status).toBe(403);
    expect((await get(path, client)).status).toBe(403);
    const put = (token: string, body: unknown) => hub.server.request('PUT', path, { token, body });
    expect((await put(operator, current)).status).toBe(403);
    expect((await put(client, current)).status).toBe(403);
    for (const bad of [
      { ...current, source: 'mjpeg', url: 'not a url' },
      { ...current, source: 'mjpeg', url: 'ftp://camera.local/stream' },
      { ...current, source: 'rtsp', url: 'http://camera.local/stream' },
      { ...current, width: 100 },
      { ...current, height: 5000 },
      { ...current, fps: 0 },
      { ...current, covers: ['ir-yazd.gate1'] },
    ]) {
      const response = await put(admin, bad);
      expect(response.status, JSON.stringify(bad)).toBe(400);
      expect((await response.json()).code).toBe('VALIDATION');
    }
    const saved = await put(admin, { ...current, width: 480, height: 270, fps: 2 });
    expect(saved.status).toBe(200);
    expect(await (await get(path, admin)).json()).toMatchObject({ width: 480, height: 270, fps: 2 });
    const snapshot = await get(`/api/cameras/${MINE}.cam2/snapshot.jpg`, admin);
    expect(jpeg.decode(new Uint8Array(await snapshot.arrayBuffer()), { useTArray: true }).width).toBe(480);
    const audit = await (await get(`/api/audit?action=device.update&targetId=${MINE}.cam2`, admin)).json();
    expect(JSON.stringify(audit)).toContain(`${MINE}.cam2`);
  });

  describe('a camera with its own MJPEG stream', () => {
    let upstream: Server;
    let connections = 0;
    const pictures = [0, 1, 2, 3].map((n) => {
      const data = new Uint8Array(64 * 48 * 4).fill(40 + n * 50);
      return new Uint8Array(jpeg.encode({ data, width: 64, height: 48 }, 80).data);
    });

    beforeAll(async () => {
      upstream = createServer((request, response) => {
        connections++;
        response.writeHead(200, { 'content-type': 'multipart/x-mixed-replace; boundary=cam' });
        let n = 0;
        const timer = setInterval(() => {
          const picture = pictures[n++ % pictures.length] as Uint8Array;
          response.write(`--cam\r\nContent-Type: image/jpeg\r\nContent-Length: ${picture.length}\r\n\r\n`);
          response.write(picture);
          response.write('\r\n');
        }, 50);
        request.on('close', () => clearInterval(timer));
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    });
    afterAll(() => {
      upstream.closeAllConnections();
      upstream.close();
    });

    it('relays it to every viewer through one connection, and says when the camera is gone', async () => {
      const { admin } = hub.tokens;
      const id = 'es-tarifa.cam2';
      const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/video`;
      const body = { source: 'mjpeg', url, width: 640, height: 480, fps: 10, covers: [] };
      expect((await hub.server.request('PUT', `/api/cameras/${id}/settings`, { token: admin, body })).status).toBe(200);
      const a = readStream(await get(`/api/cameras/${id}/stream.mjpg`, admin));
      const b = readStream(await get(`/api/cameras/${id}/stream.mjpg`, admin));
      expect(await a.frameCount(4)).toBeGreaterThanOrEqual(4);
      expect(await b.frameCount(2)).toBeGreaterThanOrEqual(2);
      expect(connections).toBe(1);
      const known = pictures.map((p) => Buffer.from(p).toString('base64'));
      for (const frame of a.frames) expect(known).toContain(Buffer.from(frame).toString('base64'));
      expect(new Set(a.frames.map((f) => f[f.length - 3])).size).toBeGreaterThan(1);

      upstream.closeAllConnections();
      upstream.close();
      const offline = await until(async () => {
        const { cameras } = await (await get('/api/cameras?siteId=es-tarifa', admin)).json();
        const camera = cameras.find((c: { id: string }) => c.id === id);
        return camera.online ? null : camera;
      });
      expect(offline).toMatchObject({ online: false });
      expect(offline.offlineSince).toBeGreaterThan(Date.now() - 10_000);
      await Promise.all([a.cancel(), b.cancel()]);
    });
  });

  it("keeps the covering camera's picture when an alarm is raised, for those who may read the alarm", async () => {
    const { admin, client } = hub.tokens;
    const { db, alarms } = hub.server.app.services;
    // A rule on the gates: an opened door is an alarm (the demo has none on them by default).
    await insertRules(db, [
      {
        ...(seededRules[0] as (typeof seededRules)[number]),
        name: 'Gate opened',
        deviceType: 'door_reader',
        seriesKey: 'door_open',
        kind: 'high',
        threshold: 0.5,
        deadband: 0,
        onDelayMs: 0,
        offDelayMs: 0,
        priority: 'low',
        consequentialOfGrid: false,
        gridRoot: false,
        message: {
          en: '{device}: gate opened',
          fr: '{device} : portail ouvert',
          fa: '{device}: درِ ورودی باز شد',
          ar: '{device}: فُتحت البوابة',
        },
      },
    ]);
    await alarms.rulesChanged();
    const now = Date.now();
    await hub.server.ingest([
      { series: `${MINE}.gate1/door_open`, ts: now, value: 1 },
      { series: `${NOT_MINE}.gate1/door_open`, ts: now, value: 1 },
    ]);
    const raised = await until(async () => {
      const active = await (await get('/api/alarms/active', admin)).json();
      const list = (Array.isArray(active) ? active : active.alarms) as { id: number; deviceId: string }[];
      const mine = list.find((a) => a.deviceId === `${MINE}.gate1`);
      const theirs = list.find((a) => a.deviceId === `${NOT_MINE}.gate1`);
      return mine && theirs ? { mine, theirs } : null;
    });
    expect(raised).toBeTruthy();
    const snapshot = await until(async () => {
      const response = await get(`/api/alarms/${raised?.mine.id}/snapshot.jpg`, client);
      return response.status === 200 ? new Uint8Array(await response.arrayBuffer()) : null;
    });
    expect(snapshot && isJpeg(snapshot)).toBe(true);
    await until(async () => (await get(`/api/alarms/${raised?.theirs.id}/snapshot.jpg`, admin)).status === 200);
    expect((await get(`/api/alarms/${raised?.theirs.id}/snapshot.jpg`, admin)).status).toBe(200);
    expect((await get(`/api/alarms/${raised?.theirs.id}/snapshot.jpg`, client)).status).toBe(404);
    expect((await get('/api/alarms/999999/snapshot.jpg', admin)).status).toBe(404);
  });

  it('passes an HLS camera through the hub, playlist rewritten, and says an RTSP one needs ffmpeg', async () => {
    const { admin } = hub.tokens;
    const origin = createServer((request, response) => {
      if (request.url === '/cam/live.m3u8') {
        response.writeHead(200, { 'content-type': 'application/vnd.apple.mpegurl' });
        response.end('#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\nseg7.ts\n');
      } else if (request.url === '/cam/seg7.ts') {
        response.writeHead(200, { 'content-type': 'video/mp2t' });
        response.end(Buffer.from([0x47, 1, 2, 3]));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    try {
      const id = `${NOT_MINE}.cam2`;
      const url = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/cam/live.m3u8`;
      const body = { source: 'hls', url, width: 1280, height: 720, fps: 25, covers: [] };
      expect((await hub.server.request('PUT', `/api/cameras/${id}/settings`, { token: admin, body })).status).toBe(200);
      const { cameras } = await (await get(`/api/cameras?siteId=${NOT_MINE}`, admin)).json();
      const camera = cameras.find((c: { id: string }) => c.id === id);
      expect(camera.streamUrl).toBeNull();
      expect(camera.hlsUrl).toMatch(new RegExp(`^/api/cameras/${id}/hls/index.m3u8\\?ticket=`));
      const playlist = await get(camera.hlsUrl);
      expect(playlist.status).toBe(200);
      const ticket = new URL(camera.hlsUrl, hub.server.url).searchParams.get('ticket') ?? '';
      const text = await playlist.text();
      expect(text).toContain(`/api/cameras/${id}/hls/seg7.ts?ticket=${encodeURIComponent(ticket)}`);
      expect(text).not.toContain('127.0.0.1');
      const segment = await get(`/api/cameras/${id}/hls/seg7.ts?ticket=${encodeURIComponent(ticket)}`);
      expect([...new Uint8Array(await segment.arrayBuffer())]).toEqual([0x47, 1, 2, 3]);
      expect((await get(`/api/cameras/${id}/hls/..%2Fsecret`, admin)).status).toBe(404);
    } finally {
      origin.close();
    }

    const rtsp = { source: 'rtsp', url: 'rtsp://127.0.0.1:1/stream', width: 1280, height: 720, fps: 25, covers: [] };
    const id = `${NOT_MINE}.cam1`;
    expect((await hub.server.request('PUT', `/api/cameras/${id}/settings`, { token: admin, body: rtsp })).status).toBe(
      200,
    );
    if (!(await findFfmpeg())) {
      const { cameras } = await (await get(`/api/cameras?siteId=${NOT_MINE}`, admin)).json();
      expect(cameras.find((c: { id: string }) => c.id === id)).toMatchObject({
        online: false,
        offlineReason: NO_FFMPEG,
      });
      expect((await get(`/api/cameras/${id}/hls/index.m3u8`, admin)).status).toBe(503);
    }
  });
});
