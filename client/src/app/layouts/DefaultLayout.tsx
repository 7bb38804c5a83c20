import { Drawer, useComputedColorScheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useShallow } from 'zustand/shallow';
import { SoundOffBanner } from '../../alarmFeed/SoundOffBanner.tsx';
import { useFollowRights } from '../../live/hooks.ts';
import { ConnectionLostBanner } from '../../ui/ConnectionLostBanner.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { PageLoader } from '../AppRoot.tsx';
import { Customizer } from '../customizer/Customizer.tsx';
import { effectiveLayout } from '../settings/effectiveLayout.ts';
import { settingsStore, useSettings } from '../settings/settingsStore.ts';
import { useOverlayNav } from '../settings/useOverlayNav.ts';
import { AppFooter } from '../shell/AppFooter.tsx';
import { AppNavbar } from '../shell/AppNavbar.tsx';
import { KeyboardHelp } from '../shell/keyboard/KeyboardHelp.tsx';
import { useVisibleNavigation } from '../shell/MainMenu.tsx';
import { ScrollToTop } from '../shell/ScrollToTop.tsx';
import { MAIN_CONTENT_ID, SkipLink } from '../shell/SkipLink.tsx';
import { SearchDialog } from '../shell/search/SearchDialog.tsx';
import navClasses from '../shell/VerticalNav.module.css';
import { NavTree, VerticalNav } from '../shell/VerticalNav.tsx';
import classes from './DefaultLayout.module.css';

/**
 * The hash-link offset: the seed's 60 px, counted below whatever stays pinned at the top (a sticky
 * navbar), so the target is never hidden under it.
 */
function useScrollOffset(header: React.RefObject<HTMLElement | null>, sticky: boolean) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const element = header.current;
    const apply = () => {
      const pinned = sticky && element ? element.getBoundingClientRect().height : 0;
      root.style.setProperty('--vs-scroll-offset', `${Math.round(pinned) + 60}px`);
    };
    apply();
    if (!element || !sticky) return () => root.style.removeProperty('--vs-scroll-offset');
    const observer = new ResizeObserver(apply);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--vs-scroll-offset');
    };
  }, [header, sticky]);
}

/**
 * The signed-in layout (seed sections 2, 4 and 9): vertical or horizontal navigation, the navbar with
 * search, shortcuts, notifications, theme, language and the user menu, the content (boxed or fluid),
 * the footer, a scroll-to-top button and the customizer.
 */
export function DefaultLayout() {
  const { t } = useTranslation(['common']);
  const { pathname } = useLocation();
  const overlay = useOverlayNav();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const settings = useSettings(useShallow((s) => s));
  const layout = effectiveLayout(settings, { overlay, scheme });
  const groups = useVisibleNavigation();
  useFollowRights();
  const [drawerOpened, drawer] = useDisclosure(false);
  const headerRef = useRef<HTMLDivElement>(null);
  useScrollOffset(headerRef, layout.navbar === 'sticky');

  // A page opened from the drawer closes it; so does a screen wide enough for the fixed navigation.
  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every change of page.
  useEffect(() => drawer.close(), [pathname, overlay]);

  return (
    <div
      className={classes.layout}
      data-nav={layout.nav}
      data-collapsed={layout.collapsed || undefined}
      data-overlay={layout.overlay || undefined}
      data-width={layout.width}
      data-footer={layout.footer}
      data-testid="default-layout"
    >
      <SkipLink />
      {layout.nav === 'vertical' && !layout.overlay && (
        <VerticalNav
          groups={groups}
          collapsed={layout.collapsed}
          semiDark={layout.semiDark}
          onToggleCollapsed={() =>
            settingsStore.update({ isVerticalNavCollapsed: !settingsStore.getState().isVerticalNavCollapsed })
          }
        />
      )}
      {layout.overlay && (
        <Drawer
          opened={drawerOpened}
          onClose={drawer.close}
          // Mantine turns left and right around in right-to-left pages: 'left' is the inline start.
          position="left"
          size={280}
          padding={0}
          title={<Logo />}
          closeButtonProps={{ 'aria-label': t('common:ui.close') }}
          classNames={{ content: navClasses.drawer, header: navClasses.drawerHeader, body: navClasses.drawerBody }}
          data-semi-dark={layout.semiDark || undefined}
          data-mantine-color-scheme={layout.semiDark ? 'dark' : undefined}
        >
          <NavTree groups={groups} onNavigate={drawer.close} />
        </Drawer>
      )}

      <div className={classes.page}>
        <SoundOffBanner />
        {layout.navbar !== 'hidden' && (
          <div ref={headerRef} className={classes.headerSlot} data-type={layout.navbar}>
            <AppNavbar layout={layout} groups={groups} navOpened={drawerOpened} onToggleNav={drawer.toggle} />
          </div>
        )}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
          <div className={classes.container}>
            <ConnectionLostBanner />
            {/* A part of the page that suspends (its words or a chart's code still loading) shows the
                loader in the page's place: the header and menu stay. */}
            <Suspense fallback={<PageLoader />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
        {layout.footer !== 'hidden' && <AppFooter type={layout.footer} />}
      </div>

      <ScrollToTop />
      <Customizer />
      <SearchDialog />
      <KeyboardHelp />
    </div>
  );
}
