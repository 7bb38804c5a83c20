import { createAbility, roleRuleTemplates } from '@voltscope/shared/abilities';
import { describe, expect, it } from 'vitest';
import { shortcuts, visibleShortcuts } from './shortcuts.ts';

describe('shortcuts', () => {
  it('lead to built pages only', () => {
    expect(visibleShortcuts(createAbility(roleRuleTemplates.admin))).toEqual(shortcuts);
    expect(
      visibleShortcuts(createAbility(roleRuleTemplates.admin), [{ key: 'x', path: '/reports/monthly', icon: 'solar' }]),
    ).toEqual([]);
  });

  it('leave out what the user may not open, keeping their own account pages', () => {
    expect(visibleShortcuts(createAbility([])).map((s) => s.key)).toEqual([
      'profile',
      'account',
      'security',
      'interface',
    ]);
  });
});
