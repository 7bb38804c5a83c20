// What the layout shows, from the settings and the screen: below 976 px the navigation is vertical and
// an overlay whatever the setting (which is kept, so a wider screen restores it).
import type { BarType, ContentWidth, LayoutSettings, NavLayout } from './layoutSettings.ts';

export interface EffectiveLayout {
  nav: NavLayout;
  /** The vertical navigation is a drawer opened from the navbar. */
  overlay: boolean;
  collapsed: boolean;
  semiDark: boolean;
  navbar: BarType;
  blur: boolean;
  footer: BarType;
  width: ContentWidth;
}

export function effectiveLayout(
  settings: LayoutSettings,
  screen: { overlay: boolean; scheme: 'light' | 'dark' },
): EffectiveLayout {
  const nav = screen.overlay ? 'vertical' : settings.appContentLayoutNav;
  // The navbar holds the button that opens the overlay navigation: it cannot be hidden then.
  const navbar =
    settings.navbarType === 'hidden' && (screen.overlay || nav === 'horizontal') ? 'sticky' : settings.navbarType;
  return {
    nav,
    overlay: screen.overlay,
    collapsed: nav === 'vertical' && !screen.overlay && settings.isVerticalNavCollapsed,
    // Semi-dark darkens the vertical navigation of the light theme; the dark theme is dark already.
    semiDark: nav === 'vertical' && settings.isVerticalNavSemiDark && screen.scheme === 'light',
    navbar,
    blur: navbar === 'sticky' && settings.isNavbarBlurEnabled,
    footer: settings.footerType,
    width: settings.appContentWidth,
  };
}
