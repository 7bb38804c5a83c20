// Alarms over HTTP: the open alarms of the sites a caller may read, an alarm with its timeline, the
// operator's actions (acknowledge, shelve, unshelve, out of service, comment) on one alarm or a
// selection, and the rules (admins). Each action is checked per alarm against the caller's rights, and
// answered only after its transitions are committed.

import type { Action } from '@voltscope/shared/abilities';
import { type Alarm, type AlarmRule, type AlarmRuleUpdate, fillLocalised } from '@voltscope/shared/alarms';
import { MAX_OUT_OF_SERVICE_DAYS } from '@voltscope/shared/contracts/alarms';
import type { BodyOf } from '@voltscope/shared/contracts/common';
import type { Contracts } from '@voltscope/shared/contracts/index';
import { languages } from '@voltscope/shared/i18n';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { Actor } from '../alarms/engine.ts';
import { alarmEvents, getAlarms, insertOverride, openAlarms, retireRule, updateRule } from '../alarms/store.ts';
import { internalTarget, refusal } from '../alarms/webhookTarget.ts';
import { changingHands } from '../cluster/leaderCalls.ts';
import { FencedError } from '../cluster/leadership.ts';
import { HttpError, notFound, unauthenticated } from '../errors.ts';
import { assertCan, can } from '../plugins/auth.ts';
import { contract, typed } from './contract.ts';
import { readableSiteIds } from './sites.ts';

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

