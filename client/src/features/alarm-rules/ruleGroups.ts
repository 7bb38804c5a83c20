// The rules as an admin reads them: by device type (in the fleet's order), each type rule with the
// device overrides of the same name beneath it, the most urgent first; and narrowed by a search.
import { type AlarmRule, alarmPriorities } from '@voltscope/shared/alarms';
import { deviceTypes } from '@voltscope/shared/fleet';

export interface RuleEntry {
  rule: AlarmRule;
  /** Device overrides of this type rule (empty for an override shown alone). */
  overrides: AlarmRule[];
}

export interface RuleGroup {
  deviceType: string;
  entries: RuleEntry[];
}

const typeOrder = (type: string) => {
  const i = (deviceTypes as readonly string[]).indexOf(type);
  return i === -1 ? deviceTypes.length : i;
};

const byUrgency = (a: AlarmRule, b: AlarmRule) =>
  alarmPriorities.indexOf(a.priority) - alarmPriorities.indexOf(b.priority) || a.name.localeCompare(b.name);

export function groupRules(rules: readonly AlarmRule[]): RuleGroup[] {
  const groups = new Map<string, RuleEntry[]>();
  const typeRules = new Map<string, RuleEntry>();
  const entriesOf = (type: string) => {
    const entries = groups.get(type) ?? [];
    groups.set(type, entries);
    return entries;
  };
  for (const rule of rules) {
    if (rule.deviceId !== null) continue;
    const entry = { rule, overrides: [] };
    typeRules.set(`${rule.deviceType}\u0000${rule.name}`, entry);
    entriesOf(rule.deviceType).push(entry);
  }
  for (const rule of rules) {
    if (rule.deviceId === null) continue;
    const parent = typeRules.get(`${rule.deviceType}\u0000${rule.name}`);
    // An override whose type rule is gone still shows, on its own.
    if (parent) parent.overrides.push(rule);
    else entriesOf(rule.deviceType).push({ rule, overrides: [] });
  }
  for (const entries of groups.values()) {
    entries.sort((a, b) => byUrgency(a.rule, b.rule));
    for (const entry of entries) entry.overrides.sort((a, b) => (a.deviceId ?? '').localeCompare(b.deviceId ?? ''));
  }
  return [...groups]
    .map(([deviceType, entries]) => ({ deviceType, entries }))
    .sort((a, b) => typeOrder(a.deviceType) - typeOrder(b.deviceType) || a.deviceType.localeCompare(b.deviceType));
}

/** Keeps the entries whose rule name, series or an override's device matches every word of `query`. */
export function filterGroups(
  groups: readonly RuleGroup[],
  query: string,
  deviceName: (id: string) => string,
): RuleGroup[] {
  const words = query.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...groups];
  const matches = ({ rule, overrides }: RuleEntry) => {
    const text = [
      rule.name,
      rule.seriesKey ?? '',
      rule.kind,
      ...[rule, ...overrides].flatMap((r) => (r.deviceId ? [r.deviceId, deviceName(r.deviceId)] : [])),
    ]
      .join(' ')
      .toLocaleLowerCase();
    return words.every((w) => text.includes(w));
  };
  return groups
    .map((group) => ({ ...group, entries: group.entries.filter(matches) }))
    .filter((group) => group.entries.length > 0);
}

export interface RuleCounts {
  rules: number;
  disabled: number;
  overrides: number;
}

export function countRules(rules: readonly AlarmRule[]): RuleCounts {
  return {
    rules: rules.filter((r) => r.deviceId === null).length,
    disabled: rules.filter((r) => !r.enabled).length,
    overrides: rules.filter((r) => r.deviceId !== null).length,
  };
}
