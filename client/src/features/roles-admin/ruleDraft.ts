// A rule as the editor holds it (one row: can/cannot, actions, subjects, a scope, a reason) and back to
// the CASL rule the hub stores. Parts the editor does not edit (fields, conditions other than a site
// list) ride along untouched, so copying a role never loses them.
import { type AbilityRule, type Action, type SubjectName, USER_SITE_IDS } from '@voltscope/shared/abilities';
import { siteFieldOf } from '@voltscope/shared/ruleCheck';

/** Every site, the user's own sites (`${user.siteIds}`), or the sites listed. */
export type RuleScopeKind = 'every' | 'own' | 'sites';

export interface RuleDraft {
  /** A key for React only: rules have no id. */
  key: number;
  inverted: boolean;
  actions: Action[];
  subjects: SubjectName[];
  scope: RuleScopeKind;
  siteIds: string[];
  reason: string;
  /** Kept as they came: `fields`, and conditions that are not a site list. */
  fields?: AbilityRule['fields'];
  otherConditions?: AbilityRule['conditions'];
}

let nextKey = 1;
const toList = <T>(value: T | readonly T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? [...value] : [value as T];

/** The field a site scope limits for these subjects, or null when they share none (Site with Device). */
export function scopeField(subjects: readonly SubjectName[]): 'id' | 'siteId' | null {
  const fields = new Set(subjects.map(siteFieldOf));
  const [field] = fields;
  return fields.size === 1 && field ? field : null;
}

export function emptyDraft(): RuleDraft {
  return { key: nextKey++, inverted: false, actions: ['read'], subjects: [], scope: 'every', siteIds: [], reason: '' };
}

export function draftOf(rule: AbilityRule): RuleDraft {
  const subjects = toList(rule.subject as SubjectName | SubjectName[] | undefined);
  const draft: RuleDraft = {
    key: nextKey++,
    inverted: rule.inverted === true,
    actions: toList(rule.action as Action | Action[]),
    subjects,
    scope: 'every',
    siteIds: [],
    reason: typeof rule.reason === 'string' ? rule.reason : '',
  };
  if (rule.fields !== undefined) draft.fields = rule.fields;
  const conditions = rule.conditions as Record<string, unknown> | undefined;
  if (conditions && Object.keys(conditions).length > 0) {
    const field = scopeField(subjects);
    const query = field ? (conditions[field] as Record<string, unknown> | undefined) : undefined;
    const list = query && Object.keys(conditions).length === 1 && Object.keys(query).length === 1 ? query.$in : null;
    if (list === USER_SITE_IDS) draft.scope = 'own';
    else if (Array.isArray(list) && list.every((id) => typeof id === 'string')) {
      draft.scope = 'sites';
      draft.siteIds = list as string[];
    } else draft.otherConditions = rule.conditions;
  }
  return draft;
}

/** The CASL rule of a row: one action or subject stays a string, as the built-in roles write them. */
export function ruleOf(draft: RuleDraft): AbilityRule {
  const one = <T>(list: T[]): T | T[] => (list.length === 1 ? (list[0] as T) : list);
  const rule: Record<string, unknown> = { action: one(draft.actions), subject: one(draft.subjects) };
  const field = scopeField(draft.subjects);
  if (draft.scope !== 'every' && field) {
    rule.conditions = { [field]: { $in: draft.scope === 'own' ? USER_SITE_IDS : draft.siteIds } };
  } else if (draft.scope === 'every' && draft.otherConditions) rule.conditions = draft.otherConditions;
  if (draft.fields !== undefined) rule.fields = draft.fields;
  if (draft.inverted) {
    rule.inverted = true;
    if (draft.reason.trim()) rule.reason = draft.reason.trim();
  }
  return rule as unknown as AbilityRule;
}

export const rulesOf = (drafts: readonly RuleDraft[]): AbilityRule[] => drafts.map(ruleOf);
