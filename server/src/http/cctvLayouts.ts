// CCTV monitor layouts over HTTP: each user's own named grids (GET/POST/PUT/DELETE /api/cctv/layouts).
// Another user's layout answers 404 as one that does not exist. A cell naming a camera the caller may not
// (or no longer) read comes back empty, so a layout never tells of a camera outside the caller's sites.
import type { CctvLayout, CctvLayoutBody } from '@voltscope/shared/contracts/cctv';
import { CCTV_LIMITS } from '@voltscope/shared/contracts/cctv';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, notFound, unauthenticated } from '../errors.ts';
import { can } from '../plugins/auth.ts';
import {
  countCctvLayouts,
  deleteCctvLayout,
  getCctvLayout,
  insertCctvLayout,
  listCctvLayouts,
  updateCctvLayout,
} from '../store/cctvLayouts.ts';
import { contract, typed } from './contract.ts';

const badLayout = (field: string, message: string) =>
  new HttpError(400, 'VALIDATION', message, { errors: { [field]: [message] } });

const nameTaken = (name: string) =>
  new HttpError(409, 'CONFLICT', `You already have a layout named ${name}`, {
    errors: { name: ['You already have a layout with this name'] },
    reason: { code: 'cctvLayoutTaken' },
    fields: { name: { code: 'cctvLayoutTaken' } },
  });

export async function cctvLayoutRoutes(app: FastifyInstance) {
  const { db, registry } = app.services;
  const api = typed(app);

  const ownerOf = (request: FastifyRequest): number => {
    const user = request.session?.user;
    if (!user) throw unauthenticated();
    return user.id;
  };

  /** A camera the caller may read, by id (a device of type camera on one of their sites). */
  const readableCamera = (request: FastifyRequest, id: string): boolean => {
    const device = registry.devices.get(id);
    return device !== undefined && device.type === 'camera' && can(request, 'read', 'Device', device);
  };

  /** The layout as the caller may see it now: cells of cameras out of their reach are empty. */
  const view = (request: FastifyRequest, layout: CctvLayout): CctvLayout => ({
    ...layout,
    cells: layout.cells.map((id) => (id !== null && readableCamera(request, id) ? id : null)),
  });

  /** The checks the schema cannot make: one cell per tile, cameras the caller may read, no camera twice. */
  const checked = (request: FastifyRequest, body: CctvLayoutBody): CctvLayoutBody => {
    const name = body.name.trim();
    if (name === '') throw badLayout('name', 'A layout needs a name');
    if (body.cells.length !== body.size) {
      throw badLayout('cells', `A grid of ${body.size} tiles has ${body.size} cells, not ${body.cells.length}`);
    }
    const seen = new Set<string>();
    body.cells.forEach((id, i) => {
      if (id === null) return;
      if (!readableCamera(request, id)) throw badLayout(`cells.${i}`, `No camera ${id}`);
      if (seen.has(id)) throw badLayout(`cells.${i}`, `Camera ${id} is in the layout twice`);
      seen.add(id);
    });
    return { ...body, name };
  };

  const found = async (request: FastifyRequest, id: number): Promise<CctvLayout> => {
    const layout = await getCctvLayout(db, ownerOf(request), id);
    if (!layout) throw notFound(`No layout ${id}`);
    return view(request, layout);
  };

  api.route({
    ...contract('GET /api/cctv/layouts'),
    config: { can: ['read', 'Device'] },
    handler: async (request) => (await listCctvLayouts(db, ownerOf(request))).map((layout) => view(request, layout)),
  });

  api.route({
    ...contract('GET /api/cctv/layouts/:id'),
    config: { can: ['read', 'Device'] },
    handler: async (request) => found(request, request.params.id),
  });

  api.route({
    ...contract('POST /api/cctv/layouts'),
    config: { can: ['read', 'Device'] },
    handler: async (request, reply) => {
      const owner = ownerOf(request);
      const body = checked(request, request.body);
      if ((await countCctvLayouts(db, owner)) >= CCTV_LIMITS.layouts) {
        throw badLayout('name', `At most ${CCTV_LIMITS.layouts} layouts per user: delete one first`);
      }
      const id = await insertCctvLayout(db, owner, body);
      if (id === 'taken') throw nameTaken(body.name);
      return reply.code(201).send(await found(request, id));
    },
  });

  api.route({
    ...contract('PUT /api/cctv/layouts/:id'),
    config: { can: ['read', 'Device'] },
    handler: async (request) => {
      const body = checked(request, request.body);
      const outcome = await updateCctvLayout(db, ownerOf(request), request.params.id, body);
      if (outcome === 'missing') throw notFound(`No layout ${request.params.id}`);
      if (outcome === 'taken') throw nameTaken(body.name);
      return found(request, request.params.id);
    },
  });

  api.route({
    ...contract('DELETE /api/cctv/layouts/:id'),
    config: { can: ['read', 'Device'] },
    handler: async (request, reply) => {
      if (!(await deleteCctvLayout(db, ownerOf(request), request.params.id))) {
        throw notFound(`No layout ${request.params.id}`);
      }
      return reply.code(204).send(null);
    },
  });
}
