// Wall displays over HTTP: the admins' registry (/api/displays: register, edit, pairing codes, revoke,
// remove) and the display's own calls (/api/display: pair with a code, read itself, renew its token).
// A display's token is checked in sessions.ts and limited to reading in plugins/auth.ts; here its
// sockets hear its edits and are closed when its tokens stop working.

import type { Display } from '@voltscope/shared/contracts/displays';
import type { Reason } from '@voltscope/shared/errors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { displayPrincipal } from '../auth/sessions.ts';
import { forbidden, HttpError, notFound, unauthenticated } from '../errors.ts';
import { announceDisplay, displayOnline, endDisplay } from '../realtime/io.ts';
import {
  createDisplay,
  type DisplayRecord,
  type DisplaySettings,
  deleteDisplay,
  getDisplay,
  listDisplays,
  newPairingCode,
  pairByCode,
  renewDisplayToken,
  revokeDisplay,
  updateDisplay,
} from '../store/displays.ts';
import { allSiteIds } from '../store/sites.ts';
import { toUserData } from '../store/users.ts';
import { contract, typed } from './contract.ts';
import { type DisplayChange, displayEvent } from './displayEvents.ts';

const invalidCode = () =>
  new HttpError(400, 'VALIDATION', 'This pairing code is unknown, used or expired: ask for a new one', {
    errors: { code: ['This pairing code is unknown, used or expired: ask for a new one'] },
    reason: { code: 'invalidPairingCode' },
    fields: { code: { code: 'invalidPairingCode' } },
  });

/** A 422 naming the field (`siteIds`, `playlist.2.siteId`) and the site at fault. */
function badSite(field: string, message: string, reason: Reason): HttpError {
  return new HttpError(422, 'VALIDATION', message, { errors: { [field]: [message] }, fields: { [field]: reason } });
}

