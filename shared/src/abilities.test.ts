import { describe, expect, it } from 'vitest';
import { asSubject, createAbility, resolveRules, roleRuleTemplates } from './abilities.ts';

const site = (id: string) => asSubject('Site', { id });

describe('role rules', () => {
  it('lets an admin manage everything', () => {
    const ability = createAbility(roleRuleTemplates.admin);
    expect(ability.can('delete', 'User')).toBe(true);
    expect(ability.can('read', site('anything'))).toBe(true);
  });

  it('limits a client to reading its own sites and the access-control page', () => {
    const ability = createAbility(resolveRules(roleRuleTemplates.client, { siteIds: ['fr-occitanie'] }));
    expect(ability.can('read', site('fr-occitanie'))).toBe(true);
    expect(ability.can('read', site('ma-ouarzazate'))).toBe(false);
    expect(ability.can('read', asSubject('Device', { siteId: 'ma-ouarzazate' }))).toBe(false);
    expect(ability.can('read', 'AclDemo')).toBe(true);
    expect(ability.can('update', site('fr-occitanie'))).toBe(false);
    expect(ability.can('acknowledge', 'Alarm')).toBe(false);
  });

  it('lets an operator read all sites and work alarms, but manage nothing', () => {
    const ability = createAbility(roleRuleTemplates.operator);
    expect(ability.can('read', site('ir-yazd'))).toBe(true);
    expect(ability.can('acknowledge', 'Alarm')).toBe(true);
    expect(ability.can('update', 'Site')).toBe(false);
    expect(ability.can('read', 'User')).toBe(false);
  });
});

describe('rule semantics', () => {
  it('lets a later inverted rule take priority, with its reason', () => {
    const ability = createAbility([
      { action: 'read', subject: 'Site' },
      { action: 'read', subject: 'Site', conditions: { id: 'ir-yazd' }, inverted: true, reason: 'sanctioned' },
    ]);
    expect(ability.can('read', site('fr-occitanie'))).toBe(true);
    expect(ability.can('read', site('ir-yazd'))).toBe(false);
    expect(ability.relevantRuleFor('read', site('ir-yazd'))?.reason).toBe('sanctioned');
  });

  it('restricts fields', () => {
    const ability = createAbility([{ action: 'read', subject: 'User', fields: ['fullName', 'email'] }]);
    expect(ability.can('read', 'User', 'email')).toBe(true);
    expect(ability.can('read', 'User', 'passwordHash')).toBe(false);
  });

  it('does not let a site id smuggle an operator into the resolved rules', () => {
    const rules = resolveRules(roleRuleTemplates.client, { siteIds: ['{"$ne":null}'] });
    const ability = createAbility(rules);
    expect(ability.can('read', site('fr-occitanie'))).toBe(false);
  });
});
