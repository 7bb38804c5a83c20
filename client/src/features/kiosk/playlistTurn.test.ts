import { describe, expect, it } from 'vitest';
import { commandOf } from './playlistKeys.ts';
import { currentItemRemoved, displayChanged, startIndex, stepIndex } from './playlistTurn.ts';
import { testDisplay, testItem } from './testDisplay.ts';

const item = testItem;
const wall = testDisplay;

describe('playlist turns', () => {
  it('steps forwards and backwards round the playlist', () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
    // A shorter playlist after an edit: the position wraps into it.
    expect(stepIndex(4, 1, 2)).toBe(1);
    expect(stepIndex(3, 0, 2)).toBe(1);
  });

  it('sees when an edit removed the item on screen, and not when it only moved or others changed', () => {
    const shown = wall([item('overview-fleet'), item('overview-solar')]);
    expect(currentItemRemoved(shown, 1, wall([item('overview-solar'), item('alarm-realtime')]))).toBe(false);
    expect(currentItemRemoved(shown, 1, wall([item('overview-fleet')]))).toBe(true);
    // The same page of another site (the display's sites changed) is another item.
    expect(currentItemRemoved(shown, 1, wall([item('overview-solar')], ['ir-yazd']))).toBe(true);
    expect(currentItemRemoved(shown, 0, wall([item('overview-fleet', { language: 'fa' })]))).toBe(true);
  });

  it('restarts on the item whose address the wall is on', () => {
    const display = wall([item('overview-fleet'), item('overview-solar', { siteId: 'es-tarifa' })]);
    expect(startIndex(display, { pathname: '/overview/solar', search: '?site=es-tarifa' })).toBe(1);
    expect(startIndex(display, { pathname: '/display', search: '' })).toBe(0);
  });

  it('tells an edit from the same display read again', () => {
    const display = wall([item('overview-fleet')]);
    expect(displayChanged(display, { ...display, lastSeenAt: 5, online: false })).toBe(false);
    expect(displayChanged(display, { ...display, sound: true })).toBe(true);
  });
});

describe('playlist keys', () => {
  const key = (k: string, extra: Partial<KeyboardEvent> = {}) =>
    commandOf({ key: k, ctrlKey: false, metaKey: false, altKey: false, target: null, ...extra });

  it('pauses on Space or P and steps on the arrows; other keys and chords are not its', () => {
    expect(key(' ')).toBe('toggle');
    expect(key('p')).toBe('toggle');
    expect(key('P')).toBe('toggle');
    expect(key('ArrowRight')).toBe('next');
    expect(key('ArrowLeft')).toBe('previous');
    expect(key('x')).toBeNull();
    expect(key('ArrowRight', { ctrlKey: true })).toBeNull();
  });
});