export async function displayRoutes(app: FastifyInstance) {
  const { db, sessions, io, alarms, clientBuild: build } = app.services;
  const api = typed(app);

  const view = (display: DisplayRecord): Static<typeof Display> => {
    const { createdBy: _by, ...shown } = display;
    return { ...shown, online: displayOnline(io, display.id) };
  };

  const found = async (id: number): Promise<DisplayRecord> => {
    const display = await getDisplay(db, id);
    if (!display) throw notFound(`No display ${id}`);
    return display;
  };

  const adminOf = (request: FastifyRequest) => {
    const user = request.session?.user;
    if (!user) throw unauthenticated();
    return { id: user.id, name: user.fullName || user.username };
  };

  /** Records a change in the event log before the reply (a failure to record is logged, not the caller's). */
  const record = (change: DisplayChange, display: DisplayRecord, request: FastifyRequest | null, detail?: unknown) =>
    alarms
      .record(displayEvent(change, display, request && adminOf(request), detail))
      .catch((error: unknown) => app.log.error({ err: error }, 'could not record a display event'));

  /** Sites that exist, and playlist items within the display's sites: the checks the schema cannot make. */
  async function assertValid(settings: Pick<DisplaySettings, 'siteIds' | 'playlist'>): Promise<void> {
    const known = await allSiteIds(db);
    const unknown = settings.siteIds.find((s) => !known.has(s));
    if (unknown !== undefined) {
      throw badSite('siteIds', `No such site: ${unknown}`, { code: 'unknownSite', params: { site: unknown } });
    }
    const scope = new Set(settings.siteIds);
    settings.playlist.forEach((item, i) => {
      if (item.siteId !== null && !scope.has(item.siteId)) {
        const message = `Item ${i + 1} shows ${item.siteId}, which is not one of the display's sites`;
        throw badSite(`playlist.${i}.siteId`, message, { code: 'siteOutsideDisplay', params: { site: item.siteId } });
      }
    });
  }

  /** Closes what a display's tokens held open: its sockets are told (revoked) and disconnected. */
  const endTokens = (displayId: number, hashes: readonly string[]) => {
    sessions.endTokens(hashes, 'revoked');
    endDisplay(io, displayId);
  };

  async function pairingReply(display: DisplayRecord) {
    const { code, expiresAt } = await newPairingCode(db, display.id);
    return { display: view(await found(display.id)), code, expiresAt };
  }

  /** What a display's browser keeps: a session like a sign-in's, with the display and the client build. */
  async function displaySession(display: DisplayRecord, accessToken: string) {
    const session = await sessions.authenticate(accessToken);
    if (!session?.display) throw unauthenticated('The display was revoked meanwhile');
    return {
      accessToken,
      expiresAt: session.expiresAt,
      userData: toUserData(displayPrincipal(session.display)),
      userAbilityRules: session.rules,
      display: view(display),
      build: await build(),
    };
  }

  const ownDisplay = (request: FastifyRequest): DisplayRecord => {
    const display = request.session?.display;
    if (!display) throw forbidden('Only a paired wall display makes this call');
    return display;
  };

  /** What the audit log says a display write acted on (its view: no token or code). */
  const audited = (request: FastifyRequest, display: DisplayRecord, before: unknown, after: unknown) => {
    request.audit = { targetType: 'display', targetId: display.id, targetName: display.name, before, after };
  };

  api.route({
    ...contract('GET /api/displays'),
    config: { can: ['manage', 'Display'] },
    handler: async () => (await listDisplays(db)).map(view),
  });

  api.route({
    ...contract('POST /api/displays'),
    config: { can: ['manage', 'Display'], audit: 'display.create' },
    handler: async (request, reply) => {
      await assertValid(request.body);
      const id = await createDisplay(db, request.body, adminOf(request).id);
      const display = await found(id);
      await record('registered', display, request);
      audited(request, display, null, view(display));
      return reply.code(201).send(await pairingReply(display));
    },
  });

  api.route({
    ...contract('PATCH /api/displays/:id'),
    config: { can: ['manage', 'Display'], audit: 'display.update' },
    handler: async (request) => {
      const before = await found(request.params.id);
      await assertValid({
        siteIds: request.body.siteIds ?? before.siteIds,
        playlist: request.body.playlist ?? before.playlist,
      });
      await updateDisplay(db, before.id, request.body);
      const display = view(await found(before.id));
      announceDisplay(io, display);
      // Sites taken away: its sockets leave their rooms at once, as a user's do (io.ts, `rights`).
      if (request.body.siteIds) sessions.rightsChanged(displayPrincipal(before).id);
      await record('changed', await found(before.id), request, request.body);
      audited(request, before, view(before), display);
      return display;
    },
  });

  api.route({
    ...contract('POST /api/displays/:id/pairing'),
    config: { can: ['manage', 'Display'], audit: 'display.pair' },
    handler: async (request, reply) => {
      const display = await found(request.params.id);
      await record('pairingCode', display, request);
      audited(request, display, null, null);
      return reply.code(201).send(await pairingReply(display));
    },
  });

  api.route({
    ...contract('POST /api/displays/:id/revoke'),
    config: { can: ['manage', 'Display'], audit: 'display.revoke' },
    handler: async (request) => {
      const display = await found(request.params.id);
      endTokens(display.id, await revokeDisplay(db, display.id));
      await record('revoked', display, request);
      const after = view(await found(display.id));
      audited(request, display, view(display), after);
      return after;
    },
  });

  api.route({
    ...contract('DELETE /api/displays/:id'),
    config: { can: ['manage', 'Display'], audit: 'display.delete' },
    handler: async (request, reply) => {
      const display = await found(request.params.id);
      const ended = await deleteDisplay(db, display.id);
      if (ended === undefined) throw notFound(`No display ${display.id}`);
      endTokens(display.id, ended);
      await record('deleted', display, request);
      audited(request, display, view(display), null);
      return reply.code(204).send(null);
    },
  });

  api.route({
    ...contract('POST /api/display/pair'),
    config: { public: true, display: true, errorField: 'code' },
    handler: async (request, reply) => {
      const paired = await pairByCode(db, request.body.code);
      if (!paired) throw invalidCode();
      // The browser bound before (if any) stops at once: one wall per display.
      endTokens(paired.id, paired.ended);
      const display = await found(paired.id);
      await record('paired', display, null);
      request.log.info({ displayId: display.id }, 'display paired');
      return reply.code(201).send(await displaySession(display, paired.token));
    },
  });

  api.route({
    ...contract('GET /api/display/me'),
    config: { display: true },
    handler: async (request) => ({ display: view(await found(ownDisplay(request).id)), build: await build() }),
  });

  api.route({
    ...contract('POST /api/display/renew'),
    config: { display: true },
    handler: async (request, reply) => {
      const display = ownDisplay(request);
      const token = await renewDisplayToken(db, display.id);
      if (!token) throw unauthenticated('The display was revoked meanwhile');
      return reply.code(201).send(await displaySession(await found(display.id), token));
    },
  });
}