/** A rule's rationale texts given blank (spaces only) in some language: refused, each language must say it. */
function refuseBlankRationale(update: AlarmRuleUpdate): void {
  const errors: Record<string, string[]> = {};
  for (const field of ['cause', 'consequence', 'action'] as const) {
    const blank = languages.filter((l) => update[field] && update[field][l].trim() === '');
    if (blank.length > 0) errors[field] = [`${field} must be written in every language; blank in ${blank.join(', ')}`];
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new HttpError(400, 'VALIDATION', first, { errors });
}

type OperatorAction =
  | 'POST /api/alarms/acknowledge'
  | 'POST /api/alarms/shelve'
  | 'POST /api/alarms/unshelve'
  | 'POST /api/alarms/out-of-service'
  | 'POST /api/alarms/comment';

const DAY = 24 * 3600_000;

/** A 400 naming the field and what is wrong with it. */
function invalid(field: string, message: string): never {
  throw new HttpError(400, 'VALIDATION', message, { errors: { [field]: [message] } });
}

/** A reason the action requires: its text trimmed, or a 400 that says why one is needed. */
function required(comment: string | undefined, message: string): string {
  const text = comment?.trim();
  if (!text) invalid('comment', message);
  return text;
}

/** What the audit log keeps of an alarm before and after an action. */
const auditState = (a: Alarm) => ({
  state: a.state,
  shelvedUntil: a.shelvedUntil,
  outOfService: a.outOfService,
  outOfServiceUntil: a.outOfServiceUntil,
  acknowledgedBy: a.acknowledgedBy,
});

/** The audit log's view of a selection of alarms: each one's state by id. */
const auditStates = (alarms: readonly Alarm[]) => Object.fromEntries(alarms.map((a) => [a.id, auditState(a)]));

/** Who acts: the record keeps their id, and shows their name as it stands when read. */
function actorOf(request: FastifyRequest): Actor {
  const session = request.session;
  if (!session) throw unauthenticated();
  return { id: session.user.id, name: session.user.fullName || session.user.username };
}

export async function alarmRoutes(app: FastifyInstance) {
  const { db, alarms: engine, notifier } = app.services;
  const api = typed(app);

  /**
   * The alarms of `ids` the caller may act on with `action`: 404 for unknown ones and for those of sites
   * the caller may not read (another's alarm answers as one that does not exist, so its id tells nothing),
   * 403 where the caller reads the alarm but may not take the action.
   */
  async function actionable(request: FastifyRequest, wanted: readonly number[], action: Action): Promise<Alarm[]> {
    const unique = [...new Set(wanted)];
    const alarms = (await getAlarms(db, unique)).filter((a) => can(request, 'read', 'Alarm', { siteId: a.siteId }));
    if (alarms.length !== unique.length) {
      const missing = unique.filter((id) => !alarms.some((a) => a.id === id));
      throw notFound(`No alarm ${missing.join(', ')}`);
    }
    for (const alarm of alarms) assertCan(request, action, 'Alarm', { siteId: alarm.siteId });
    return alarms;
  }

  api.route({
    ...contract('GET /api/alarms/active'),
    config: { can: ['read', 'Alarm'] },
    handler: async (request) => {
      const wanted = request.query.sites?.split(',').filter(Boolean);
      return openAlarms(db, await readableSiteIds(db, request, 'Alarm', wanted));
    },
  });

  api.route({
    ...contract('GET /api/alarms/:id'),
    config: { can: ['read', 'Alarm'] },
    handler: async (request) => {
      const [alarm] = (await actionable(request, [request.params.id], 'read')) as [Alarm];
      // The rule as it is now (its rationale may have been rewritten since the alarm was raised).
      const rule = engine.rules().find((r) => r.id === alarm.ruleId) ?? null;
      return { alarm, timeline: await alarmEvents(db, request.params.id), rule };
    },
  });

  /** An operator's action on a selection: each alarm checked for `action`, answered with them after it. */
  function actionRoute<K extends OperatorAction>(
    key: K,
    action: Action,
    audit: string,
    act: (ids: number[], by: Actor, body: BodyOf<Contracts[K]>) => Promise<Alarm[]>,
  ) {
    // Its schema widened: the type provider cannot resolve a reply over a generic K, so the body is typed
    // by hand here; the contract's schemas still check both at run time.
    const { method, url, schema } = contract(key);
    app.route({
      method,
      url,
      schema: schema as FastifySchema,
      config: { can: [action, 'Alarm'], audit },
      handler: async (request) => {
        const body = request.body as BodyOf<Contracts[K]>;
        const alarms = await actionable(request, body.ids, action);
        const ids = alarms.map((a) => a.id);
        // A leader that lost its lease mid-action committed nothing: answered as a hand-over.
        const after = await act(ids, actorOf(request), body).catch((error: unknown) => {
          throw error instanceof FencedError ? changingHands() : error;
        });
        request.audit = {
          targetType: 'alarm',
          targetId: ids.join(','),
          targetName: alarms.length === 1 ? (alarms[0]?.message.en ?? '') : `${alarms.length} alarms`,
          before: auditStates(alarms),
          after: auditStates(after),
          comment: (body as { comment?: string }).comment ?? null,
        };
        return { alarms: after };
      },
    });
  }

  actionRoute('POST /api/alarms/acknowledge', 'acknowledge', 'alarm.acknowledge', (ids, by, body) =>
    engine.acknowledge(ids, by, body.comment ?? null),
  );
  actionRoute('POST /api/alarms/shelve', 'shelve', 'alarm.shelve', (ids, by, body) => {
    const reason = required(body.comment, 'A shelved alarm needs a reason: write why it is shelved');
    const ms = body.minutes * 60_000;
    if (ms > engine.maxShelveMs) {
      const message = `An alarm may be shelved for at most ${engine.maxShelveMs / 60_000} minutes`;
      throw new HttpError(400, 'VALIDATION', message, { errors: { minutes: [message] } });
    }
    return engine.shelve(ids, Date.now() + ms, by, reason);
  });
  actionRoute('POST /api/alarms/unshelve', 'shelve', 'alarm.unshelve', (ids, by, body) =>
    engine.unshelve(ids, by, body.comment ?? null),
  );
  actionRoute('POST /api/alarms/out-of-service', 'outOfService', 'alarm.outOfService', (ids, by, body) => {
    if (!body.outOfService) {
      if (body.until !== undefined) invalid('until', 'An end date applies only when taking alarms out of service');
      return engine.setOutOfService(ids, false, by, body.comment?.trim() || null);
    }
    const reason = required(body.comment, 'An alarm out of service needs a reason: write why');
    const now = Date.now();
    if (body.until === undefined) {
      invalid('until', 'An alarm out of service needs an end or review date (until, in epoch milliseconds)');
    }
    if (body.until <= now) invalid('until', 'The end or review date must be in the future');
    if (body.until > now + MAX_OUT_OF_SERVICE_DAYS * DAY) {
      invalid('until', `The end or review date must be at most ${MAX_OUT_OF_SERVICE_DAYS} days ahead`);
    }
    return engine.setOutOfService(ids, true, by, reason, body.until);
  });
  actionRoute('POST /api/alarms/comment', 'comment', 'alarm.comment', (ids, by, body) =>
    engine.comment(ids, by, body.comment),
  );

  // The rules of every device type, and the device overrides of the sites the caller may read.
  api.route({
    ...contract('GET /api/alarms/rules'),
    config: { can: ['read', 'Alarm'] },
    handler: async (request) =>
      engine.rules().filter((rule) => {
        if (rule.deviceId === null) return true;
        const siteId = app.services.registry.devices.get(rule.deviceId)?.siteId ?? null;
        return siteId !== null && can(request, 'read', 'Alarm', { siteId });
      }),
  });

  const ruleTarget = (rule: AlarmRule) => ({
    targetType: 'alarmRule',
    targetId: rule.id,
    targetName: rule.deviceId ? `${rule.name} (${rule.deviceId})` : rule.name,
  });

  const ruleOf = (id: number) => {
    const rule = engine.rules().find((r) => r.id === id);
    if (!rule) throw notFound(`No rule ${id}`);
    return rule;
  };

  /** Puts the rules in force and records the change as an event, by whom and what. */
  async function ruleChanged(request: FastifyRequest, rule: AlarmRule, what: keyof typeof RULE_CHANGES) {
    await engine.rulesChanged();
    const who = actorOf(request);
    const name = rule.deviceId ? `${rule.name} (${rule.deviceId})` : rule.name;
    request.log.info({ ruleId: rule.id, what, change: request.body }, 'alarm rule changed');
    await engine.record({
      siteId: null,
      deviceId: rule.deviceId,
      alarmId: null,
      type: 'rule_changed',
      severity: 'info',
      // `{who}` stays in the message: it is filled with the user's current name when read.
      message: fillLocalised(RULE_CHANGES[what], { name }),
      userName: who.name,
      userId: who.id,
      comment: request.body ? JSON.stringify(request.body) : null,
      ts: Date.now(),
    });
  }

  api.route({
    ...contract('PATCH /api/alarms/rules/:id'),
    config: { can: ['update', 'Alarm'], audit: 'alarmRule.update' },
    handler: async (request) => {
      const rule = ruleOf(request.params.id);
      refuseBlankRationale(request.body);
      await updateRule(db, rule.id, request.body);
      await ruleChanged(request, rule, 'changed');
      const after = ruleOf(request.params.id);
      request.audit = { ...ruleTarget(rule), before: rule, after };
      return after;
    },
  });

  // A device's own rule in place of its type's: a copy of the type rule with the fields given.
  api.route({
    ...contract('POST /api/alarms/rules/:id/overrides'),
    config: { can: ['update', 'Alarm'], audit: 'alarmRule.create' },
    handler: async (request, reply) => {
      const { deviceId, ...update } = request.body;
      const rule = ruleOf(request.params.id);
      refuseBlankRationale(update);
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
      const created = ruleOf(id);
      request.audit = { ...ruleTarget(created), before: null, after: created, overrides: rule.id };
      return reply.code(201).send(created);
    },
  });

  // Removing a device override sends the device back to its type's rule; the override is retired, so
  // its alarms keep their rule in the history.
  api.route({
    ...contract('DELETE /api/alarms/rules/:id'),
    config: { can: ['update', 'Alarm'], audit: 'alarmRule.delete' },
    handler: async (request, reply) => {
      const rule = ruleOf(request.params.id);
      if (rule.deviceId === null) {
        throw new HttpError(409, 'CONFLICT', 'A device type’s rule can be disabled, not removed');
      }
      await retireRule(db, rule.id);
      await ruleChanged(request, rule, 'removed');
      request.audit = { ...ruleTarget(rule), before: rule, after: null };
      return reply.code(204).send(null);
    },
  });

  // Notification webhooks (admins): a URL per set of priorities, its secret shown once, its deliveries.
  api.route({
    ...contract('GET /api/webhooks'),
    config: { can: ['update', 'Alarm'] },
    handler: async () => notifier.list(),
  });

  api.route({
    ...contract('POST /api/webhooks'),
    config: { can: ['update', 'Alarm'], audit: 'webhook.create' },
    handler: async (request, reply) => {
      const url = URL.parse(request.body.url);
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        throw new HttpError(400, 'VALIDATION', 'url must be an http(s) URL', {
          errors: { url: ['must be an http(s) URL'] },
        });
      }
      // Not into the hub's own network (checked again at each delivery, on the address connected to).
      const internal = app.services.config.webhookAllowPrivate ? null : await internalTarget(url);
      if (internal !== null) {
        const message = `url must not point at the hub's network: ${refusal(internal)}`;
        throw new HttpError(400, 'VALIDATION', message, { errors: { url: [message] } });
      }
      const created = await notifier.create(request.body);
      // The secret is shown once, to its creator: never kept in the log (masked anyway).
      const { secret: _secret, ...kept } = created as typeof created & { secret?: string };
      request.audit = {
        targetType: 'webhook',
        targetId: created.id,
        targetName: created.url,
        before: null,
        after: kept,
      };
      return reply.code(201).send(created);
    },
  });

  api.route({
    ...contract('DELETE /api/webhooks/:id'),
    config: { can: ['update', 'Alarm'], audit: 'webhook.delete' },
    handler: async (request, reply) => {
      const before = (await notifier.list()).find((h) => h.id === request.params.id);
      if (!(await notifier.remove(request.params.id))) throw notFound(`No webhook ${request.params.id}`);
      request.audit = {
        targetType: 'webhook',
        targetId: request.params.id,
        targetName: before?.url ?? '',
        before,
        after: null,
      };
      return reply.code(204).send(null);
    },
  });

  api.route({
    ...contract('GET /api/webhooks/:id/deliveries'),
    config: { can: ['update', 'Alarm'] },
    handler: async (request) => {
      if (!(await notifier.list()).some((h) => h.id === request.params.id)) {
        throw notFound(`No webhook ${request.params.id}`);
      }
      return notifier.deliveries(request.params.id);
    },
  });
}
