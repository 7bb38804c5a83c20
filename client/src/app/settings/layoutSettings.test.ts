import { describe, expect, it } from 'vitest';
import { memoryCookies, parseCookies } from '../cookies.ts';
import { applyChange, defaultSettings, isDefault, readSettings } from './layoutSettings.ts';
import { createSettingsStore } from './settingsStore.ts';

describe('layout settings', () => {
  it('start from the seed defaults: boxed, horizontal, sticky blurred navbar, static footer, system, bordered', () => {
    expect(readSettings(memoryCookies())).toEqual(defaultSettings);
    expect(defaultSettings).toMatchObject({ appContentWidth: 'boxed', appContentLayoutNav: 'horizontal' });
    expect(defaultSettings).toMatchObject({ navbarType: 'sticky', isNavbarBlurEnabled: true, footerType: 'static' });
    expect(defaultSettings).toMatchObject({ theme: 'system', skin: 'bordered' });
    expect([defaultSettings.lightThemePrimaryColor, defaultSettings.darkThemePrimaryColor]).toEqual([
      '#ff4c51',
      '#d85d5d',
    ]);
  });

  it('take each valid stored preference and ignore the rest', () => {
    const jar = memoryCookies({
      theme: 'dark',
      skin: 'fancy',
      appContentLayoutNav: 'vertical',
      isVerticalNavCollapsed: 'true',
      isNavbarBlurEnabled: 'yes',
      lightThemePrimaryColor: '#7367F0',
      darkThemePrimaryColor: 'red',
    });
    expect(readSettings(jar)).toMatchObject({
      theme: 'dark',
      skin: 'bordered',
      appContentLayoutNav: 'vertical',
      isVerticalNavCollapsed: true,
      isNavbarBlurEnabled: true,
      lightThemePrimaryColor: '#7367f0',
      darkThemePrimaryColor: '#d85d5d',
    });
  });

  it('turn a hidden navbar into a sticky one and un-collapse the navigation when switching to horizontal', () => {
    const vertical = applyChange(defaultSettings, {
      appContentLayoutNav: 'vertical',
      navbarType: 'hidden',
      isVerticalNavCollapsed: true,
    });
    expect(vertical).toMatchObject({ navbarType: 'hidden', isVerticalNavCollapsed: true });
    expect(applyChange(vertical, { appContentLayoutNav: 'horizontal' })).toMatchObject({
      appContentLayoutNav: 'horizontal',
      navbarType: 'sticky',
      isVerticalNavCollapsed: false,
    });
    // The horizontal navigation lives in the navbar: it cannot be hidden, even from a stored cookie.
    expect(applyChange(defaultSettings, { navbarType: 'hidden' }).navbarType).toBe('sticky');
    expect(readSettings(memoryCookies({ navbarType: 'hidden' })).navbarType).toBe('sticky');
  });

  it('ignore invalid values in a change', () => {
    expect(applyChange(defaultSettings, { theme: 'sepia' as never, skin: 'default' })).toEqual({
      ...defaultSettings,
      skin: 'default',
    });
  });
});

describe('settings store', () => {
  it('writes only what changed, under the seed names, and forgets everything on reset', () => {
    const jar = memoryCookies();
    const store = createSettingsStore(jar);
    store.update({ appContentLayoutNav: 'vertical', isVerticalNavSemiDark: true });
    expect(jar.all()).toEqual({ appContentLayoutNav: 'vertical', isVerticalNavSemiDark: 'true' });
    expect(createSettingsStore(jar).getState().isVerticalNavSemiDark).toBe(true);
    store.reset();
    expect(jar.all()).toEqual({});
    expect(isDefault(store.getState())).toBe(true);
  });
});

describe('cookies', () => {
  it('decodes values and keeps the first of duplicated names', () => {
    expect([...parseCookies('a=1; b=%23ff4c51; a=2; broken=%E0%A4%A; =x')]).toEqual([
      ['a', '1'],
      ['b', '#ff4c51'],
    ]);
  });
});
