// Cameras over the socket: a grid's pictures on the connection the page already has. A browser opens at
// most six HTTP/1.1 streams per host, so a grid of 16 MJPEG <img>s cannot all be live; one socket carries
// them all. Each watched camera is one more viewer of the camera's shared feed (cctv/feed.ts): the feed
// encodes once for every viewer, HTTP or socket, and a socket that has not written what it was sent skips
// the next picture rather than queue it. The cameras service ends a watch when its session ends or loses
// the camera's site, as it ends an HTTP stream.
import { asSubject } from '@voltscope/shared/abilities';
import type { Ack } from '@voltscope/shared/errors';
import { MAX_WATCHED_CAMERAS, type WatchResult } from '@voltscope/shared/events';
import type { Cameras } from '../cctv/cameras.ts';
import type { Viewer } from '../cctv/feed.ts';
import { bufferedBytes } from './backpressure.ts';
import type { IoSocket } from './types.ts';

/** A socket with more than this still to write skips pictures until it drains (about eight at 640×360). */
const BUSY_BYTES = 256 * 1024;

const isRequest = (request: unknown): request is { cameras: string[] } => {
  const cameras = (request as { cameras?: unknown } | null)?.cameras;
  return (
    Array.isArray(cameras) &&
    cameras.length <= MAX_WATCHED_CAMERAS &&
    cameras.every((id) => typeof id === 'string' && id.length > 0 && id.length <= 64)
  );
};

export function registerCameraWatch(socket: IoSocket, cameras: Cameras): void {
  /** The cameras this socket watches, each with what stops it. */
  const watching = new Map<string, () => void>();
  const stop = (id: string) => {
    watching.get(id)?.();
    watching.delete(id);
  };

  socket.on('cctv:watch', async (request, ack) => {
    if (typeof ack !== 'function') return;
    if (!isRequest(request)) {
      return ack({
        error: { code: 'VALIDATION', message: `cameras must be a list of at most ${MAX_WATCHED_CAMERAS} camera ids` },
      } as Ack<WatchResult>);
    }
    const wanted = new Set(request.cameras);
    for (const id of [...watching.keys()]) if (!wanted.has(id)) stop(id);
    const result: WatchResult = { granted: [], refused: [] };
    for (const id of wanted) {
      const camera = cameras.get(id);
      // Another's camera is refused as one that does not exist.
      if (!camera || !socket.data.session.ability.can('read', asSubject('Device', { ...camera.device }))) {
        stop(id);
        result.refused.push({ camera: id, code: 'NOT_FOUND' });
        continue;
      }
      result.granted.push(id);
      if (watching.has(id)) continue;
      // Held before the feed is reached, so that a second request in the meantime does not watch twice.
      let stopped = false;
      let release = () => {
        stopped = true;
      };
      watching.set(id, () => release());
      const viewer: Viewer = {
        ready: () => socket.connected && bufferedBytes(socket) < BUSY_BYTES,
        send: (_part, picture) => socket.emit('cctv:frame', id, picture.capturedAt, picture.jpeg),
        end: () => {
          if (!watching.has(id)) return;
          stop(id);
          socket.emit('cctv:ended', { camera: id });
        },
      };
      try {
        release = await cameras.watch(camera, socket.data.session, viewer);
      } catch {
        watching.delete(id);
        result.granted.pop();
        result.refused.push({ camera: id, code: 'NOT_FOUND' });
        continue;
      }
      if (stopped) release();
    }
    ack({ data: result });
  });

  socket.on('disconnect', () => {
    for (const id of [...watching.keys()]) stop(id);
  });
}
