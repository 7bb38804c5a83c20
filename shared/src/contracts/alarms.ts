// Alarms, their rules, notification webhooks and the logs: GET /api/alarms/active, /api/alarms/:id, the
// operator's actions (POST /api/alarms/acknowledge|shelve|unshelve|out-of-service|comment), the rules
// (/api/alarms/rules...), the webhooks and their deliveries (/api/webhooks...), the event and alarm logs
// (GET /api/events, /api/alarms/history), and the `alarms:subscribe` socket request.
import Type, { type TSchema } from 'typebox';
import {
  alarmPriorities,
  alarmRuleKinds,
  alarmSortKeys,
  alarmStates,
  eventSortKeys,
  eventTypes,
  logPageSizes,
  ruleLimits,
} from '../alarms.ts';
import { languages } from '../i18n.ts';
import { errorReplies, NoContent, Nullable, NumericIdParams, OneOf, routes } from './common.ts';

/** What the hub accepts of a rule's rationale: texts up to 1000 characters in each language, 1 minute to a day to respond. */
export const rationaleLimits = { maxTextLength: 1000, minResponseMinutes: 1, maxResponseMinutes: 1440 } as const;

/** A schema for each language, all required. */
const PerLanguage = <T extends TSchema>(text: T) =>
  Type.Object(Object.fromEntries(languages.map((l) => [l, text])) as { [L in (typeof languages)[number]]: T });

/** A text in every language the product speaks. */
export const LocalisedText = PerLanguage(Type.String());

const NullableNumber = Nullable(Type.Number());
const NullableInteger = Nullable(Type.Integer());
const NullableString = Nullable(Type.String());

/** A rule on a device type (deviceId null) or one device (an override of its type's rule). */
export const AlarmRule = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  deviceType: Type.String(),
  deviceId: NullableString,
  /** The series key the rule watches (`temperature`, `fault_code`...); null for communication loss. */
  seriesKey: NullableString,
  kind: OneOf(alarmRuleKinds),
  /** High/low limit, rate per minute, or silence in seconds for communication loss. */
  threshold: Type.Number(),
  /** A high/low alarm clears only this far back inside the limit (no chatter at the limit). */
  deadband: Type.Number(),
  /** The condition must hold this long before the alarm is raised, and be gone this long before it clears. */
  onDelayMs: Type.Number(),
  offDelayMs: Type.Number(),
  priority: OneOf(alarmPriorities),
  /** With `{device}`, `{value}`, `{unit}`, `{threshold}`, `{code}` filled in. */
  message: LocalisedText,
  /** Raised while the site's grid is out or its main breaker open: suppressed by design, not annunciated. */
  consequentialOfGrid: Type.Boolean(),
  /** The site-wide root alarm of a grid outage (the main breaker open, no grid voltage). */
  gridRoot: Type.Boolean(),
  enabled: Type.Boolean(),
  // The rule's rationalization (ISA-18.2's master alarm database): what makes the alarm, what follows
  // if nobody acts, what the operator does, and how long that may take.
  /** Why the alarm is raised: the likely causes. */
  cause: LocalisedText,
  /** What happens if nobody acts. */
  consequence: LocalisedText,
  /** The corrective action the operator takes. */
  action: LocalisedText,
  /** The allowed response time, in minutes: the operator acts within it. */
  responseMinutes: Type.Integer(),
});

/** A text in every language, each 1 to `max` characters (the hub also refuses a blank one). */
const RequiredText = (max: number) =>
  Type.Object(
    Object.fromEntries(languages.map((l) => [l, Type.String({ minLength: 1, maxLength: max })])) as {
      [L in (typeof languages)[number]]: ReturnType<typeof Type.String>;
    },
    { additionalProperties: false },
  );

/**
 * What an admin may change of a rule: delays up to a day, messages up to 300 characters in each language,
 * cause, consequence and action up to 1000 (every language, none blank), a response time of 1 to 1440 minutes.
 */
const ruleFields = {
  threshold: Type.Optional(Type.Number()),
  deadband: Type.Optional(Type.Number({ minimum: 0 })),
  onDelayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: ruleLimits.maxDelayMs })),
  offDelayMs: Type.Optional(Type.Integer({ minimum: 0, maximum: ruleLimits.maxDelayMs })),
  priority: Type.Optional(OneOf(alarmPriorities)),
  enabled: Type.Optional(Type.Boolean()),
  message: Type.Optional(
    Type.Object(
      Object.fromEntries(
        languages.map((l) => [l, Type.String({ minLength: 1, maxLength: ruleLimits.maxMessageLength })]),
      ) as { [L in (typeof languages)[number]]: ReturnType<typeof Type.String> },
      { additionalProperties: false },
    ),
  ),
  cause: Type.Optional(RequiredText(rationaleLimits.maxTextLength)),
  consequence: Type.Optional(RequiredText(rationaleLimits.maxTextLength)),
  action: Type.Optional(RequiredText(rationaleLimits.maxTextLength)),
  responseMinutes: Type.Optional(
    Type.Integer({ minimum: rationaleLimits.minResponseMinutes, maximum: rationaleLimits.maxResponseMinutes }),
  ),
};

