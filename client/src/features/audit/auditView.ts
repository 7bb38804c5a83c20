// What the audit page shows, as plain values: the filters a reader picks and the query they make, the
// actions it can word (every other is shown as its raw name), and an entry's before and after as a list
// of fields with their old and new values.
import type { auditOutcomes } from '@voltscope/shared/contracts/audit';

/** Every action the hub records, by noun (server: the routes' `audit` config; common names only). */
export const auditActions = {
  auth: ['signIn', 'signInFailed', 'mfaFailed', 'signOut'],
  account: ['passwordChange'],
  mfa: ['enable', 'disable', 'recoveryCodes'],
  user: ['create', 'invite', 'update', 'sites', 'disable', 'enable', 'resetPassword', 'endSessions'],
  role: ['create', 'update', 'delete'],
  alarm: ['acknowledge', 'shelve', 'unshelve', 'comment', 'outOfService'],
  alarmRule: ['create', 'update', 'delete'],
  webhook: ['create', 'update', 'delete'],
  ingestKey: ['create', 'revoke'],
  site: ['create', 'update', 'decommission', 'restore', 'delete'],
  device: ['create', 'update', 'decommission', 'restore', 'delete', 'maintenance', 'import'],
  diagram: ['publish', 'restore'],
  display: ['create', 'pair', 'update', 'revoke', 'delete'],
  audit: ['pruned'],
} as const;

export type ActionGroup = keyof typeof auditActions;
export const actionGroups = Object.keys(auditActions) as ActionGroup[];
export const targetTypes = [
  'user',
  'role',
  'alarm',
  'alarmRule',
  'webhook',
  'ingestKey',
  'site',
  'device',
  'diagram',
  'display',
] as const;

type KnownAction = { [G in ActionGroup]: `${G}.${(typeof auditActions)[G][number]}` }[ActionGroup];

/** The i18n key of an action the page words (`audit:actions.user.update`), or null for one it does not know. */
export function actionKey(action: string): `actions.${KnownAction}` | null {
  const [noun, verb, ...rest] = action.split('.');
  if (rest.length > 0 || !noun || !verb || !Object.hasOwn(auditActions, noun)) return null;
  const verbs: readonly string[] = auditActions[noun as ActionGroup];
  return verbs.includes(verb) ? (`actions.${action}` as `actions.${KnownAction}`) : null;
}

export const isTargetType = (type: string | null): type is (typeof targetTypes)[number] =>
  type !== null && (targetTypes as readonly string[]).includes(type);

export type AuditOutcome = (typeof auditOutcomes)[number];
export const auditPeriods = ['24h', '7d', '30d', 'all', 'custom'] as const;
export type AuditPeriod = (typeof auditPeriods)[number];

export interface AuditView {
  period: AuditPeriod;
  /** A custom period's ends in epoch ms (null: open). */
  from: number | null;
  to: number | null;
  actor: number | null;
  group: ActionGroup | null;
  outcome: AuditOutcome | null;
  q: string;
}

export const initialView: AuditView = {
  period: '7d',
  from: null,
  to: null,
  actor: null,
  group: null,
  outcome: null,
  q: '',
};

const DAY = 86_400_000;
const SPANS = { '24h': DAY, '7d': 7 * DAY, '30d': 30 * DAY } as const;

/** The filters of the API's query for a view, as of `now`. */
export function auditFilter(view: AuditView, now: number) {
  const period =
    view.period === 'all'
      ? {}
      : view.period === 'custom'
        ? { from: view.from ?? undefined, to: view.to ?? undefined }
        : { from: now - SPANS[view.period] };
  const q = view.q.trim();
  return {
    ...period,
    actor: view.actor ?? undefined,
    action: view.group ? `${view.group}.` : undefined,
    outcome: view.outcome ?? undefined,
    q: q || undefined,
  };
}

/** Whether the view narrows the log beyond its default period. */
export const isFiltered = (view: AuditView) =>
  view.actor !== null || view.group !== null || view.outcome !== null || view.q.trim() !== '' || view.period !== '7d';

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of `before` and `after` (objects, or null for a creation or a removal), in the order they
 * first appear, each with its values and whether it changed; a value that is not an object is one field.
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  if (before === undefined && after === undefined) return [];
  if (!isRecord(before ?? {}) || !isRecord(after ?? {})) {
    return [{ field: '', before, after, changed: !same(before, after) }];
  }
  const was = (before ?? {}) as Record<string, unknown>;
  const now = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields.map((field) => ({
    field,
    before: was[field],
    after: now[field],
    changed: !same(was[field], now[field]),
  }));
}

/** A value as a line of text: strings as they are, anything else as compact JSON; empty for nothing. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The details other than before and after (a comment, a count, what an override copies). */
export function otherDetails(details: Record<string, unknown>): [string, unknown][] {
  return Object.entries(details).filter(([key]) => key !== 'before' && key !== 'after');
}
