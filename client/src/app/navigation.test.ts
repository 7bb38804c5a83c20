import { createAbility, roleRuleTemplates } from '@voltscope/shared/abilities';
import { describe, expect, it } from 'vitest';
import { type NavGroup, visibleNavigation } from './navigation.ts';

const menuOf = (rules: Parameters<typeof createAbility>[0]) =>
  visibleNavigation(createAbility(rules)).map((group) => ({
    group: group.label,
    entries: group.children.map((entry) => entry.path),
  }));

describe('menu', () => {
  it('shows an admin the built pages only', () => {
    expect(menuOf(roleRuleTemplates.admin)).toEqual([
      { group: 'monitoring', entries: ['/dashboards/solar'] },
      { group: 'userAccess', entries: ['/access-control'] },
    ]);
  });

  it('hides what the ability denies, and a group left with no visible entry', () => {
    expect(menuOf([{ action: 'read', subject: 'AclDemo' }])).toEqual([
      { group: 'userAccess', entries: ['/access-control'] },
    ]);
    expect(menuOf([])).toEqual([]);
  });

  it('respects inverted rules', () => {
    expect(
      menuOf([
        { action: 'manage', subject: 'all' },
        { action: 'read', subject: 'Site', inverted: true },
      ]),
    ).toEqual([{ group: 'userAccess', entries: ['/access-control'] }]);
  });

  it('leaves out entries whose page is not built', () => {
    const groups: NavGroup[] = [
      { label: 'eventsAlarm', icon: 'events', children: [{ label: 'alarmLog', route: 'alarm-history' }] },
    ];
    expect(visibleNavigation(createAbility(roleRuleTemplates.admin), groups)).toEqual([]);
  });
});
