// User administration: an admin gives a user their sites or takes them away. The change holds at once
// everywhere: HTTP requests read rights on every call, and the user's live sockets leave the rooms of
// the sites they lost (RELIABILITY invariant I4: no data of a site after its right is withdrawn).
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound } from '../errors.ts';
import { allSiteIds } from '../store/sites.ts';
import { findUserById, setUserSites, toUserData } from '../store/users.ts';
import { contract, typed } from './contract.ts';

export async function userRoutes(app: FastifyInstance) {
  const { db, sessions } = app.services;
  const api = typed(app);

  api.route({
    ...contract('PUT /api/users/:id/sites'),
    config: { can: ['update', 'User'] },
    handler: async (request) => {
      const { id } = request.params;
      if (!(await findUserById(db, id))) throw notFound(`No user ${id}`);
      const known = await allSiteIds(db);
      const unknown = request.body.siteIds.filter((s) => !known.has(s));
      if (unknown.length > 0) {
        const message = `No such site: ${unknown.join(', ')}`;
        throw new HttpError(422, 'VALIDATION', message, { errors: { siteIds: [message] } });
      }
      await setUserSites(db, id, request.body.siteIds);
      sessions.rightsChanged(id);
      request.log.info({ userId: id, siteIds: request.body.siteIds, by: request.session?.user.id }, 'user sites set');
      const user = await findUserById(db, id);
      if (!user) throw notFound(`No user ${id}`);
      return toUserData(user);
    },
  });
}
