// A CCTV grid over the socket: a client watches its own sites' cameras and gets whole, changing JPEG
// pictures of each; a camera of another site is refused as one that does not exist; a new request
// replaces the set watched, and the camera left stops for this socket; a malformed request is refused.
import { MAX_WATCHED_CAMERAS } from '@voltscope/shared/events';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import type { TestSocket } from '../helper.ts';
import { hubForTests } from '../hub.ts';

const cctv = { ...loadConfig({}).cctv, width: 320, height: 180, fps: 10 };
const MINE = ['fr-occitanie.cam1', 'fr-occitanie.cam2', 'es-tarifa.cam1'];
const THEIRS = 'ma-ouarzazate.cam1';

const isJpeg = (bytes: Uint8Array) =>
  bytes[0] === 0xff && bytes[1] === 0xd8 && bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9;

function watch(socket: TestSocket, cameras: unknown) {
  return socket.timeout(10_000).emitWithAck('cctv:watch', cameras as { cameras: string[] });
}

async function until(probe: () => boolean, timeoutMs = 8000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!probe() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  return probe();
}

describe('cameras over the socket', () => {
  const hub = hubForTests({ overrides: { cctv }, signIn: ['client'] });

  it('sends a whole, changing picture of each camera watched, and nothing of another site', async () => {
    const socket = hub.server.connect(hub.tokens.client);
    const frames = new Map<string, Uint8Array[]>();
    socket.on('cctv:frame', (camera, _at, jpeg) => {
      const list = frames.get(camera) ?? [];
      list.push(new Uint8Array(jpeg as ArrayBuffer));
      frames.set(camera, list);
    });
    try {
      const answer = await watch(socket, { cameras: [...MINE, THEIRS] });
      expect(answer).toEqual({
        data: { granted: MINE, refused: [{ camera: THEIRS, code: 'NOT_FOUND' }] },
      });
      expect(await until(() => MINE.every((id) => (frames.get(id)?.length ?? 0) >= 3))).toBe(true);
      for (const id of MINE) {
        const pictures = frames.get(id) ?? [];
        expect(pictures.every(isJpeg)).toBe(true);
        expect(
          Buffer.compare(Buffer.from(pictures[0] as Uint8Array), Buffer.from(pictures.at(-1) as Uint8Array)),
        ).not.toBe(0);
      }
      expect(frames.has(THEIRS)).toBe(false);
      expect(hub.server.app.services.cameras.counts().viewers).toBe(MINE.length);

      // The next request is the whole set: the cameras left out stop for this socket.
      expect(await watch(socket, { cameras: [MINE[0]] })).toEqual({ data: { granted: [MINE[0]], refused: [] } });
      expect(hub.server.app.services.cameras.counts().viewers).toBe(1);
      const before = frames.get(MINE[1] as string)?.length ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(frames.get(MINE[1] as string)?.length ?? 0).toBeLessThanOrEqual(before + 1);
    } finally {
      socket.disconnect();
    }
    // A socket gone is a viewer gone: nobody watches, no encoder runs.
    expect(await until(() => hub.server.app.services.cameras.counts().viewers === 0)).toBe(true);
  });

  it('refuses a request that is not a list of at most 16 camera ids', async () => {
    const socket = hub.server.connect(hub.tokens.client);
    try {
      const tooMany = Array.from({ length: MAX_WATCHED_CAMERAS + 1 }, (_, i) => `x${i}`);
      for (const request of [null, { cameras: 'fr-occitanie.cam1' }, { cameras: [42] }, { cameras: tooMany }]) {
        expect(await watch(socket, request)).toMatchObject({ error: { code: 'VALIDATION' } });
      }
    } finally {
      socket.disconnect();
    }
  });
});
