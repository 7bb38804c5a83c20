import { type SeededRule, seededRules } from '@voltscope/shared/alarmRationale';
import type { AlarmRule } from '@voltscope/shared/alarms';
import { describe, expect, it } from 'vitest';
import { checkDraft, draftOf, fieldOfServer, patchOf } from './ruleDraft.ts';

const overTemperature = seededRules.find((r) => r.name === 'Inverter over-temperature') as SeededRule;
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

  it('sends a rationale text whole once it changed, and refuses one blank or too long, and a response time out of range', () => {
    const draft = { ...draftOf(rule), responseMinutes: '45' };
    draft.action = { ...draft.action, fa: ' فیلترها را تمیز کنید ' };
    expect(patchOf(rule, draft)).toEqual({
      action: { ...rule.action, fa: 'فیلترها را تمیز کنید' },
      responseMinutes: 45,
    });

    const wrong = { ...draftOf(rule), responseMinutes: 1441, cause: { ...rule.cause, fr: '' } };
    wrong.consequence = { ...wrong.consequence, ar: 'x'.repeat(1001) };
    expect(checkDraft(wrong, rule)).toEqual({
      responseMinutes: 'responseMinutes',
      'cause.fr': 'rationaleRequired',
      'consequence.ar': 'rationaleTooLong',
    });
    expect(checkDraft({ ...draftOf(rule), responseMinutes: 2.5 }, rule)).toEqual({
      responseMinutes: 'responseMinutes',
    });
    expect(checkDraft({ ...draftOf(rule), responseMinutes: 0 }, rule)).toEqual({ responseMinutes: 'responseMinutes' });
  });

  it('lets a rule without a rationale yet be edited otherwise, and asks every language of one being written', () => {
    const empty = { en: '', fr: '', fa: '', ar: '' };
    const bare: AlarmRule = { ...rule, cause: empty, consequence: empty, action: empty };
    expect(checkDraft({ ...draftOf(bare), threshold: 70 }, bare)).toEqual({});
    expect(checkDraft({ ...draftOf(bare), cause: { ...empty, en: 'Blocked filters' } }, bare)).toEqual({
      'cause.fr': 'rationaleRequired',
      'cause.fa': 'rationaleRequired',
      'cause.ar': 'rationaleRequired',
    });
  });

  it('names the form field of a server field error', () => {
    expect(fieldOfServer('onDelayMs')).toBe('onDelayS');
    expect(fieldOfServer('message')).toBe('message.en');
    expect(fieldOfServer('action')).toBe('action.en');
    expect(fieldOfServer('responseMinutes')).toBe('responseMinutes');
    expect(fieldOfServer('priority')).toBeNull();
  });
});
