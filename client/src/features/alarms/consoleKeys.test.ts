import { describe, expect, it } from 'vitest';
import { keyAction, moveIndex } from './consoleKeys.ts';

const key = (k: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; code: string }> = {}) => ({
  key: k,
  code: /^[a-z]$/i.test(k) ? `Key${k.toUpperCase()}` : k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('console keys', () => {
  it('acknowledges with a, and every visible alarm with Shift+A', () => {
    expect(keyAction(key('a'), true)).toEqual({ kind: 'command', command: 'acknowledge' });
    expect(keyAction(key('A', { shiftKey: true }), true)).toEqual({ kind: 'command', command: 'acknowledgeAll' });
  });

  it('takes alarms out of service, or back in, with o', () => {
    expect(keyAction(key('o'), true)).toEqual({ kind: 'command', command: 'outOfService' });
  });

  it('gives a read-only user no acting key, but moving, the timeline and the device page', () => {
    for (const k of ['a', 's', 'u', 'c', 'o', ' ', 'Escape']) expect(keyAction(key(k), false)).toBeNull();
    expect(keyAction(key('ArrowDown', { shiftKey: true }), false)).toEqual({
      kind: 'move',
      move: 'next',
      extend: false,
    });
    expect(keyAction(key('Enter'), false)).toEqual({ kind: 'command', command: 'timeline' });
    expect(keyAction(key('d'), false)).toEqual({ kind: 'command', command: 'device' });
  });

  it('reads letters by their place, so a Persian layout acknowledges too', () => {
    expect(keyAction(key('ش', { code: 'KeyA' }), true)).toEqual({ kind: 'command', command: 'acknowledge' });
  });

  it('leaves keys with Ctrl alone (copy, the browser’s own shortcuts)', () => {
    expect(keyAction(key('c', { ctrlKey: true }), true)).toBeNull();
  });

  it('moves within the list', () => {
    expect(moveIndex(-1, 'next', 5, 3)).toBe(0);
    expect(moveIndex(4, 'next', 5, 3)).toBe(4);
    expect(moveIndex(0, 'previous', 5, 3)).toBe(0);
    expect(moveIndex(1, 'pageDown', 5, 3)).toBe(4);
    expect(moveIndex(4, 'pageUp', 5, 3)).toBe(1);
    expect(moveIndex(2, 'last', 5, 3)).toBe(4);
    expect(moveIndex(2, 'first', 0, 3)).toBe(-1);
  });
});
