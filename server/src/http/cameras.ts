// The cameras: their list (with where to watch each on the hub), their settings (admins), their streams,
// snapshots and HLS passed through the hub, and the picture kept with an alarm. Every path checks `read`
// on Device for the camera's site at each request, and answers 404 for a camera the caller may not see.
// A stream and a snapshot also open with a ticket (`?ticket=`, cctv/tickets.ts) instead of the bearer
// header, since an <img> cannot send one.
import type { CameraInfo, CameraSettings } from '@voltscope/shared/contracts/cameras';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Camera } from '../cctv/cameras.ts';
import { BOUNDARY } from '../cctv/feed.ts';
import { getAlarmSnapshot } from '../cctv/store.ts';
import { forbidden, HttpError, notFound } from '../errors.ts';
import { can } from '../plugins/auth.ts';
import { contract, typed } from './contract.ts';
import { readableSite } from './sites.ts';

const invalid = (field: string, message: string) =>
  new HttpError(400, 'VALIDATION', `${field} ${message}`, { errors: { [field]: [message] } });

/** The schemes each source's URL may have. */
const SCHEMES: Record<CameraSettings['source'], readonly string[]> = {
  simulated: [],
  mjpeg: ['http:', 'https:'],
  hls: ['http:', 'https:'],
  snapshot: ['http:', 'https:'],
  rtsp: ['rtsp:', 'rtsps:'],
};

