// The checks of a device as an admin writes it, the same for the form (one refusal, 400) and for each row
// of a CSV import (every problem, with its line): the seed's rules of shared/src/fleetFields.ts per field,
// the type and protocol among those known, the place in the site's electrical tree, and the series'
// own ranges and periods within what their metric allows.
import {
  atTopAllowed,
  isDeviceType,
  mayHangUnder,
  parentTypesOf,
  seriesOfType,
  type TypeSeries,
} from '@voltscope/shared/deviceTypes';
import { type DeviceType, deviceTypes, metrics } from '@voltscope/shared/fleet';
import { addressRules, deviceFields, deviceProtocols, seriesOverrideFields } from '@voltscope/shared/fleetFields';
import { checkField, type FieldRule, type RuleReason, ruleMessage } from '@voltscope/shared/validation';
import type { DeviceWrite, SeriesWrite } from '../store/fleetWrites.ts';

/** One thing wrong with a device: the field at fault (null: the device as a whole), in English, and why. */
export interface Problem {
  field: string | null;
  message: string;
  reason: { code: string; params?: Record<string, string | number> };
}

/** The fields of a device the checks know. */
export const deviceWriteFields = [
  'id',
  'type',
  'name',
  'model',
  'firmware',
  'serialNumber',
  'ratedKw',
  'protocol',
  'address',
] as const;

/** The fields that differ between two writes of a device. */
export const changedDeviceFields = (before: DeviceWrite, after: DeviceWrite): string[] =>
  (Object.keys(after) as (keyof DeviceWrite)[]).filter((k) => after[k] !== before[k]);

const ruled = (field: string, reason: RuleReason): Problem => ({ field, message: ruleMessage(reason), reason });

const notOneOf = (field: string, value: unknown, allowed: readonly string[]): Problem => ({
  field,
  message: `Unknown ${field} “${String(value)}”: one of ${allowed.join(', ')}`,
  reason: { code: 'notOneOf', params: { allowed: allowed.join(', ') } },
});

const rulesOf: Partial<Record<string, readonly FieldRule[]>> = deviceFields;

/**
 * The problems of the fields `fields` of `draft` (all of them for a new device; those a change touches for
 * an edit). The address is checked with its protocol's rules (`draft.protocol`).
 */
export function deviceFieldProblems(draft: Readonly<Record<string, unknown>>, fields: Iterable<string>): Problem[] {
  const problems: Problem[] = [];
  for (const field of fields) {
    const rules = field === 'address' ? addressRules(String(draft.protocol ?? '')) : rulesOf[field];
    if (!rules) continue;
    const reason = checkField(draft[field], rules, draft);
    if (reason) problems.push(ruled(field, reason));
    else if (field === 'type' && !isDeviceType(draft.type)) problems.push(notOneOf('type', draft.type, deviceTypes));
    else if (field === 'protocol' && !(deviceProtocols as readonly unknown[]).includes(draft.protocol)) {
      problems.push(notOneOf('protocol', draft.protocol, deviceProtocols));
    }
  }
  return problems;
}

const label = (type: DeviceType) => type.replace('_', ' ');
const article = (type: DeviceType) => (/^[aeiou]/.test(type) ? 'an' : 'a');
const named = (types: readonly DeviceType[]) => types.map((t) => `${article(t)} ${label(t)}`).join(' or ');

/** What the tree rule of a type says, for messages: "A transformer hangs only under a breaker". */
export function treeRule(type: DeviceType): string {
  const parents = parentTypesOf[type];
  const subject = `${article(type).replace(/^a/, 'A')} ${label(type)}`;
  if (parents.length === 0) return `${subject} stands only at the top of the site's tree`;
  if (parents.length === deviceTypes.length) return `${subject} stands at the top of the tree or under any device`;
  return `${subject} hangs only under ${named(parents)}`;
}

/** A device of the site as the tree check sees it. */
export interface TreeNode {
  type: DeviceType;
  parentId: string | null;
}

/**
 * Whether device `id` of `type` may hang under `parentId` (null: at the top) in the site whose devices
 * `lookup` finds by full id: the parent exists there, its type is one the rule allows, and it is not the
 * device itself nor one under it (a move must not make a loop).
 */
export function treeProblem(
  id: string,
  type: DeviceType,
  parentId: string | null,
  lookup: (id: string) => TreeNode | undefined,
): Problem | null {
  const problem = (message: string): Problem => ({ field: 'parentId', message, reason: { code: 'notOneOf' } });
  if (parentId === null) return atTopAllowed(type) ? null : problem(`${treeRule(type)}: choose its parent`);
  const parent = lookup(parentId);
  if (!parent) return problem(`No device ${parentId} on this site to hang it under`);
  if (!mayHangUnder(type, parent.type)) return problem(`${treeRule(type)}, not under ${named([parent.type])}`);
  const seen = new Set<string>();
  for (let at: string | null = parentId; at !== null && !seen.has(at); at = lookup(at)?.parentId ?? null) {
    if (at === id) return problem('A device cannot hang under itself or under a device that hangs under it');
    seen.add(at);
  }
  return null;
}

/** A device's own range or period of one series (contracts/fleetAdmin.ts `SeriesOverride`). */
export interface SeriesOverride {
  key: string;
  min?: number | null | undefined;
  max?: number | null | undefined;
  periodMs?: number | null | undefined;
}

/**
 * A device's series from its type's with `overrides` over them, or the problems of the overrides: a key
 * the type has, a whole period from 100 ms to a day, a range within the metric's plausible one with its
 * minimum below its maximum.
 */
export function seriesWithOverrides(
  type: DeviceType,
  overrides: readonly SeriesOverride[],
): { series: SeriesWrite[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const own = new Map<string, SeriesOverride>();
  const ofType = seriesOfType(type);
  overrides.forEach((o, i) => {
    const at = `series.${i}`;
    const base = ofType.find((s) => s.key === o.key);
    if (!base) {
      const message = `A ${label(type)} has no series ${o.key}: one of ${ofType.map((s) => s.key).join(', ')}`;
      problems.push({ field: `${at}.key`, message, reason: { code: 'notOneOf' } });
      return;
    }
    const before = problems.length;
    const period = checkField(o.periodMs, seriesOverrideFields.periodMs);
    if (period) problems.push(ruled(`${at}.periodMs`, period));
    const { min, max } = metrics[base.metric];
    const range: readonly FieldRule[] = [{ rule: 'between', min, max }];
    for (const bound of ['min', 'max'] as const) {
      const reason = checkField(o[bound], range);
      if (reason) problems.push(ruled(`${at}.${bound}`, reason));
    }
    const low = o.min ?? base.min;
    if (problems.length === before && low >= (o.max ?? base.max)) {
      const reason: RuleReason = { code: 'between', params: { min: low, max } };
      problems.push({ ...ruled(`${at}.max`, reason), message: `The maximum must be above the minimum (${low})` });
    }
    own.set(o.key, o);
  });
  return { series: ofType.map((s) => withOverride(s, own.get(s.key))), problems };
}

function withOverride(s: TypeSeries, o: SeriesOverride | undefined): SeriesWrite {
  const overridden = o !== undefined && [o.min, o.max, o.periodMs].some((v) => v !== null && v !== undefined);
  return {
    key: s.key,
    metric: s.metric,
    unit: s.unit,
    min: o?.min ?? s.min,
    max: o?.max ?? s.max,
    periodMs: o?.periodMs ?? s.periodMs,
    overridden,
  };
}
