import { roleRuleTemplates } from '@voltscope/shared/abilities';
import { describe, expect, it } from 'vitest';
import { draftOf, ruleOf, rulesOf } from './ruleDraft.ts';

describe('rule rows', () => {
  it('reads every built-in role into rows and back unchanged', () => {
    for (const rules of Object.values(roleRuleTemplates)) expect(rulesOf(rules.map(draftOf))).toEqual(rules);
  });

  it('reads the scope of a rule: every site, their own, or a list', () => {
    expect(draftOf(roleRuleTemplates.client[0] as never)).toMatchObject({ scope: 'own', subjects: ['Site'] });
    const listed = draftOf({ action: 'read', subject: ['Device'], conditions: { siteId: { $in: ['es-tarifa'] } } });
    expect(listed).toMatchObject({ scope: 'sites', siteIds: ['es-tarifa'] });
    expect(ruleOf({ ...listed, subjects: ['Site'] })).toEqual({
      action: 'read',
      subject: 'Site',
      conditions: { id: { $in: ['es-tarifa'] } },
    });
  });

  it('keeps what it does not edit, and a reason only on a "cannot"', () => {
    const odd = draftOf({ action: 'read', subject: 'User', fields: ['email'], conditions: { active: true } });
    expect(ruleOf(odd)).toEqual({ action: 'read', subject: 'User', fields: ['email'], conditions: { active: true } });
    const cannot = draftOf({ action: 'delete', subject: 'Alarm', inverted: true, reason: 'audit' });
    expect(ruleOf({ ...cannot, reason: ' kept ' })).toMatchObject({ inverted: true, reason: 'kept' });
    expect(ruleOf({ ...cannot, inverted: false })).toEqual({ action: 'delete', subject: 'Alarm' });
  });
});
