// The rule editor's form as plain data: a draft from a rule, its checks (the server's limits, checked
// first here so a mistake shows at the field at once), and the PATCH body of only what changed.
import {
  type AlarmPriority,
  type AlarmRule,
  type AlarmRuleUpdate,
  type LocalisedText,
  ruleLimits,
} from '@voltscope/shared/alarms';
import { rationaleLimits } from '@voltscope/shared/contracts/alarms';
import { type Language, languages } from '@voltscope/shared/i18n';

/** The hub's limits, in the form's units. */
export const MAX_DELAY_S = ruleLimits.maxDelayMs / 1000;
export const MAX_MESSAGE = ruleLimits.maxMessageLength;
export const MAX_RATIONALE = rationaleLimits.maxTextLength;
export const { minResponseMinutes: MIN_RESPONSE, maxResponseMinutes: MAX_RESPONSE } = rationaleLimits;

/** The rationale's texts (ISA-18.2): why, what follows, what to do. */
export const rationaleTexts = ['cause', 'consequence', 'action'] as const;
export type RationaleText = (typeof rationaleTexts)[number];

/** Numbers as the inputs hold them: a number, or the text being typed ('' when empty). */
export interface RuleDraft {
  threshold: number | string;
  deadband: number | string;
  onDelayS: number | string;
  offDelayS: number | string;
  priority: AlarmPriority;
  enabled: boolean;
  message: LocalisedText;
  cause: LocalisedText;
  consequence: LocalisedText;
  action: LocalisedText;
  responseMinutes: number | string;
}

export type DraftField =
  | 'threshold'
  | 'deadband'
  | 'onDelayS'
  | 'offDelayS'
  | 'responseMinutes'
  | `${'message' | RationaleText}.${Language}`;
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
  cause: { ...rule.cause },
  consequence: { ...rule.consequence },
  action: { ...rule.action },
  responseMinutes: rule.responseMinutes,
});

const numberOf = (value: number | string): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  const n = trimmed === '' ? Number.NaN : Number(trimmed);
  return Number.isFinite(n) ? n : null;
};

const trimmed = (text: LocalisedText) =>
  Object.fromEntries(languages.map((lng) => [lng, text[lng].trim()])) as LocalisedText;
const differs = (a: LocalisedText, b: LocalisedText) => languages.some((lng) => a[lng] !== b[lng]);

/**
 * `rule` given: a rationale text left as the rule has it is not checked (a rule without one yet can
 * still be edited otherwise); one being written must be written in every language.
 */
export function checkDraft(draft: RuleDraft, rule?: AlarmRule): DraftErrors {
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
  for (const field of rationaleTexts) {
    const text = trimmed(draft[field]);
    if (rule && !differs(text, rule[field])) continue;
    for (const lng of languages) {
      if (text[lng] === '') errors[`${field}.${lng}`] = 'rationaleRequired';
      else if (text[lng].length > MAX_RATIONALE) errors[`${field}.${lng}`] = 'rationaleTooLong';
    }
  }
  const minutes = numberOf(draft.responseMinutes);
  if (minutes === null || !Number.isInteger(minutes) || minutes < MIN_RESPONSE || minutes > MAX_RESPONSE) {
    errors.responseMinutes = 'responseMinutes';
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
  // The server takes the message and each rationale text whole, in every language.
  const message = trimmed(draft.message);
  if (differs(message, rule.message)) patch.message = message;
  for (const field of rationaleTexts) {
    const text = trimmed(draft[field]);
    if (differs(text, rule[field])) patch[field] = text;
  }
  const minutes = numberOf(draft.responseMinutes);
  if (minutes !== null && minutes !== rule.responseMinutes) patch.responseMinutes = minutes;
  return patch;
}

/** The server names fields of the PATCH body; the form names its own. */
export function fieldOfServer(field: string): DraftField | null {
  if (field === 'threshold' || field === 'deadband') return field;
  if (field === 'onDelayMs') return 'onDelayS';
  if (field === 'offDelayMs') return 'offDelayS';
  if (field === 'message') return 'message.en';
  if (field === 'responseMinutes') return field;
  if ((rationaleTexts as readonly string[]).includes(field)) return `${field as RationaleText}.en`;
  return null;
}