/** What an admin may change of a rule (PATCH), or set on a device's own copy of it. */
export const AlarmRuleUpdate = Type.Object(ruleFields, { minProperties: 1, additionalProperties: false });

export const AlarmOverrideRequest = Type.Object(
  { deviceId: Type.String({ minLength: 1, maxLength: 100 }), ...ruleFields },
  { additionalProperties: false },
);

export const Alarm = Type.Object({
  id: Type.Integer(),
  siteId: Type.String(),
  deviceId: Type.String(),
  ruleId: Type.Integer(),
  priority: OneOf(alarmPriorities),
  state: OneOf(alarmStates),
  /** The message as raised, in every language. */
  message: LocalisedText,
  value: NullableNumber,
  raisedAt: Type.Number(),
  /** When it returned to normal, if it has. */
  clearedAt: NullableNumber,
  acknowledgedAt: NullableNumber,
  acknowledgedBy: NullableString,
  closedAt: NullableNumber,
  shelvedUntil: NullableNumber,
  suppressed: Type.Boolean(),
  outOfService: Type.Boolean(),
  /** Out of service: when it returns to service by itself (its end or review date); null otherwise. */
  outOfServiceUntil: NullableNumber,
  /** The site's event sequence number of this alarm's latest change (for resume). */
  seq: Type.Integer(),
});

export const SiteEvent = Type.Object({
  id: Type.Integer(),
  /** Per site, increasing by one with each event: a client resumes from the last it holds. */
  seq: Type.Integer(),
  /** Null for fleet-wide events (sign-ins, rule changes), which only admins read. */
  siteId: NullableString,
  deviceId: NullableString,
  alarmId: NullableInteger,
  type: OneOf(eventTypes),
  severity: OneOf([...alarmPriorities, 'info'] as const),
  message: LocalisedText,
  userName: NullableString,
  comment: NullableString,
  ts: Type.Number(),
});

/**
 * An alarm with its transitions, oldest first, and its rule as it is now (with the rationale); null once
 * the rule is gone (a device override removed since).
 */
export const AlarmDetail = Type.Object({ alarm: Alarm, timeline: Type.Array(SiteEvent), rule: Nullable(AlarmRule) });

/** One page of a log, of `item`s. */
export const LogPage = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  });

export const EventPage = LogPage(SiteEvent);
export const AlarmPage = LogPage(Alarm);

/** An alarm notification target (admins): a URL that gets POSTs for alarms of these priorities. */
export const Webhook = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  priorities: Type.Array(OneOf(alarmPriorities)),
  enabled: Type.Boolean(),
  createdAt: Type.Number(),
});

/** A new webhook with its signing secret: the only time the hub shows it. */
export const CreatedWebhook = Type.Object({ ...Webhook.properties, secret: Type.String() });

export const NewWebhook = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 100 }),
    url: Type.String({ minLength: 8, maxLength: 2000, pattern: '^https?://' }),
    priorities: Type.Array(OneOf(alarmPriorities), { minItems: 1, uniqueItems: true }),
  },
  { additionalProperties: false },
);

/** One notification to one webhook, and how its attempts went. */
export const Delivery = Type.Object({
  id: Type.Integer(),
  webhookId: Type.Integer(),
  siteId: NullableString,
  alarmId: NullableInteger,
  kind: OneOf(['alarm', 'flood']),
  status: OneOf(['pending', 'delivered', 'failed']),
  attempts: Type.Integer(),
  lastStatus: NullableInteger,
  lastError: NullableString,
  nextAttemptAt: NullableNumber,
  createdAt: Type.Number(),
  deliveredAt: NullableNumber,
});

/** What a client sends to follow a site's alarms and events; `lastSeq` resumes after a drop. */
export const AlarmSubscription = Type.Object({
  id: Type.String({ maxLength: 64 }),
  lastSeq: Type.Optional(Type.Integer({ minimum: 0 })),
});

/** Most sites one `alarms:subscribe` may follow. */
export const MAX_ALARM_SITES = 100;

/** The `alarms:subscribe` socket request. */
export const AlarmSubscribeRequest = Type.Object({
  sites: Type.Array(AlarmSubscription, { minItems: 1, maxItems: MAX_ALARM_SITES }),
});

/** The most alarms one action may carry. */
export const MAX_SELECTION = 500;
const ids = Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: MAX_SELECTION });
const comment = Type.String({ maxLength: 1000 });
/** Why: a shelving and an out-of-service need one (ISA-18.2), checked non-blank by the hub. */
const reason = Type.String({ minLength: 1, maxLength: 1000 });

/** Longest an alarm may stay out of service before it returns by itself (its review date at the latest). */
export const MAX_OUT_OF_SERVICE_DAYS = 90;
const AlarmsReply = Type.Object({ alarms: Type.Array(Alarm) });

