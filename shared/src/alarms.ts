// Alarms and events, as both sides see them. The lifecycle is ISA-18.2's: an occurrence is raised
// (unacknowledged), acknowledged, returns to normal, and closes once it is both acknowledged and back
// to normal; a closed occurrence never comes back: the next activation is a new occurrence. Shelving,
// suppression by design and out of service hide an alarm from annunciation, never from the record.
import { type Language, languages } from './i18n.ts';

export const alarmPriorities = ['critical', 'high', 'medium', 'low'] as const;
export type AlarmPriority = (typeof alarmPriorities)[number];

/** ISA-18.2 states of an occurrence (shelved, suppressed and out of service are flags beside them). */
export const alarmStates = ['unacknowledged', 'acknowledged', 'rtn_unacknowledged', 'closed'] as const;
export type AlarmState = (typeof alarmStates)[number];

export const alarmRuleKinds = ['high', 'low', 'fault_code', 'comm_loss', 'rate_of_change'] as const;
export type AlarmRuleKind = (typeof alarmRuleKinds)[number];

export type LocalisedText = Record<Language, string>;

/** A rule on a device type (deviceId null) or one device (an override of its type's rule). */
export interface AlarmRule {
  id: number;
  name: string;
  deviceType: string;
  deviceId: string | null;
  /** The series key the rule watches (`temperature`, `fault_code`...); null for communication loss. */
  seriesKey: string | null;
  kind: AlarmRuleKind;
  /** High/low limit, rate per minute, or silence in seconds for communication loss. */
  threshold: number;
  /** A high/low alarm clears only this far back inside the limit (no chatter at the limit). */
  deadband: number;
  /** The condition must hold this long before the alarm is raised, and be gone this long before it clears. */
  onDelayMs: number;
  offDelayMs: number;
  priority: AlarmPriority;
  /** With `{device}`, `{value}`, `{unit}`, `{threshold}`, `{code}` filled in. */
  message: LocalisedText;
  /** Raised while the site's grid is out or its main breaker open: suppressed by design, not annunciated. */
  consequentialOfGrid: boolean;
  /** The site-wide root alarm of a grid outage (the main breaker open, no grid voltage). */
  gridRoot: boolean;
  enabled: boolean;
}

/** What an admin may change of a rule (PATCH), or set on a device's own copy of it. */
export type AlarmRuleUpdate = Partial<
  Pick<AlarmRule, 'threshold' | 'deadband' | 'onDelayMs' | 'offDelayMs' | 'priority' | 'enabled' | 'message'>
>;

/** The hub's limits on a rule: delays up to a day, messages up to 300 characters in each language. */
export const ruleLimits = { maxDelayMs: 86_400_000, maxMessageLength: 300 } as const;

export interface Alarm {
  id: number;
  siteId: string;
  deviceId: string;
  ruleId: number;
  priority: AlarmPriority;
  state: AlarmState;
  /** The message as raised, in every language. */
  message: LocalisedText;
  value: number | null;
  raisedAt: number;
  /** When it returned to normal, if it has. */
  clearedAt: number | null;
  acknowledgedAt: number | null;
  acknowledgedBy: string | null;
  closedAt: number | null;
  shelvedUntil: number | null;
  suppressed: boolean;
  outOfService: boolean;
  /** The site's event sequence number of this alarm's latest change (for resume). */
  seq: number;
}

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
  'sign_in',
  'door',
  'motion',
] as const;
export type EventType = (typeof eventTypes)[number];
export type EventSeverity = AlarmPriority | 'info';

export interface SiteEvent {
  id: number;
  /** Per site, increasing by one with each event: a client resumes from the last it holds. */
  seq: number;
  /** Null for fleet-wide events (sign-ins, rule changes), which only admins read. */
  siteId: string | null;
  deviceId: string | null;
  alarmId: number | null;
  type: EventType;
  severity: EventSeverity;
  message: LocalisedText;
  userName: string | null;
  comment: string | null;
  ts: number;
}

/** What a client sends to follow a site's alarms and events; `lastSeq` resumes after a drop. */
export interface AlarmSubscription {
  id: string;
  lastSeq?: number;
}

export interface AlarmSubscribeResult {
  granted: {
    siteId: string;
    seq: number;
    /** Events missed since lastSeq, replayed before the live ones, or `resync` past the replay limit. */
    via: 'replay' | 'resync' | 'fresh';
  }[];
  refused: { siteId: string; reason: string }[];
}

/** Fills `{name}` placeholders of a message. */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** Fills the placeholders of a message in every language. */
export const fillLocalised = (text: LocalisedText, values: Record<string, string | number>): LocalisedText =>
  Object.fromEntries(languages.map((lng) => [lng, fillMessage(text[lng], values)])) as LocalisedText;

/** Page sizes the history pages offer (seed). */
export const logPageSizes = [5, 10, 20, 25, 50, 100] as const;

export interface LogPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** An alarm notification target (admins): a URL that gets POSTs for alarms of these priorities. */
export interface Webhook {
  id: number;
  name: string;
  url: string;
  priorities: AlarmPriority[];
  enabled: boolean;
  createdAt: number;
}

/** One notification to one webhook, and how its attempts went. */
export interface Delivery {
  id: number;
  webhookId: number;
  siteId: string | null;
  alarmId: number | null;
  kind: 'alarm' | 'flood';
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  lastError: string | null;
  nextAttemptAt: number | null;
  createdAt: number;
  deliveredAt: number | null;
}
