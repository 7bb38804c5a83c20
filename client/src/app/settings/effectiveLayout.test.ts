import { describe, expect, it } from 'vitest';
import { effectiveLayout } from './effectiveLayout.ts';
import { applyChange, defaultSettings } from './layoutSettings.ts';

const vertical = applyChange(defaultSettings, {
  appContentLayoutNav: 'vertical',
  isVerticalNavCollapsed: true,
  isVerticalNavSemiDark: true,
  navbarType: 'hidden',
});

describe('effective layout', () => {
  it('is vertical below 976 px whatever the setting, an overlay that is never collapsed', () => {
    const narrow = effectiveLayout(defaultSettings, { overlay: true, scheme: 'light' });
    expect(narrow).toMatchObject({ nav: 'vertical', overlay: true, collapsed: false });
    expect(effectiveLayout(vertical, { overlay: true, scheme: 'light' }).collapsed).toBe(false);
  });

  it('keeps the navbar that opens the overlay navigation', () => {
    expect(effectiveLayout(vertical, { overlay: false, scheme: 'light' }).navbar).toBe('hidden');
    expect(effectiveLayout(vertical, { overlay: true, scheme: 'light' }).navbar).toBe('sticky');
  });

  it('darkens the navigation (semi-dark) in the light theme only, and blurs only a sticky navbar', () => {
    expect(effectiveLayout(vertical, { overlay: false, scheme: 'light' }).semiDark).toBe(true);
    expect(effectiveLayout(vertical, { overlay: false, scheme: 'dark' }).semiDark).toBe(false);
    expect(effectiveLayout(defaultSettings, { overlay: false, scheme: 'light' }).blur).toBe(true);
    const staticBar = applyChange(defaultSettings, { navbarType: 'static' });
    expect(effectiveLayout(staticBar, { overlay: false, scheme: 'light' }).blur).toBe(false);
  });
});
