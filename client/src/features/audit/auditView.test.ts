import { describe, expect, it } from 'vitest';
import { actionKey, auditFilter, fieldChanges, initialView, isFiltered, otherDetails, valueText } from './auditView.ts';

describe('audit view', () => {
  it('words the actions it knows and leaves every other raw', () => {
    expect(actionKey('user.update')).toBe('actions.user.update');
    expect(actionKey('audit.pruned')).toBe('actions.audit.pruned');
    expect(actionKey('user.fly')).toBeNull();
    expect(actionKey('toString.x')).toBeNull();
    expect(actionKey('user')).toBeNull();
    expect(actionKey('user.update.more')).toBeNull();
  });

  it('turns a view into the query: a preset period back from now, a custom one as given, all unbounded', () => {
    const now = 1_000_000_000_000;
    expect(auditFilter(initialView, now)).toEqual({ from: now - 7 * 86_400_000 });
    expect(auditFilter({ ...initialView, period: '24h' }, now).from).toBe(now - 86_400_000);
    expect(auditFilter({ ...initialView, period: 'all' }, now)).toEqual({});
    expect(auditFilter({ ...initialView, period: 'custom', from: 5, to: null }, now)).toEqual({ from: 5 });
    const full = {
      ...initialView,
      period: 'all',
      actor: 3,
      group: 'alarmRule',
      outcome: 'refused',
      q: '  yazd ',
    } as const;
    expect(auditFilter(full, now)).toEqual({ actor: 3, action: 'alarmRule.', outcome: 'refused', q: 'yazd' });
    expect(isFiltered(initialView)).toBe(false);
    expect(isFiltered({ ...initialView, q: 'x' })).toBe(true);
  });

  it('lists the fields of before and after, marking those that changed', () => {
    expect(fieldChanges({ name: 'A', kW: 5, tags: ['x'] }, { name: 'B', kW: 5, tags: ['x'], extra: true })).toEqual([
      { field: 'name', before: 'A', after: 'B', changed: true },
      { field: 'kW', before: 5, after: 5, changed: false },
      { field: 'tags', before: ['x'], after: ['x'], changed: false },
      { field: 'extra', before: undefined, after: true, changed: true },
    ]);
    expect(fieldChanges(null, { id: 1 })).toEqual([{ field: 'id', before: undefined, after: 1, changed: true }]);
    expect(fieldChanges({ id: 1 }, null)).toEqual([{ field: 'id', before: 1, after: undefined, changed: true }]);
    expect(fieldChanges(undefined, undefined)).toEqual([]);
    expect(fieldChanges('a', 'b')).toEqual([{ field: '', before: 'a', after: 'b', changed: true }]);
  });

  it('writes values as text and keeps the details beside the change', () => {
    expect(valueText(null)).toBe('');
    expect(valueText('Yazd')).toBe('Yazd');
    expect(valueText({ a: [1, 2] })).toBe('{"a":[1,2]}');
    expect(otherDetails({ before: 1, after: 2, comment: 'why', count: 3 })).toEqual([
      ['comment', 'why'],
      ['count', 3],
    ]);
  });
});
