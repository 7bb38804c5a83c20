// The display settings of seed sections 3, 4 and 9 as plain data: their defaults, how they are read
// from and written to cookies (one cookie per setting, named as in the seed), and the rules that tie
// them together. No React here; settingsStore.ts holds the live copy.
import type { CookieJar } from '../cookies.ts';
import { type PaletteSetting, paletteSettings } from './palette.ts';

export type ThemeSetting = 'light' | 'dark' | 'system';
export type Skin = 'default' | 'bordered';
export type ContentWidth = 'boxed' | 'fluid';
export type NavLayout = 'vertical' | 'horizontal';
export type BarType = 'sticky' | 'static' | 'hidden';

export interface LayoutSettings {
  theme: ThemeSetting;
  skin: Skin;
  appContentWidth: ContentWidth;
  appContentLayoutNav: NavLayout;
  navbarType: BarType;
  isNavbarBlurEnabled: boolean;
  footerType: BarType;
  isVerticalNavCollapsed: boolean;
  isVerticalNavSemiDark: boolean;
  lightThemePrimaryColor: string;
  darkThemePrimaryColor: string;
  /** `auto`: the role's palette (see palette.ts); otherwise the user's choice. */
  palette: PaletteSetting;
}

export const themeSettings: readonly ThemeSetting[] = ['light', 'dark', 'system'];
export const skins: readonly Skin[] = ['default', 'bordered'];
export const contentWidths: readonly ContentWidth[] = ['boxed', 'fluid'];
export const navLayouts: readonly NavLayout[] = ['vertical', 'horizontal'];
export const barTypes: readonly BarType[] = ['sticky', 'static', 'hidden'];

/** Seed section 9: primary #ff4c51, and #d85d5d, its darker variant, for the dark theme. */
export const DEFAULT_PRIMARY_LIGHT = '#ff4c51';
export const DEFAULT_PRIMARY_DARK = '#d85d5d';

/** Seed section 9: boxed, horizontal navigation, sticky navbar with blur, static footer, system, bordered. */
export const defaultSettings: LayoutSettings = {
  theme: 'system',
  skin: 'bordered',
  appContentWidth: 'boxed',
  appContentLayoutNav: 'horizontal',
  navbarType: 'sticky',
  isNavbarBlurEnabled: true,
  footerType: 'static',
  isVerticalNavCollapsed: false,
  isVerticalNavSemiDark: false,
  lightThemePrimaryColor: DEFAULT_PRIMARY_LIGHT,
  darkThemePrimaryColor: DEFAULT_PRIMARY_DARK,
  palette: 'auto',
};

export const settingKeys = Object.keys(defaultSettings) as (keyof LayoutSettings)[];

/** Seed section 9: the navigation is an overlay, and always vertical, below 976 px (md 960 + 16). */
export const OVERLAY_NAV_BREAKPOINT = 976;

const HEX = /^#[0-9a-f]{6}$/i;
const oneOf =
  <T extends string>(allowed: readonly T[]) =>
  (raw: string): T | undefined =>
    (allowed as readonly string[]).includes(raw) ? (raw as T) : undefined;
const bool = (raw: string): boolean | undefined => (raw === 'true' ? true : raw === 'false' ? false : undefined);
const hex = (raw: string): string | undefined => (HEX.test(raw) ? raw.toLowerCase() : undefined);

const parsers: { [K in keyof LayoutSettings]: (raw: string) => LayoutSettings[K] | undefined } = {
  theme: oneOf(themeSettings),
  skin: oneOf(skins),
  appContentWidth: oneOf(contentWidths),
  appContentLayoutNav: oneOf(navLayouts),
  navbarType: oneOf(barTypes),
  isNavbarBlurEnabled: bool,
  footerType: oneOf(barTypes),
  isVerticalNavCollapsed: bool,
  isVerticalNavSemiDark: bool,
  lightThemePrimaryColor: hex,
  darkThemePrimaryColor: hex,
  palette: oneOf(paletteSettings),
};

/** Seed section 4: the defaults, each overridden by a stored preference when it is valid. */
export function readSettings(jar: CookieJar): LayoutSettings {
  const settings = { ...defaultSettings };
  for (const key of settingKeys) {
    const raw = jar.get(key);
    const value = raw === null ? undefined : parsers[key](raw);
    if (value !== undefined) Object.assign(settings, { [key]: value });
  }
  return consistent(settings);
}

export function writeSettings(jar: CookieJar, before: LayoutSettings, after: LayoutSettings): void {
  for (const key of settingKeys) {
    if (before[key] !== after[key]) jar.set(key, String(after[key]));
  }
}

/** Horizontal navigation lives in the navbar, so that navbar cannot be hidden. */
function consistent(settings: LayoutSettings): LayoutSettings {
  return settings.appContentLayoutNav === 'horizontal' && settings.navbarType === 'hidden'
    ? { ...settings, navbarType: 'sticky' }
    : settings;
}

/**
 * A change with the seed's side effects: switching to horizontal navigation turns a hidden navbar into
 * a sticky one and un-collapses the vertical navigation. Invalid values are ignored.
 */
export function applyChange(current: LayoutSettings, patch: Partial<LayoutSettings>): LayoutSettings {
  const next = { ...current };
  for (const key of settingKeys) {
    const value = patch[key];
    if (value !== undefined && parsers[key](String(value)) !== undefined) {
      Object.assign(next, { [key]: parsers[key](String(value)) });
    }
  }
  if (next.appContentLayoutNav === 'horizontal' && current.appContentLayoutNav !== 'horizontal') {
    next.isVerticalNavCollapsed = false;
  }
  return consistent(next);
}

export const isDefault = (settings: LayoutSettings): boolean =>
  settingKeys.every((key) => settings[key] === defaultSettings[key]);
