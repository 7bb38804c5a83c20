// A role's rules checked before they are stored (by the hub) or saved (by the rules editor): the same
// checks on both sides, so the editor words the very refusals the hub would send.
// - every action and subject is one the app has (unknownAction / unknownSubject, with the bad value);
// - conditions only limit to sites: `{ id: { $in } }` on Site, `{ siteId: { $in } }` on what a site
//   owns, with site ids that exist or the `${user.siteIds}` placeholder;
// - no rule grants what the editing admin does not hold themselves (ruleBeyondOwn, 1-based `rule`).
import {
  type AbilityRule,
  type Action,
  type AppAbility,
  actions,
  type SubjectName,
  subjects,
  USER_SITE_IDS,
} from './abilities.ts';
import type { Reason } from './errors.ts';
import type { FieldRule } from './validation.ts';

/** Subjects that belong to one site: their conditions name `siteId`. */
export const siteOwnedSubjects: readonly SubjectName[] = ['Device', 'Series', 'Alarm', 'Event', 'Diagram'];

export const MAX_RULES = 50;
export const ROLE_NAME_MIN = 2;
export const ROLE_NAME_MAX = 32;
/** A role's name: letters, digits, dashes and underscores (the seed's alphaDash), 2 to 32 of them. */
export const roleNameRules: readonly FieldRule[] = [{ rule: 'required' }, { rule: 'alphaDash' }];
export const MAX_REASON_LENGTH = 200;

/** What is wrong with one part of one rule: `field` is `rules.<index>.<part>`, as the form names it. */
export interface RuleProblem {
  /** 0-based position of the rule. */
  index: number;
  part: 'action' | 'subject' | 'conditions' | 'fields' | 'reason' | 'rule';
  reason: Reason;
  /** English, for logs and API users; the client words `reason`. */
  message: string;
}

export interface RuleCheckContext {
  /** The sites that exist; null skips that check (the editor before the sites loaded). */
  siteIds: ReadonlySet<string> | null;
  /** The editing admin's own ability: no rule may grant more. Omitted: not checked. */
  editor?: AppAbility;
}

const knownKeys = new Set(['action', 'subject', 'conditions', 'fields', 'inverted', 'reason']);

const asList = (value: unknown): unknown[] | null => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value) && value.length > 0) return value;
  return null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The field a subject's site condition names: `id` on Site, `siteId` on what a site owns, else none. */
export function siteFieldOf(subject: string): 'id' | 'siteId' | null {
  if (subject === 'Site') return 'id';
  return (siteOwnedSubjects as readonly string[]).includes(subject) ? 'siteId' : null;
}

/** Every action a rule's action stands for (`manage` stands for all of them). */
const expandActions = (list: readonly Action[]): Action[] => (list.includes('manage') ? [...actions] : [...list]);
/** Every subject a rule's subject stands for (`all` stands for all of them). */
const expandSubjects = (list: readonly SubjectName[]): SubjectName[] =>
  list.includes('all') ? [...subjects] : [...list];

/** Checks one rule; returns its problems (none: it may be stored). */
export function checkRule(rule: unknown, index: number, ctx: RuleCheckContext): RuleProblem[] {
  const problems: RuleProblem[] = [];
  const problem = (part: RuleProblem['part'], reason: Reason, message: string) =>
    problems.push({ index, part, reason, message });

  if (!isRecord(rule)) {
    problem('rule', { code: 'wrongType' }, `Rule ${index + 1} is not an object`);
    return problems;
  }
  for (const key of Object.keys(rule)) {
    if (!knownKeys.has(key)) problem('rule', { code: 'unknownField' }, `Rule ${index + 1} has an unknown key ${key}`);
  }

  const actionList = asList(rule.action);
  if (!actionList) problem('action', { code: 'required' }, `Rule ${index + 1} names no action`);
  const badAction = actionList?.find((a) => typeof a !== 'string' || !(actions as readonly string[]).includes(a));
  if (badAction !== undefined) {
    const value = String(badAction);
    problem('action', { code: 'unknownAction', params: { value } }, `“${value}” is not an action the app has`);
  }

  const subjectList = asList(rule.subject);
  if (!subjectList) problem('subject', { code: 'required' }, `Rule ${index + 1} names no subject`);
  const badSubject = subjectList?.find((s) => typeof s !== 'string' || !(subjects as readonly string[]).includes(s));
  if (badSubject !== undefined) {
    const value = String(badSubject);
    problem('subject', { code: 'unknownSubject', params: { value } }, `“${value}” is not something the app has`);
  }

  if (rule.conditions !== undefined) checkConditions(rule.conditions, subjectList, ctx, problem);

  if (rule.fields !== undefined) {
    const fields = asList(rule.fields);
    if (!fields || fields.some((f) => typeof f !== 'string' || f.length === 0 || f.length > 64)) {
      problem('fields', { code: 'wrongType' }, `Rule ${index + 1} has fields that are not names`);
    }
  }
  if (rule.inverted !== undefined && typeof rule.inverted !== 'boolean') {
    problem('rule', { code: 'wrongType' }, `Rule ${index + 1}: inverted is true or false`);
  }
  if (rule.reason !== undefined) {
    if (typeof rule.reason !== 'string') problem('reason', { code: 'wrongType' }, `Rule ${index + 1}: reason is text`);
    else if (rule.reason.length > MAX_REASON_LENGTH) {
      problem(
        'reason',
        { code: 'tooLong', params: { limit: MAX_REASON_LENGTH } },
        `Rule ${index + 1}: reason is longer than ${MAX_REASON_LENGTH}`,
      );
    }
  }

  // Only a rule that is otherwise sound is weighed against the editor's own rights.
  if (problems.length === 0 && ctx.editor && rule.inverted !== true) {
    const ruleActions = expandActions(actionList as Action[]);
    const ruleSubjects = expandSubjects(subjectList as SubjectName[]);
    const editor = ctx.editor;
    const beyond = ruleActions.some((a) => ruleSubjects.some((s) => !editor.can(a, s)));
    if (beyond) {
      problem(
        'rule',
        { code: 'ruleBeyondOwn', params: { rule: index + 1 } },
        `Rule ${index + 1} grants more than you hold yourself`,
      );
    }
  }
  return problems;
}

