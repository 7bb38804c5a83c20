import { describe, expect, it } from 'vitest';
import { globalKey } from './globalKeys.ts';

const key = (over: Partial<Parameters<typeof globalKey>[0]>) => ({
  key: '',
  code: '',
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...over,
});

describe('the keys of every page', () => {
  it('takes Alt+A to the alarm list from anywhere, by the key’s place (a Persian layout types ش there)', () => {
    expect(globalKey(key({ key: 'a', code: 'KeyA', altKey: true }), false)).toBe('alarmList');
    expect(globalKey(key({ key: 'ش', code: 'KeyA', altKey: true }), true)).toBe('alarmList');
    expect(globalKey(key({ key: 'A', code: 'KeyA', altKey: true, shiftKey: true }), false)).toBeNull();
    expect(globalKey(key({ key: 'a', code: 'KeyA', ctrlKey: true, altKey: true }), false)).toBeNull();
    expect(globalKey(key({ key: 'a', code: 'KeyA' }), false)).toBeNull();
  });

  it('opens the list of keys with ? (or ؟), except while typing text', () => {
    expect(globalKey(key({ key: '?', code: 'Slash', shiftKey: true }), false)).toBe('help');
    expect(globalKey(key({ key: '؟', code: 'Slash', shiftKey: true }), false)).toBe('help');
    expect(globalKey(key({ key: '?', code: 'Slash', shiftKey: true }), true)).toBeNull();
    expect(globalKey(key({ key: '/', code: 'Slash' }), false)).toBeNull();
  });
});
