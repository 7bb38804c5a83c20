// Alarms and events, as both sides see them. The lifecycle is ISA-18.2's: an occurrence is raised
// (unacknowledged), acknowledged, returns to normal, and closes once it is both acknowledged and back
// to normal; a closed occurrence never comes back: the next activation is a new occurrence. Shelving,
// suppression by design and out of service hide an alarm from annunciation, never from the record.
import type { Static } from 'typebox';
import type * as schemas from './contracts/alarms.ts';
import type { RefusedSite } from './errors.ts';
import { type Language, languages } from './i18n.ts';

export const alarmPriorities = ['critical', 'high', 'medium', 'low'] as const;
export type AlarmPriority = (typeof alarmPriorities)[number];

/** ISA-18.2 states of an occurrence (shelved, suppressed and out of service are flags beside them). */
export const alarmStates = ['unacknowledged', 'acknowledged', 'rtn_unacknowledged', 'closed'] as const;
export type AlarmState = (typeof alarmStates)[number];

export const alarmRuleKinds = ['high', 'low', 'fault_code', 'comm_loss', 'rate_of_change'] as const;
export type AlarmRuleKind = (typeof alarmRuleKinds)[number];

export type LocalisedText = Record<Language, string>;

// The API's shapes (Alarm, AlarmRule, SiteEvent, LogPage, Webhook, Delivery...) are schemas in
// contracts/alarms.ts, with what each field means; here are their types.

/** A rule on a device type (deviceId null) or one device (an override of its type's rule). */
export type AlarmRule = Static<typeof schemas.AlarmRule>;

/** What an admin may change of a rule (PATCH), or set on a device's own copy of it. */
export type AlarmRuleUpdate = Static<typeof schemas.AlarmRuleUpdate>;

/** The hub's limits on a rule: delays up to a day, messages up to 300 characters in each language. */
export const ruleLimits = { maxDelayMs: 86_400_000, maxMessageLength: 300 } as const;

export type Alarm = Static<typeof schemas.Alarm>;

export const eventTypes = [
  'alarm_raised',
  'alarm_acknowledged',
  'alarm_returned',
  'alarm_closed',
  'alarm_shelved',
  'alarm_unshelved',
  'alarm_out_of_service',
  'alarm_in_service',
  'alarm_suppressed',
  'alarm_unsuppressed',
  'alarm_comment',
  'rule_changed',
  'display_changed',
  'site_changed',
  'device_changed',
  'device_maintenance',
  /** A site's single-line diagram published or restored (an admin's). */
  'diagram_changed',
  /** A fault started or ended by hand in the simulator (trainers, demos, tests). */
  'simulated_fault',
  'sign_in',
  'door',
  'motion',
] as const;
export type EventType = (typeof eventTypes)[number];
export type EventSeverity = AlarmPriority | 'info';

export type SiteEvent = Static<typeof schemas.SiteEvent>;

/** An event with the alarm it changed as it now stands (null for an event without an alarm). */
export interface AlarmChangeOf {
  alarm: Alarm | null;
  event: SiteEvent;
}

/**
 * An `alarm:events` item as it travels: an event of an alarm says what its alarm says, so it goes without
 * its message (a quarter of an alarm storm's bytes, each encoded by the hub and decoded by every client).
 */
export type SentAlarmChange =
  | { alarm: Alarm; event: Omit<SiteEvent, 'message'> & { message?: undefined } }
  | { alarm: null; event: SiteEvent };

/** The change as sent: without the message an event of an alarm shares with it. */
export const sentChange = ({ alarm, event }: AlarmChangeOf): SentAlarmChange =>
  alarm ? { alarm, event: { ...event, message: undefined } } : { alarm, event };

/** The change as received, whole again: an event of an alarm takes its alarm's message. */
export const receivedChange = ({ alarm, event }: SentAlarmChange): AlarmChangeOf =>
  alarm ? { alarm, event: { ...event, message: alarm.message } } : { alarm, event };

/** What a client sends to follow a site's alarms and events; `lastSeq` resumes after a drop. */
export type AlarmSubscription = Static<typeof schemas.AlarmSubscription>;

/** The `alarms:subscribe` socket request. */
export type AlarmSubscribeRequest = Static<typeof schemas.AlarmSubscribeRequest>;

export interface AlarmSubscribeResult {
  granted: {
    siteId: string;
    seq: number;
    /** Events missed since lastSeq, replayed before the live ones, or `resync` past the replay limit. */
    via: 'replay' | 'resync' | 'fresh';
  }[];
  refused: RefusedSite[];
}

/** Fills `{name}` placeholders of a message. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Fills the placeholders of a message in every language; a value may be worded per language (a device's name). */
export const fillLocalised = (
  text: LocalisedText,
  values: Record<string, string | number | LocalisedText>,
): LocalisedText =>
  Object.fromEntries(
    languages.map((lng) => {
      const inLanguage = Object.entries(values).map(([k, v]) => [k, typeof v === 'object' ? v[lng] : v]);
      return [lng, fillMessage(text[lng], Object.fromEntries(inLanguage))];
    }),
  ) as LocalisedText;

/** Page sizes the history pages offer (seed). */
export const logPageSizes = [5, 10, 20, 25, 50, 100] as const;

/** The sort keys of the event log and of the alarm log (the first is the default, newest first). */
export const eventSortKeys = ['ts', 'type', 'severity', 'site', 'device'] as const;
export const alarmSortKeys = ['raisedAt', 'priority', 'state', 'site', 'device'] as const;

/** A page of a log (its schema: `LogPage(item)` in contracts/alarms.ts). */
export type LogPage<T> = Omit<Static<typeof schemas.EventPage>, 'items'> & { items: T[] };

/** An alarm notification target (admins): a URL that gets POSTs for alarms of these priorities. */
export type Webhook = Static<typeof schemas.Webhook>;

/** A new webhook with its signing secret: the only time the server gives it. */
export type CreatedWebhook = Static<typeof schemas.CreatedWebhook>;

/** What an admin sends to add a webhook. */
export type NewWebhook = Static<typeof schemas.NewWebhook>;

/** One notification to one webhook, and how its attempts went. */
export type Delivery = Static<typeof schemas.Delivery>;