export async function cameraRoutes(app: FastifyInstance) {
  const { db, cameras } = app.services;
  const api = typed(app);

  /** The camera, if the caller may read its device; another site's camera answers as one that does not exist. */
  const readableCamera = (request: FastifyRequest, id: string): Camera => {
    const camera = cameras.get(id);
    if (!camera || !can(request, 'read', 'Device', camera.device)) throw notFound(`No camera ${id}`);
    return camera;
  };

  /** A stream's or snapshot's session from its ticket (the ticket is for the camera of the path). */
  const byTicket = async (request: FastifyRequest) => {
    const { ticket } = request.query as { ticket?: unknown };
    const { id } = request.params as { id?: unknown };
    if (typeof ticket !== 'string' || typeof id !== 'string' || ticket.length > 200) return undefined;
    return cameras.sessionOfTicket(ticket, id);
  };

  const info = (request: FastifyRequest, { device, settings }: Camera): CameraInfo => {
    const session = request.session;
    const ticket = session ? `?ticket=${cameras.ticket(session, device.id)}` : '';
    const base = `/api/cameras/${encodeURIComponent(device.id)}`;
    const hlsOnly = settings.source === 'hls' || settings.source === 'rtsp';
    const state = cameras.state(device.id);
    return {
      id: device.id,
      siteId: device.siteId,
      name: device.name,
      source: settings.source,
      width: settings.width,
      height: settings.height,
      fps: settings.fps,
      covers: settings.covers,
      online: state.online,
      offlineSince: state.offlineSince,
      offlineReason: state.reason,
      streamUrl: hlsOnly ? null : `${base}/stream.mjpg${ticket}`,
      snapshotUrl: `${base}/snapshot.jpg${ticket}`,
      hlsUrl: hlsOnly ? `${base}/hls/index.m3u8${ticket}` : null,
    };
  };

  api.route({
    ...contract('GET /api/cameras'),
    config: { can: ['read', 'Device'] },
    handler: async (request) => {
      const { siteId } = request.query;
      if (siteId !== undefined) await readableSite(db, request, siteId);
      const list = cameras.list(siteId).filter((c) => can(request, 'read', 'Device', c.device));
      return { cameras: list.map((c) => info(request, c)) };
    },
  });

  /** The camera, if the caller may also change its device (a camera they may only see: 403). */
  const changeableCamera = (request: FastifyRequest, id: string): Camera => {
    const camera = readableCamera(request, id);
    if (!can(request, 'update', 'Device', camera.device)) throw forbidden();
    return camera;
  };

  api.route({
    ...contract('GET /api/cameras/:id/settings'),
    config: { can: ['read', 'Device'] },
    handler: async (request) => changeableCamera(request, request.params.id).settings,
  });

  api.route({
    ...contract('PUT /api/cameras/:id/settings'),
    config: { can: ['read', 'Device'], audit: 'device.update' },
    handler: async (request) => {
      const camera = changeableCamera(request, request.params.id);
      const settings = request.body;
      if (settings.source === 'simulated') {
        if (settings.url !== null) throw invalid('url', 'must be empty for a simulated camera');
      } else {
        let url: URL;
        try {
          url = new URL(settings.url ?? '');
        } catch {
          throw invalid('url', `must be the camera's address (${SCHEMES[settings.source].join(' or ')})`);
        }
        if (!SCHEMES[settings.source].includes(url.protocol)) {
          throw invalid(
            'url',
            `must start with ${SCHEMES[settings.source].join(' or ')} for a ${settings.source} camera`,
          );
        }
      }
      const siteDevices = app.services.registry.devicesOfSite(camera.device.siteId);
      for (const id of settings.covers) {
        if (!siteDevices.some((d) => d.id === id)) throw invalid('covers', `names ${id}, not a device of this site`);
      }
      const covers = [...new Set(settings.covers)];
      const saved = { ...settings, covers };
      await cameras.saveSettings(camera.device.id, saved);
      request.audit = {
        targetType: 'device',
        targetId: camera.device.id,
        targetName: camera.device.name,
        before: { ...camera.settings, url: camera.settings.url && '(set)' },
        after: { ...saved, url: saved.url && '(set)' },
      };
      return saved;
    },
  });

  api.route({
    ...contract('GET /api/cameras/:id/stream.mjpg'),
    config: { can: ['read', 'Device'], ticket: byTicket },
    handler: async (request, reply) => {
      const camera = readableCamera(request, request.params.id);
      const session = request.session;
      if (!session) throw notFound();
      if (camera.settings.source === 'hls' || camera.settings.source === 'rtsp') {
        throw notFound(`Camera ${camera.device.id} is watched as HLS`);
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': `multipart/x-mixed-replace; boundary=${BOUNDARY}`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        // Tell proxies (nginx) not to hold frames back.
        'x-accel-buffering': 'no',
      });
      raw.socket?.setNoDelay(true);
      let stop = () => {};
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        stop();
        raw.end();
        // A viewer that stopped reading never takes the end: cut it.
        setTimeout(() => raw.destroy(), 1000).unref();
      };
      stop = await cameras.watch(camera, session, {
        ready: () => raw.writableLength === 0 && !raw.writableNeedDrain,
        send: (part) => {
          if (!ended) raw.write(part);
        },
        end,
      });
      raw.on('close', () => {
        ended = true;
        stop();
      });
      if (raw.destroyed) stop();
    },
  });

  api.route({
    ...contract('GET /api/cameras/:id/snapshot.jpg'),
    config: { can: ['read', 'Device'], ticket: byTicket },
    handler: async (request, reply) => {
      const camera = readableCamera(request, request.params.id);
      const jpeg = await cameras.still(camera);
      if (!jpeg) {
        const state = cameras.state(camera.device.id);
        throw new HttpError(
          503,
          'UNAVAILABLE',
          `Camera ${camera.device.id} sent no picture: ${state.reason ?? 'no answer'}`,
        );
      }
      return reply.type('image/jpeg').send(Buffer.from(jpeg.buffer, jpeg.byteOffset, jpeg.byteLength));
    },
  });

  api.route({
    ...contract('GET /api/cameras/:id/hls/*'),
    config: { can: ['read', 'Device'], ticket: byTicket },
    handler: async (request, reply) => {
      const camera = readableCamera(request, request.params.id);
      const ticket = (request.query as { ticket?: string }).ticket;
      const answer = await cameras.hls(camera, request.params['*'], ticket);
      return reply.type(answer.type).send(answer.body);
    },
  });

  api.route({
    ...contract('GET /api/alarms/:id/snapshot.jpg'),
    config: { can: ['read', 'Alarm'] },
    handler: async (request, reply) => {
      const snapshot = await getAlarmSnapshot(db, request.params.id);
      if (!snapshot || !can(request, 'read', 'Alarm', { siteId: snapshot.siteId })) {
        throw notFound(`No snapshot of alarm ${request.params.id}`);
      }
      return reply
        .type('image/jpeg')
        .header('cache-control', 'private, max-age=86400')
        .send(Buffer.from(snapshot.jpeg.buffer, snapshot.jpeg.byteOffset, snapshot.jpeg.byteLength));
    },
  });
}
