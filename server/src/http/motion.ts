// Site plans and motion tracks (shared/src/contracts/motion.ts). Read with `read` on the site (another's
// answers 404 as one that does not exist); the plan is changed with `update` on the site. An uploaded SVG
// is only ever served as an image with `content-security-policy: sandbox` (the page shows it through
// <img>, so no script of it runs); the generated plan is an SVG drawn here, in light or dark colours.
import { MOTION_MAX_PERIOD_MS, PLAN_LIMITS, planImageTypes } from '@voltscope/shared/contracts/motion';
import type { Site } from '@voltscope/shared/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, HttpError, notFound } from '../errors.ts';
import { featuresOf, planSvg } from '../motion/plan.ts';
import { deletePlan, getPlanImage, saveLayout, savePlan, tracksBetween } from '../motion/store.ts';
import { can } from '../plugins/auth.ts';
import { contract, typed } from './contract.ts';

/** base64 of the largest picture, with room for the rest of the body. */
const UPLOAD_BODY_LIMIT = Math.ceil((PLAN_LIMITS.imageBytes * 4) / 3) + 4096;
const MAX_TRACKS = 300;

/** Whether the bytes are what the content type says: PNG and JPEG by their signature, SVG by its root. */
export function looksLike(contentType: string, bytes: Buffer): boolean {
  if (contentType === 'image/png') return bytes.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  if (contentType === 'image/jpeg') return bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  const head = bytes.subarray(0, 4096).toString('utf8');
  return /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(head);
}

function sendImage(reply: FastifyReply, contentType: string, body: Buffer | string) {
  reply.header('content-type', contentType);
  reply.header('cache-control', 'private, no-cache');
  reply.header('x-content-type-options', 'nosniff');
  // An SVG opened on its own (not through <img>) still runs nothing and reaches nothing.
  if (contentType === 'image/svg+xml')
    reply.header('content-security-policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'");
  return reply.send(body);
}

export async function motionRoutes(app: FastifyInstance) {
  const { db } = app.services;
  const api = typed(app);
  const motion = () => app.services.motion;

  /** The site in service the caller may read; any other answers 404. */
  const readableSite = (request: FastifyRequest, id: string): Site => {
    const site = motion().site(id);
    if (!site || !can(request, 'read', 'Site', { ...site })) throw notFound(`No site ${id}`);
    return site;
  };
  const writableSite = (request: FastifyRequest, id: string): Site => {
    const site = readableSite(request, id);
    if (!can(request, 'update', 'Site', { ...site }))
      throw forbidden('Only an administrator of the site may change its plan');
    return site;
  };

  api.route({
    ...contract('GET /api/sites/:id/plan'),
    config: { can: ['read', 'Site'] },
    handler: async (request) => motion().planView(readableSite(request, request.params.id)),
  });

  api.route({
    ...contract('GET /api/sites/:id/plan/image'),
    config: { can: ['read', 'Site'] },
    handler: async (request, reply) => {
      const site = readableSite(request, request.params.id);
      const uploaded = motion().stored(site.id)?.contentType ? await getPlanImage(db, site.id) : null;
      if (uploaded) return sendImage(reply, uploaded.contentType, Buffer.from(uploaded.image, 'base64'));
      const generators = app.services.registry
        .devicesOfSite(site.id)
        .filter((d) => d.type === 'inverter' || d.type === 'wind_turbine').length;
      const features = featuresOf(site.kind === 'wind' ? 'wind' : 'solar', generators);
      return sendImage(reply, 'image/svg+xml', planSvg(features, request.query.theme ?? 'light'));
    },
  });

  api.route({
    ...contract('PUT /api/sites/:id/plan/image'),
    config: { can: ['update', 'Site'] },
    bodyLimit: UPLOAD_BODY_LIMIT,
    handler: async (request) => {
      const site = writableSite(request, request.params.id);
      const { contentType, data, width, height } = request.body;
      if (!(planImageTypes as readonly string[]).includes(contentType)) {
        throw new HttpError(400, 'VALIDATION', 'The plan must be a PNG, JPEG or SVG image', {
          reason: { code: 'planImageType' },
        });
      }
      const bytes = Buffer.from(data, 'base64');
      if (bytes.length > PLAN_LIMITS.imageBytes) {
        throw new HttpError(413, 'PAYLOAD_TOO_LARGE', 'The plan image is larger than 2 MB', {
          reason: { code: 'planImageTooLarge', params: { mb: 2 } },
        });
      }
      if (bytes.length === 0 || !looksLike(contentType, bytes)) {
        throw new HttpError(400, 'VALIDATION', `The file is not a ${contentType} image`, {
          reason: { code: 'planImageType' },
        });
      }
      const stored = motion().stored(site.id);
      await savePlan(db, {
        siteId: site.id,
        image: bytes.toString('base64'),
        contentType,
        width,
        height,
        layout: stored?.layout ?? null,
        updatedAt: Date.now(),
      });
      await motion().load();
      return motion().planView(site);
    },
  });

  api.route({
    ...contract('PUT /api/sites/:id/plan/layout'),
    config: { can: ['update', 'Site'] },
    handler: async (request) => {
      const site = writableSite(request, request.params.id);
      const { devices, zones } = request.body;
      const own = new Set(app.services.registry.devicesOfSite(site.id).map((d) => d.id));
      const stranger = devices.find((d) => !own.has(d.deviceId));
      if (stranger) throw new HttpError(400, 'VALIDATION', `${stranger.deviceId} is not a device of ${site.id}`);
      const size = motion().layout(site);
      const outside = devices.find((d) => d.x > size.width || d.y > size.height);
      if (outside) throw new HttpError(400, 'VALIDATION', `${outside.deviceId} is placed outside the plan`);
      if (new Set(zones.map((z) => z.id)).size !== zones.length) {
        throw new HttpError(400, 'VALIDATION', 'Two zones have the same id');
      }
      await saveLayout(db, site.id, { devices, zones }, size, Date.now());
      await motion().load();
      return motion().planView(site);
    },
  });

  api.route({
    ...contract('DELETE /api/sites/:id/plan'),
    config: { can: ['update', 'Site'] },
    handler: async (request) => {
      const site = writableSite(request, request.params.id);
      await deletePlan(db, site.id);
      await motion().load();
      return motion().planView(site);
    },
  });

  api.route({
    ...contract('GET /api/sites/:id/motion/tracks'),
    config: { can: ['read', 'Site'] },
    handler: async (request) => {
      const site = readableSite(request, request.params.id);
      const { from, to } = request.query;
      if (to < from) throw new HttpError(400, 'VALIDATION', '`to` must not be before `from`');
      if (to - from > MOTION_MAX_PERIOD_MS) throw new HttpError(400, 'VALIDATION', 'The period is at most 31 days');
      // Points of the running tracks not yet stored (at most a second's) come over the socket.
      return tracksBetween(db, site.id, from, to, MAX_TRACKS);
    },
  });
}
