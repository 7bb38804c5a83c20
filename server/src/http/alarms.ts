// Alarms over HTTP: the open alarms of the sites a caller may read, an alarm with its timeline, the
// operator's actions (acknowledge, shelve, unshelve, out of service, comment) on one alarm or a
// selection, and the rules (admins). Each action is checked per alarm against the caller's rights, and
// answered only after its transitions are committed.

import type { Action } from '@voltscope/shared/abilities';
import {
  type Alarm,
  type AlarmRule,
  type AlarmRuleUpdate,
  alarmPriorities,
  fillLocalised,
  ruleLimits,
} from '@voltscope/shared/alarms';
import { languages } from '@voltscope/shared/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { alarmEvents, getAlarms, insertOverride, openAlarms, retireRule, updateRule } from '../alarms/store.ts';
import { HttpError, notFound, unauthenticated } from '../errors.ts';
import { assertCan, can } from '../plugins/auth.ts';
import { listSites } from '../store/sites.ts';
import { errorResponses } from './schemas.ts';

const MAX_SELECTION = 500;
const ids = { type: 'array', minItems: 1, maxItems: MAX_SELECTION, items: { type: 'integer', minimum: 1 } } as const;
const comment = { type: 'string', maxLength: 1000 } as const;
const idParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] } as const;

/** What a rule change says in the event log, in every language. */
const RULE_CHANGES = {
  changed: {
    en: '{who} changed the alarm rule “{name}”',
    fr: '{who} a modifié la règle d’alarme « {name} »',
    fa: '{who} قاعده هشدار «{name}» را تغییر داد',
    ar: '{who} عدّل قاعدة الإنذار «{name}»',
  },
  overridden: {
    en: '{who} gave a device its own alarm rule “{name}”',
    fr: '{who} a donné à un équipement sa propre règle d’alarme « {name} »',
    fa: '{who} برای یک دستگاه قاعده هشدار اختصاصی «{name}» تعریف کرد',
    ar: '{who} خصّص لجهاز قاعدة إنذار خاصة «{name}»',
  },
  removed: {
    en: '{who} removed the device’s own alarm rule “{name}”',
    fr: '{who} a retiré la règle d’alarme propre à l’équipement « {name} »',
    fa: '{who} قاعده هشدار اختصاصی دستگاه «{name}» را حذف کرد',
    ar: '{who} أزال قاعدة الإنذار الخاصة بالجهاز «{name}»',
  },
} as const;

function actorOf(request: FastifyRequest) {
  const session = request.session;
  if (!session) throw unauthenticated();
  return { name: session.user.fullName || session.user.username };
}

