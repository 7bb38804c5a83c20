// CASL rules in words. `summarizeRules` reads the raw rules into what a person needs to know (which
// actions, on what, limited to which sites); `phraseRule` turns that into a translated sentence.
import { type AbilityRule, USER_SITE_IDS } from '@voltscope/shared/abilities';

export interface RuleScope {
  subject: string;
  /** Set when the rule is limited to sites: `id $in` on Site, `siteId $in` on site-owned subjects. */
  siteIds?: string[];
  /** Set when a role's template limits the rule to each user's own sites (`${user.siteIds}`). */
  ownSites?: boolean;
  /** Conditions other than a site list: described, not spelled out. */
  conditional?: boolean;
  fields?: string[];
}

export interface RuleSummary {
  inverted: boolean;
  /** `manage all` with no limits: says everything in three words. */
  manageAll: boolean;
  actions: string[];
  scopes: RuleScope[];
}

const toList = <T>(value: T | readonly T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? [...value] : [value as T];

/** The site ids of a condition like `{ id: { $in: [...] } }` or `{ siteId: 'x' }`, else null. */
function siteIdsOf(subject: string, conditions: Record<string, unknown>): string[] | null {
  const keys = Object.keys(conditions);
  const field = subject === 'Site' ? 'id' : 'siteId';
  if (keys.length !== 1 || keys[0] !== field) return null;
  const value = conditions[field];
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') {
    const query = value as Record<string, unknown>;
    const list = query.$in;
    if (Object.keys(query).length === 1 && Array.isArray(list) && list.every((id) => typeof id === 'string')) {
      return list as string[];
    }
    if (Object.keys(query).length === 1 && typeof query.$eq === 'string') return [query.$eq];
  }
  return null;
}

/** Whether a template's condition is `{ id | siteId: { $in: '${user.siteIds}' } }`. */
function ownSitesOf(subject: string, conditions: Record<string, unknown>): boolean {
  const field = subject === 'Site' ? 'id' : 'siteId';
  const value = conditions[field] as Record<string, unknown> | undefined;
  return Object.keys(conditions).length === 1 && value?.$in === USER_SITE_IDS && Object.keys(value).length === 1;
}

export function summarizeRules(rules: readonly AbilityRule[]): RuleSummary[] {
  return rules.map((rule) => {
    const actions = toList<string>(rule.action as string | string[]);
    const subjects = toList<string>(rule.subject as string | string[] | undefined);
    const fields = toList<string>(rule.fields as string | string[] | undefined);
    const conditions = rule.conditions as Record<string, unknown> | undefined;
    const inverted = rule.inverted === true;
    const hasConditions = conditions !== undefined && Object.keys(conditions).length > 0;

    const scopes = subjects.map((subject): RuleScope => {
      const scope: RuleScope = { subject };
      if (hasConditions) {
        const siteIds = siteIdsOf(subject, conditions);
        if (siteIds) scope.siteIds = siteIds;
        else if (ownSitesOf(subject, conditions)) scope.ownSites = true;
        else scope.conditional = true;
      }
      if (fields.length > 0) scope.fields = fields;
      return scope;
    });

    const manageAll =
      !inverted && actions.includes('manage') && subjects.includes('all') && !hasConditions && fields.length === 0;
    return { inverted, manageAll, actions, scopes };
  });
}

type Translate = (key: string, options?: Record<string, string>) => string;

export interface PhraseContext {
  t: Translate;
  list: (items: string[]) => string;
  siteName: (id: string) => string;
}

/** Scopes with the same limits read as one phrase: "devices, alarms and events of Tarifa Wind". */
function groupScopes(scopes: readonly RuleScope[]): RuleScope[][] {
  const groups = new Map<string, RuleScope[]>();
  for (const scope of scopes) {
    const key = JSON.stringify([
      scope.subject === 'Site',
      scope.siteIds,
      scope.ownSites,
      scope.conditional,
      scope.fields,
    ]);
    groups.set(key, [...(groups.get(key) ?? []), scope]);
  }
  return [...groups.values()];
}

function phraseGroup(group: readonly RuleScope[], { t, list, siteName }: PhraseContext): string {
  const [first] = group;
  if (!first) return '';
  const subject = list(
    group.map((scope) => t(`account:access.subjects.${scope.subject}`, { defaultValue: scope.subject })),
  );
  let text = subject;
  if (first.siteIds) {
    const names = first.siteIds.map(siteName).sort((a, b) => a.localeCompare(b));
    if (names.length === 0) text = t('account:access.scope.noSite', { subject });
    else if (first.subject === 'Site') text = t('account:access.scope.sites', { names: list(names) });
    else text = t('account:access.scope.ofSites', { subject, names: list(names) });
  } else if (first.ownSites) {
    text =
      first.subject === 'Site' ? t('account:access.scope.ownSites') : t('account:access.scope.ofOwnSites', { subject });
  } else if (first.conditional) {
    text = t('account:access.scope.conditional', { subject });
  }
  return first.fields ? t('account:access.scope.fields', { subject: text, fields: list(first.fields) }) : text;
}

export function phraseRule(rule: RuleSummary, context: PhraseContext): string {
  const { t, list } = context;
  if (rule.manageAll) return t('account:access.manageAll');
  const actions = list(rule.actions.map((action) => t(`account:access.actions.${action}`, { defaultValue: action })));
  const subjects = groupScopes(rule.scopes)
    .map((group) => phraseGroup(group, context))
    .join('; ');
  return t(rule.inverted ? 'account:access.cannot' : 'account:access.can', { actions, subjects });
}