/** A comma-separated list of ids, types, priorities or states. */
const ListParam = Type.String({ maxLength: 4000, pattern: '^[\\w.:,-]*$' });

/** The filters, sort and page of a log; `format=csv` streams the whole filtered set as CSV instead. */
const logQuery = <const S extends readonly string[]>(sorts: S) =>
  Type.Object(
    {
      sites: Type.Optional(ListParam),
      devices: Type.Optional(ListParam),
      types: Type.Optional(ListParam),
      priorities: Type.Optional(ListParam),
      states: Type.Optional(ListParam),
      from: Type.Optional(Type.String({ maxLength: 40 })),
      to: Type.Optional(Type.String({ maxLength: 40 })),
      q: Type.Optional(Type.String({ maxLength: 200 })),
      sort: Type.Optional(OneOf(sorts)),
      order: Type.Optional(OneOf(['asc', 'desc'])),
      page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
      pageSize: Type.Optional(
        Type.Unsafe<(typeof logPageSizes)[number]>({ type: 'integer', enum: [...logPageSizes], default: 25 }),
      ),
      format: Type.Optional(OneOf(['json', 'csv'], { default: 'json' })),
      lang: Type.Optional(OneOf(['en', 'fr', 'fa', 'ar'], { default: 'en' })),
    },
    { additionalProperties: false },
  );

export const alarmContracts = routes({
  'GET /api/alarms/active': {
    querystring: Type.Object(
      { sites: Type.Optional(Type.String({ maxLength: 2000 })) },
      { additionalProperties: false },
    ),
    response: { 200: Type.Array(Alarm), ...errorReplies },
  },
  'GET /api/alarms/:id': { params: NumericIdParams, response: { 200: AlarmDetail, ...errorReplies } },
  'POST /api/alarms/acknowledge': {
    body: Type.Object({ ids, comment: Type.Optional(comment) }, { additionalProperties: false }),
    response: { 200: AlarmsReply, ...errorReplies },
  },
  'POST /api/alarms/shelve': {
    body: Type.Object(
      {
        ids,
        comment: reason,
        minutes: Type.Integer({ minimum: 1, maximum: 7 * 24 * 60 }),
      },
      { additionalProperties: false },
    ),
    response: { 200: AlarmsReply, ...errorReplies },
  },
  'POST /api/alarms/unshelve': {
    body: Type.Object({ ids, comment: Type.Optional(comment) }, { additionalProperties: false }),
    response: { 200: AlarmsReply, ...errorReplies },
  },
  'POST /api/alarms/out-of-service': {
    body: Type.Object(
      {
        ids,
        /** The reason: required to take alarms out of service, optional to return them. */
        comment: Type.Optional(comment),
        outOfService: Type.Boolean(),
        /** Out of service: when it returns by itself (epoch ms), in the future, at most 90 days ahead. */
        until: Type.Optional(Type.Integer({ minimum: 0 })),
      },
      { additionalProperties: false },
    ),
    response: { 200: AlarmsReply, ...errorReplies },
  },
  'POST /api/alarms/comment': {
    body: Type.Object(
      { ids, comment: Type.String({ minLength: 1, maxLength: 1000 }) },
      { additionalProperties: false },
    ),
    response: { 200: AlarmsReply, ...errorReplies },
  },
  'GET /api/alarms/rules': { response: { 200: Type.Array(AlarmRule), ...errorReplies } },
  'PATCH /api/alarms/rules/:id': {
    params: NumericIdParams,
    body: AlarmRuleUpdate,
    response: { 200: AlarmRule, ...errorReplies },
  },
  /** A device's own rule in place of its type's: a copy of the type rule with the fields given. */
  'POST /api/alarms/rules/:id/overrides': {
    params: NumericIdParams,
    body: AlarmOverrideRequest,
    response: { 201: AlarmRule, ...errorReplies },
  },
  /** Device overrides only: the device goes back to its type's rule. */
  'DELETE /api/alarms/rules/:id': { params: NumericIdParams, response: { 204: NoContent, ...errorReplies } },
  'GET /api/webhooks': { response: { 200: Type.Array(Webhook), ...errorReplies } },
  'POST /api/webhooks': { body: NewWebhook, response: { 201: CreatedWebhook, ...errorReplies } },
  'DELETE /api/webhooks/:id': { params: NumericIdParams, response: { 204: NoContent, ...errorReplies } },
  /** A webhook's latest deliveries, newest first. */
  'GET /api/webhooks/:id/deliveries': {
    params: NumericIdParams,
    response: { 200: Type.Array(Delivery), ...errorReplies },
  },
  /** A page of events, or with `format=csv` all of them as a CSV stream (not serialised by this schema). */
  'GET /api/events': { querystring: logQuery(eventSortKeys), response: { 200: EventPage, ...errorReplies } },
  /** A page of alarms, or with `format=csv` all of them as a CSV stream (not serialised by this schema). */
  'GET /api/alarms/history': {
    querystring: logQuery(alarmSortKeys),
    response: { 200: AlarmPage, ...errorReplies },
  },
});