function checkConditions(
  conditions: unknown,
  subjectList: unknown[] | null,
  ctx: RuleCheckContext,
  problem: (part: RuleProblem['part'], reason: Reason, message: string) => void,
): void {
  const fieldsOf = new Set((subjectList ?? []).map((s) => (typeof s === 'string' ? siteFieldOf(s) : null)));
  const [field] = fieldsOf;
  // One field for every subject of the rule: Site alone (`id`), or site-owned subjects alone (`siteId`).
  if (fieldsOf.size !== 1 || !field) {
    problem('conditions', { code: 'notOneOf' }, 'Only sites, or what a site owns, can be limited to sites');
    return;
  }
  const keys = isRecord(conditions) ? Object.keys(conditions) : [];
  const query = isRecord(conditions) ? conditions[field] : undefined;
  if (keys.length !== 1 || !isRecord(query) || Object.keys(query).length !== 1 || !('$in' in query)) {
    problem('conditions', { code: 'notOneOf' }, `Conditions are { ${field}: { $in: [site ids] } }`);
    return;
  }
  const list = query.$in;
  if (list === USER_SITE_IDS) return;
  if (!Array.isArray(list) || list.length === 0 || list.some((id) => typeof id !== 'string')) {
    problem('conditions', { code: 'notOneOf' }, `Conditions list site ids, or ${USER_SITE_IDS}`);
    return;
  }
  const unknown = ctx.siteIds ? (list as string[]).find((id) => !ctx.siteIds?.has(id)) : undefined;
  if (unknown !== undefined) {
    problem('conditions', { code: 'unknownSite', params: { site: unknown } }, `There is no site ${unknown}`);
  }
}

/** Checks every rule; returns all problems in rule order (none: the rules may be stored). */
export function checkRules(rules: unknown, ctx: RuleCheckContext): RuleProblem[] {
  if (!Array.isArray(rules))
    return [{ index: 0, part: 'rule', reason: { code: 'wrongType' }, message: 'Rules are a list' }];
  if (rules.length > MAX_RULES) {
    return [
      {
        index: MAX_RULES,
        part: 'rule',
        reason: { code: 'tooMany', params: { limit: MAX_RULES } },
        message: `At most ${MAX_RULES} rules`,
      },
    ];
  }
  return rules.flatMap((rule, index) => checkRule(rule, index, ctx));
}

/** The form field a problem belongs to: `rules.2.subject`. */
export const problemField = (p: RuleProblem): string => `rules.${p.index}.${p.part}`;

/** The rules as they are stored: only the keys CASL reads, in a stable order (no `undefined`s). */
export function normalizeRule(rule: AbilityRule): AbilityRule {
  const out: Record<string, unknown> = { action: rule.action, subject: rule.subject };
  if (rule.conditions !== undefined) out.conditions = rule.conditions;
  if (rule.fields !== undefined) out.fields = rule.fields;
  if (rule.inverted === true) out.inverted = true;
  if (rule.inverted === true && typeof rule.reason === 'string' && rule.reason.trim() !== '') {
    out.reason = rule.reason.trim();
  }
  return out as unknown as AbilityRule;
}