export async function alarmRoutes(app: FastifyInstance) {
  const { db, alarms: engine, notifier } = app.services;

  /** The alarms of `ids` the caller may act on with `action`: 404 for unknown ones, 403 for others'. */
  async function actionable(request: FastifyRequest, wanted: readonly number[], action: Action): Promise<Alarm[]> {
    const unique = [...new Set(wanted)];
    const alarms = await getAlarms(db, unique);
    if (alarms.length !== unique.length) {
      const missing = unique.filter((id) => !alarms.some((a) => a.id === id));
      throw notFound(`No alarm ${missing.join(', ')}`);
    }
    for (const alarm of alarms) assertCan(request, action, 'Alarm', { siteId: alarm.siteId });
    return alarms;
  }

  app.get<{ Querystring: { sites?: string } }>(
    '/api/alarms/active',
    {
      config: { can: ['read', 'Alarm'] },
      schema: {
        querystring: {
          type: 'object',
          properties: { sites: { type: 'string', maxLength: 2000 } },
          additionalProperties: false,
        },
        response: errorResponses,
      },
    },
    async (request) => {
      const wanted = request.query.sites?.split(',').filter(Boolean);
      const sites = (await listSites(db))
        .filter((s) => !wanted || wanted.includes(s.id))
        .filter((s) => can(request, 'read', 'Alarm', { siteId: s.id }))
        .map((s) => s.id);
      return openAlarms(db, sites);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/alarms/:id',
    {
      config: { can: ['read', 'Alarm'] },
      schema: {
        params: { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] },
        response: errorResponses,
      },
    },
    async (request) => {
      const [alarm] = await actionable(request, [request.params.id], 'read');
      return { alarm, timeline: await alarmEvents(db, request.params.id) };
    },
  );

  const action = <B extends { ids: number[]; comment?: string }>(
    path: string,
    permission: Action,
    extra: Record<string, unknown>,
    required: string[],
    run: (request: FastifyRequest<{ Body: B }>, alarms: Alarm[]) => Promise<Alarm[]>,
  ) =>
    app.post<{ Body: B }>(
      path,
      {
        config: { can: [permission, 'Alarm'] },
        schema: {
          body: {
            type: 'object',
            properties: { ids, comment, ...extra },
            required: ['ids', ...required],
            additionalProperties: false,
          },
          response: errorResponses,
        },
      },
      async (request) => {
        const body = request.body as B;
        const alarms = await actionable(request, body.ids, permission);
        return { alarms: await run(request as FastifyRequest<{ Body: B }>, alarms) };
      },
    );

  action('/api/alarms/acknowledge', 'acknowledge', {}, [], (request, alarms) =>
    engine.acknowledge(
      alarms.map((a) => a.id),
      actorOf(request),
      request.body.comment ?? null,
    ),
  );

  action<{ ids: number[]; comment?: string; minutes: number }>(
    '/api/alarms/shelve',
    'shelve',
    { minutes: { type: 'integer', minimum: 1, maximum: 7 * 24 * 60 } },
    ['minutes'],
    (request, alarms) => {
      const ms = request.body.minutes * 60_000;
      if (ms > engine.maxShelveMs) {
        const message = `An alarm may be shelved for at most ${engine.maxShelveMs / 60_000} minutes`;
        throw new HttpError(400, 'VALIDATION', message, { errors: { minutes: [message] } });
      }
      return engine.shelve(
        alarms.map((a) => a.id),
        Date.now() + ms,
        actorOf(request),
        request.body.comment ?? null,
      );
    },
  );

  action('/api/alarms/unshelve', 'shelve', {}, [], (request, alarms) =>
    engine.unshelve(
      alarms.map((a) => a.id),
      actorOf(request),
      request.body.comment ?? null,
    ),
  );

  action<{ ids: number[]; comment?: string; outOfService: boolean }>(
    '/api/alarms/out-of-service',
    'outOfService',
    { outOfService: { type: 'boolean' } },
    ['outOfService'],
    (request, alarms) =>
      engine.setOutOfService(
        alarms.map((a) => a.id),
        request.body.outOfService,
        actorOf(request),
        request.body.comment ?? null,
      ),
  );

  action<{ ids: number[]; comment: string }>(
    '/api/alarms/comment',
    'comment',
    { comment: { type: 'string', minLength: 1, maxLength: 1000 } },
    ['comment'],
    (request, alarms) =>
      engine.comment(
        alarms.map((a) => a.id),
        actorOf(request),
        request.body.comment,
      ),
  );

  app.get('/api/alarms/rules', { config: { can: ['read', 'Alarm'] }, schema: { response: errorResponses } }, async () =>
    engine.rules(),
  );

  const ruleFields = {
    threshold: { type: 'number' },
    deadband: { type: 'number', minimum: 0 },
    onDelayMs: { type: 'integer', minimum: 0, maximum: ruleLimits.maxDelayMs },
    offDelayMs: { type: 'integer', minimum: 0, maximum: ruleLimits.maxDelayMs },
    priority: { type: 'string', enum: [...alarmPriorities] },
    enabled: { type: 'boolean' },
    message: {
      type: 'object',
      properties: Object.fromEntries(
        languages.map((l) => [l, { type: 'string', minLength: 1, maxLength: ruleLimits.maxMessageLength }]),
      ),
      required: [...languages],
      additionalProperties: false,
    },
  } as const;
  const ruleOf = (id: number) => {
    const rule = engine.rules().find((r) => r.id === id);
    if (!rule) throw notFound(`No rule ${id}`);
    return rule;
  };

  /** Puts the rules in force and records the change as an event, by whom and what. */
  async function ruleChanged(request: FastifyRequest, rule: AlarmRule, what: keyof typeof RULE_CHANGES) {
    await engine.rulesChanged();
    const who = actorOf(request).name;
    const name = rule.deviceId ? `${rule.name} (${rule.deviceId})` : rule.name;
    request.log.info({ ruleId: rule.id, what, change: request.body }, 'alarm rule changed');
    await engine.record({
      siteId: null,
      deviceId: rule.deviceId,
      alarmId: null,
      type: 'rule_changed',
      severity: 'info',
      message: fillLocalised(RULE_CHANGES[what], { who, name }),
      userName: who,
      comment: request.body ? JSON.stringify(request.body) : null,
      ts: Date.now(),
    });
  }

  app.patch<{ Params: { id: number }; Body: AlarmRuleUpdate }>(
    '/api/alarms/rules/:id',
    {
      config: { can: ['update', 'Alarm'] },
      schema: {
        params: idParams,
        body: { type: 'object', properties: ruleFields, minProperties: 1, additionalProperties: false },
        response: errorResponses,
      },
    },
    async (request) => {
      const rule = ruleOf(request.params.id);
      await updateRule(db, rule.id, request.body);
      await ruleChanged(request, rule, 'changed');
      return ruleOf(request.params.id);
    },
  );

  // A device's own rule in place of its type's: a copy of the type rule with the fields given.
  app.post<{ Params: { id: number }; Body: AlarmRuleUpdate & { deviceId: string } }>(
    '/api/alarms/rules/:id/overrides',
    {
      config: { can: ['update', 'Alarm'] },
      schema: {
        params: idParams,
        body: {
          type: 'object',
          properties: { deviceId: { type: 'string', minLength: 1, maxLength: 100 }, ...ruleFields },
          required: ['deviceId'],
          additionalProperties: false,
        },
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const { deviceId, ...update } = request.body;
      const rule = ruleOf(request.params.id);
      if (rule.deviceId !== null) {
        throw new HttpError(400, 'VALIDATION', 'A device override cannot itself be overridden: edit it instead');
      }
      const device = app.services.registry.devices.get(deviceId);
      if (!device) throw notFound(`No device ${deviceId}`);
      if (device.type !== rule.deviceType) {
        const message = `This rule is for devices of type ${rule.deviceType}; ${deviceId} is of type ${device.type}`;
        throw new HttpError(400, 'VALIDATION', message, {
          errors: { deviceId: [`must be a ${rule.deviceType}`] },
        });
      }
      if (engine.rules().some((r) => r.deviceId === deviceId && r.name === rule.name)) {
        throw new HttpError(409, 'CONFLICT', `${deviceId} already has its own “${rule.name}” rule`);
      }
      const id = await insertOverride(db, rule, deviceId, update);
      await ruleChanged(request, { ...rule, id, deviceId }, 'overridden');
      return reply.code(201).send(ruleOf(id));
    },
  );

  // Removing a device override sends the device back to its type's rule; the override is retired, so
  // its alarms keep their rule in the history.
  app.delete<{ Params: { id: number } }>(
    '/api/alarms/rules/:id',
    { config: { can: ['update', 'Alarm'] }, schema: { params: idParams, response: errorResponses } },
    async (request, reply) => {
      const rule = ruleOf(request.params.id);
      if (rule.deviceId === null) {
        throw new HttpError(409, 'CONFLICT', 'A device type’s rule can be disabled, not removed');
      }
      await retireRule(db, rule.id);
      await ruleChanged(request, rule, 'removed');
      return reply.code(204).send();
    },
  );

  // Notification webhooks (admins): a URL per set of priorities, its secret shown once, its deliveries.
  app.get('/api/webhooks', { config: { can: ['update', 'Alarm'] }, schema: { response: errorResponses } }, async () =>
    notifier.list(),
  );

  app.post<{ Body: { name: string; url: string; priorities: (typeof alarmPriorities)[number][] } }>(
    '/api/webhooks',
    {
      config: { can: ['update', 'Alarm'] },
      schema: {
        body: {
          type: 'object',
          properties: {
            name: { type: 'string', minLength: 1, maxLength: 100 },
            url: { type: 'string', minLength: 8, maxLength: 2000, pattern: '^https?://' },
            priorities: {
              type: 'array',
              minItems: 1,
              uniqueItems: true,
              items: { type: 'string', enum: [...alarmPriorities] },
            },
          },
          required: ['name', 'url', 'priorities'],
          additionalProperties: false,
        },
        response: errorResponses,
      },
    },
    async (request, reply) => {
      try {
        new URL(request.body.url);
      } catch {
        throw new HttpError(400, 'VALIDATION', 'url must be an http(s) URL', {
          errors: { url: ['must be an http(s) URL'] },
        });
      }
      return reply.code(201).send(await notifier.create(request.body));
    },
  );

  app.delete<{ Params: { id: number } }>(
    '/api/webhooks/:id',
    { config: { can: ['update', 'Alarm'] }, schema: { params: idParams, response: errorResponses } },
    async (request, reply) => {
      if (!(await notifier.remove(request.params.id))) throw notFound(`No webhook ${request.params.id}`);
      return reply.code(204).send();
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/webhooks/:id/deliveries',
    { config: { can: ['update', 'Alarm'] }, schema: { params: idParams, response: errorResponses } },
    async (request) => {
      if (!(await notifier.list()).some((h) => h.id === request.params.id)) {
        throw notFound(`No webhook ${request.params.id}`);
      }
      return notifier.deliveries(request.params.id);
    },
  );
}
