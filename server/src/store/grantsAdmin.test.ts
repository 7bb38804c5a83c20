import { describe, expect, it } from 'vitest';
import { grantsAdmin } from './userAdmin.ts';

describe('grantsAdmin', () => {
  it('counts manage on all, and only that, as an administrator’s role', () => {
    expect(grantsAdmin([{ action: 'manage', subject: 'all' }])).toBe(true);
    expect(grantsAdmin([{ action: ['read', 'manage'], subject: ['Site', 'all'] }])).toBe(true);
    expect(grantsAdmin([{ action: 'read', subject: 'all' }])).toBe(false);
    expect(grantsAdmin([{ action: 'manage', subject: 'User' }])).toBe(false);
    expect(grantsAdmin([])).toBe(false);
  });

  it('does not count manage all limited to sites or fields, or taken back by a later rule', () => {
    expect(grantsAdmin([{ action: 'manage', subject: 'all', conditions: { siteId: { $in: ['a'] } } }])).toBe(false);
    expect(grantsAdmin([{ action: 'manage', subject: 'all', fields: ['name'] }])).toBe(false);
    expect(
      grantsAdmin([
        { action: 'manage', subject: 'all' },
        { action: 'manage', subject: 'all', inverted: true },
      ]),
    ).toBe(false);
    // An earlier refusal is overridden by a later grant (CASL: later rules win).
    expect(
      grantsAdmin([
        { action: 'manage', subject: 'all', inverted: true },
        { action: 'manage', subject: 'all' },
      ]),
    ).toBe(true);
  });
});
