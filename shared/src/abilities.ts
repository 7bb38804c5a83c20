// Permissions, defined once for both sides. The server enforces them on every route and socket
// subscription; the client receives the same rules at login and uses them only to show or hide.
import {
  createMongoAbility,
  type ForcedSubject,
  type MongoAbility,
  type MongoQuery,
  type RawRuleOf,
} from '@casl/ability';

export const actions = [
  'manage',
  'read',
  'create',
  'update',
  'delete',
  'acknowledge',
  'shelve',
  'comment',
  'outOfService',
] as const;
export type Action = (typeof actions)[number];

export const subjects = [
  'all',
  'Site',
  'Device',
  'Series',
  'Alarm',
  'Event',
  'User',
  'Role',
  'Display',
  /** A site's single-line diagram (conditions on `siteId`): read it, or `update` it (publish, restore). */
  'Diagram',
  /** The audit log of privileged actions: admins read it (nothing may change it). */
  'AuditLog',
  'AclDemo',
] as const;
export type SubjectName = (typeof subjects)[number];

/** Objects checked against conditions carry their type in `__caslSubjectType__` (see CASL's `subject()`). */
export type AppAbility = MongoAbility<[Action, SubjectName | ForcedSubject<SubjectName>], MongoQuery>;
export type AbilityRule = RawRuleOf<AppAbility>;

export function createAbility(rules: readonly AbilityRule[]): AppAbility {
  return createMongoAbility<AppAbility>(rules as AbilityRule[]);
}

export { subject as asSubject } from '@casl/ability';

/**
 * Built-in roles. `display` is a wall screen's, never a person's: read-only, scoped to the display's sites
 * (its `siteIds` stand for `${user.siteIds}`), with nothing to act on and no account pages.
 */
export const roles = ['admin', 'operator', 'client', 'display'] as const;
export type RoleName = (typeof roles)[number];

/** Placeholder in stored rule templates, replaced by the user's own site ids when rules are resolved. */
export const USER_SITE_IDS = '${user.siteIds}';

/** Later rules win (CASL semantics); conditions are Mongo-style queries over the subject's fields. */
export const roleRuleTemplates: Record<RoleName, AbilityRule[]> = {
  admin: [{ action: 'manage', subject: 'all' }],
  operator: [
    { action: 'read', subject: ['Site', 'Device', 'Series', 'Alarm', 'Event', 'Diagram', 'AclDemo'] },
    { action: ['acknowledge', 'shelve', 'comment', 'outOfService'], subject: 'Alarm' },
    // Maintenance: a device taken out of service (its alarms with it) and back.
    { action: 'outOfService', subject: 'Device' },
  ],
  client: [
    { action: 'read', subject: 'Site', conditions: { id: { $in: USER_SITE_IDS } } },
    {
      action: 'read',
      subject: ['Device', 'Series', 'Alarm', 'Event', 'Diagram'],
      conditions: { siteId: { $in: USER_SITE_IDS } },
    },
    { action: 'read', subject: 'AclDemo' },
  ],
  display: [
    { action: 'read', subject: 'Site', conditions: { id: { $in: USER_SITE_IDS } } },
    {
      action: 'read',
      subject: ['Device', 'Series', 'Alarm', 'Event', 'Diagram'],
      conditions: { siteId: { $in: USER_SITE_IDS } },
    },
  ],
};

export interface RuleContext {
  siteIds: readonly string[];
}

/** Resolves a rule template for one user: each `${user.siteIds}` placeholder becomes their site ids. */
export function resolveRules(template: readonly AbilityRule[], ctx: RuleContext): AbilityRule[] {
  return JSON.parse(JSON.stringify(template), (_key, value: unknown) =>
    value === USER_SITE_IDS ? [...ctx.siteIds] : value,
  ) as AbilityRule[];
}
