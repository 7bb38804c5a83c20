import { describe, expect, it } from 'vitest';
import { bodyOf, checkDraft, moved, newDraft, withSites } from './displayDraft.ts';

describe('a display draft', () => {
  it('starts with the fleet overview for 30 s, then the alarm console', () => {
    const draft = newDraft('fa');
    expect(draft.playlist.map(({ page, dwellSeconds }) => ({ page, dwellSeconds }))).toEqual([
      { page: 'overview-fleet', dwellSeconds: 30 },
      { page: 'alarm-realtime', dwellSeconds: 30 },
    ]);
    expect(draft.language).toBe('fa');
    expect(checkDraft(draft)).toEqual({ name: 'name', siteIds: 'sites' });
  });

  it('sends a site only for pages of one site, dwell times within the limits, and no row keys', () => {
    const draft = withSites({ ...newDraft('en'), name: '  North wall ' }, ['a', 'b']);
    const [first, second] = draft.playlist;
    if (!first || !second) throw new Error('two items expected');
    draft.playlist = [
      { ...first, siteId: 'a', dwellSeconds: 2 },
      { ...second, page: 'overview-solar', siteId: 'b', dwellSeconds: 99_999 },
    ];
    expect(bodyOf(draft)).toEqual({
      name: 'North wall',
      siteIds: ['a', 'b'],
      playlist: [
        { page: 'overview-fleet', siteId: null, dwellSeconds: 5, language: null, theme: null },
        { page: 'overview-solar', siteId: 'b', dwellSeconds: 3600, language: null, theme: null },
      ],
      language: 'en',
      theme: 'dark',
      sound: false,
    });
  });

  it('points an item at the first site when its own site is taken from the display', () => {
    const draft = withSites(newDraft('en'), ['a', 'b']);
    const [first] = draft.playlist;
    if (!first) throw new Error('an item expected');
    draft.playlist = [{ ...first, page: 'overview-wind', siteId: 'b' }];
    expect(withSites(draft, ['a']).playlist[0]?.siteId).toBeNull();
    expect(withSites(draft, ['a', 'b']).playlist[0]?.siteId).toBe('b');
  });

  it('moves an item within the list and leaves it when the move would leave the list', () => {
    expect(moved(['x', 'y', 'z'], 2, 0)).toEqual(['z', 'x', 'y']);
    expect(moved(['x', 'y', 'z'], 0, 1)).toEqual(['y', 'x', 'z']);
    expect(moved(['x', 'y'], 0, -1)).toEqual(['x', 'y']);
    expect(moved(['x', 'y'], 1, 2)).toEqual(['x', 'y']);
  });
});
