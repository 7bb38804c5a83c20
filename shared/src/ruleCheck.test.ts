import { describe, expect, it } from 'vitest';
import { createAbility, roleRuleTemplates, USER_SITE_IDS } from './abilities.ts';
import { checkRules, normalizeRule, problemField } from './ruleCheck.ts';

const sites = new Set(['fr-occitanie', 'es-tarifa']);
const codes = (rules: unknown, editor = createAbility(roleRuleTemplates.admin)) =>
  checkRules(rules, { siteIds: sites, editor }).map((p) => [problemField(p), p.reason.code, p.reason.params]);

describe('rule checks', () => {
  it('passes every built-in role for an admin', () => {
    for (const rules of Object.values(roleRuleTemplates)) expect(codes(rules)).toEqual([]);
  });

  it('names an unknown action and subject with the bad value', () => {
    expect(codes([{ action: ['read', 'fly'], subject: 'Site' }])).toEqual([
      ['rules.0.action', 'unknownAction', { value: 'fly' }],
    ]);
    expect(
      codes([
        { action: 'read', subject: ['Site'] },
        { action: 'read', subject: 'Spaceship' },
      ]),
    ).toEqual([['rules.1.subject', 'unknownSubject', { value: 'Spaceship' }]]);
    expect(codes([{ subject: 'Site' }])).toEqual([['rules.0.action', 'required', undefined]]);
    expect(codes([{ action: [], subject: 'Site' }])).toEqual([['rules.0.action', 'required', undefined]]);
  });

  it('limits conditions to site lists on the field the subject has', () => {
    expect(codes([{ action: 'read', subject: 'Site', conditions: { id: { $in: ['es-tarifa'] } } }])).toEqual([]);
    expect(
      codes([{ action: 'read', subject: ['Alarm', 'Device'], conditions: { siteId: { $in: USER_SITE_IDS } } }]),
    ).toEqual([]);
    // Site's own field is id, not siteId; Site and Device together have no one field.
    expect(codes([{ action: 'read', subject: 'Site', conditions: { siteId: { $in: ['es-tarifa'] } } }])[0]?.[1]).toBe(
      'notOneOf',
    );
    expect(
      codes([{ action: 'read', subject: ['Site', 'Device'], conditions: { id: { $in: ['es-tarifa'] } } }])[0]?.[1],
    ).toBe('notOneOf');
    expect(codes([{ action: 'read', subject: 'User', conditions: { id: { $in: ['1'] } } }])[0]?.[1]).toBe('notOneOf');
    expect(codes([{ action: 'read', subject: 'Device', conditions: { siteId: { $ne: 'x' } } }])[0]?.[1]).toBe(
      'notOneOf',
    );
    expect(codes([{ action: 'read', subject: 'Device', conditions: { siteId: { $in: ['nowhere'] } } }])).toEqual([
      ['rules.0.conditions', 'unknownSite', { site: 'nowhere' }],
    ]);
  });

  it('refuses a rule granting more than the editor holds, by its 1-based number', () => {
    const editor = createAbility([
      { action: 'manage', subject: 'Role' },
      { action: 'read', subject: ['Site', 'Device'] },
    ]);
    expect(codes([{ action: 'read', subject: 'Device' }], editor)).toEqual([]);
    expect(
      codes(
        [
          { action: 'read', subject: 'Site' },
          { action: 'manage', subject: 'Device' },
        ],
        editor,
      ),
    ).toEqual([['rules.1.rule', 'ruleBeyondOwn', { rule: 2 }]]);
    // `all` stands for every subject, `manage` for every action.
    expect(codes([{ action: 'read', subject: 'all' }], editor)[0]?.[1]).toBe('ruleBeyondOwn');
    expect(codes([{ action: 'manage', subject: 'Role' }], editor)).toEqual([]);
    // A "cannot" takes rights away: never beyond.
    expect(codes([{ action: 'manage', subject: 'all', inverted: true, reason: 'frozen' }], editor)).toEqual([]);
  });

  it('sees through an editor whose own "cannot" removes part of manage', () => {
    const editor = createAbility([
      { action: 'manage', subject: 'all' },
      { action: 'delete', subject: 'Device', inverted: true },
    ]);
    expect(codes([{ action: 'manage', subject: 'Device' }], editor)[0]?.[1]).toBe('ruleBeyondOwn');
    expect(codes([{ action: 'update', subject: 'Device' }], editor)).toEqual([]);
  });

  it('refuses unknown keys, long reasons and too many rules', () => {
    expect(codes([{ action: 'read', subject: 'Site', priority: 1 }])[0]?.[1]).toBe('unknownField');
    expect(codes([{ action: 'read', subject: 'Site', inverted: true, reason: 'x'.repeat(201) }])[0]?.[1]).toBe(
      'tooLong',
    );
    expect(codes(Array.from({ length: 51 }, () => ({ action: 'read', subject: 'Site' })))[0]?.[1]).toBe('tooMany');
  });

  it('stores only what CASL reads', () => {
    expect(normalizeRule({ action: 'read', subject: 'Site', inverted: false, reason: ' x ' })).toEqual({
      action: 'read',
      subject: 'Site',
    });
    expect(normalizeRule({ action: 'read', subject: 'Site', inverted: true, reason: ' frozen ' })).toEqual({
      action: 'read',
      subject: 'Site',
      inverted: true,
      reason: 'frozen',
    });
  });
});
