import type { AlarmRule } from '@voltscope/shared/alarms';
import { defaultRules, type NewRule } from '@voltscope/shared/defaultAlarmRules';
import { describe, expect, it } from 'vitest';
import { checkDraft, draftOf, fieldOfServer, patchOf } from './ruleDraft.ts';

const overTemperature = defaultRules.find((r) => r.name === 'Inverter over-temperature') as NewRule;
// The hub's own rule as it serves it (threshold 75, deadband 3, delays 10 s and 30 s, high), with a short
// message to compare.
const rule: AlarmRule = {
  ...overTemperature,
  id: 3,
  deviceId: null,
  enabled: true,
  message: { en: 'hot', fr: 'chaud', fa: 'داغ', ar: 'حار' },
};

describe('rule draft', () => {
  it('sends nothing when nothing changed', () => {
    expect(patchOf(rule, draftOf(rule))).toEqual({});
  });

  it('sends only the changed fields, delays in milliseconds and the message whole', () => {
    const draft = { ...draftOf(rule), threshold: '80.5', onDelayS: 2.5, priority: 'critical' as const };
    draft.message = { ...draft.message, fr: '  très chaud ' };
    expect(patchOf(rule, draft)).toEqual({
      threshold: 80.5,
      onDelayMs: 2500,
      priority: 'critical',
      message: { en: 'hot', fr: 'très chaud', fa: 'داغ', ar: 'حار' },
    });
  });

  it('refuses what the server would: no number, negative deadband or delay, a day past, an empty message', () => {
    const draft = {
      ...draftOf(rule),
      threshold: '',
      deadband: -1,
      onDelayS: 86_401,
      offDelayS: 'abc',
      message: { ...rule.message, ar: ' ' },
    };
    expect(checkDraft(draft)).toEqual({
      threshold: 'number',
      deadband: 'min0',
      onDelayS: 'maxDelay',
      offDelayS: 'number',
      'message.ar': 'required',
    });
    expect(checkDraft({ ...draftOf(rule), threshold: -20 })).toEqual({});
  });

  it('names the form field of a server field error', () => {
    expect(fieldOfServer('onDelayMs')).toBe('onDelayS');
    expect(fieldOfServer('message')).toBe('message.en');
    expect(fieldOfServer('priority')).toBeNull();
  });
});
