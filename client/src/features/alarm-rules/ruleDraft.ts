// The rule editor's form as plain data: a draft from a rule, its checks (the server's limits, checked
// first here so a mistake shows at the field at once), and the PATCH body of only what changed.
import {
  type AlarmPriority,
  type AlarmRule,
  type AlarmRuleUpdate,
  type LocalisedText,
  ruleLimits,
} from '@voltscope/shared/alarms';
import { type Language, languages } from '@voltscope/shared/i18n';

/** The hub's limits, in the form's units. */
export const MAX_DELAY_S = ruleLimits.maxDelayMs / 1000;
export const MAX_MESSAGE = ruleLimits.maxMessageLength;

/** Numbers as the inputs hold them: a number, or the text being typed ('' when empty). */
export interface RuleDraft {
  threshold: number | string;
  deadband: number | string;
  onDelayS: number | string;
  offDelayS: number | string;
  priority: AlarmPriority;
  enabled: boolean;
  message: LocalisedText;
}

export type DraftField = 'threshold' | 'deadband' | 'onDelayS' | 'offDelayS' | `message.${Language}`;
/** Field → the key (under `alarmRules:validation`) of what is wrong with it. */
export type DraftErrors = Partial<Record<DraftField, string>>;

export const draftOf = (rule: AlarmRule): RuleDraft => ({
  threshold: rule.threshold,
  deadband: rule.deadband,
  onDelayS: rule.onDelayMs / 1000,
  offDelayS: rule.offDelayMs / 1000,
  priority: rule.priority,
  enabled: rule.enabled,
  message: { ...rule.message },
});

const numberOf = (value: number | string): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  const n = trimmed === '' ? Number.NaN : Number(trimmed);
  return Number.isFinite(n) ? n : null;
};

export function checkDraft(draft: RuleDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (numberOf(draft.threshold) === null) errors.threshold = 'number';
  const deadband = numberOf(draft.deadband);
  if (deadband === null) errors.deadband = 'number';
  else if (deadband < 0) errors.deadband = 'min0';
  for (const field of ['onDelayS', 'offDelayS'] as const) {
    const seconds = numberOf(draft[field]);
    if (seconds === null) errors[field] = 'number';
    else if (seconds < 0) errors[field] = 'min0';
    else if (seconds > MAX_DELAY_S) errors[field] = 'maxDelay';
  }
  for (const lng of languages) {
    const text = draft.message[lng].trim();
    if (text === '') errors[`message.${lng}`] = 'required';
    else if (text.length > MAX_MESSAGE) errors[`message.${lng}`] = 'tooLong';
  }
  return errors;
}

/** The fields of a valid draft that differ from the rule (delays in whole milliseconds, as stored). */
export function patchOf(rule: AlarmRule, draft: RuleDraft): AlarmRuleUpdate {
  const patch: AlarmRuleUpdate = {};
  const threshold = numberOf(draft.threshold);
  const deadband = numberOf(draft.deadband);
  const onDelayS = numberOf(draft.onDelayS);
  const offDelayS = numberOf(draft.offDelayS);
  if (threshold !== null && threshold !== rule.threshold) patch.threshold = threshold;
  if (deadband !== null && deadband !== rule.deadband) patch.deadband = deadband;
  if (onDelayS !== null && Math.round(onDelayS * 1000) !== rule.onDelayMs)
    patch.onDelayMs = Math.round(onDelayS * 1000);
  if (offDelayS !== null && Math.round(offDelayS * 1000) !== rule.offDelayMs) {
    patch.offDelayMs = Math.round(offDelayS * 1000);
  }
  if (draft.priority !== rule.priority) patch.priority = draft.priority;
  if (draft.enabled !== rule.enabled) patch.enabled = draft.enabled;
  const message = Object.fromEntries(languages.map((lng) => [lng, draft.message[lng].trim()])) as LocalisedText;
  // The server takes the message whole, in every language.
  if (languages.some((lng) => message[lng] !== rule.message[lng])) patch.message = message;
  return patch;
}

/** The server names fields of the PATCH body; the form names its own. */
export function fieldOfServer(field: string): DraftField | null {
  if (field === 'threshold' || field === 'deadband') return field;
  if (field === 'onDelayMs') return 'onDelayS';
  if (field === 'offDelayMs') return 'offDelayS';
  if (field === 'message') return 'message.en';
  return null;
}
