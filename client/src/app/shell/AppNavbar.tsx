import { Burger, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AlarmNavStatus } from '../../alarmFeed/AlarmNavStatus.tsx';
import { ConnectionIndicator } from '../../live/ConnectionIndicator.tsx';
import { Logo } from '../../ui/Logo.tsx';
import type { VisibleGroup } from '../navigation.ts';
import type { EffectiveLayout } from '../settings/effectiveLayout.ts';
import classes from './AppNavbar.module.css';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { MainMenu } from './MainMenu.tsx';
import { NotificationsMenu } from './NotificationsMenu.tsx';
import { ShortcutsMenu } from './ShortcutsMenu.tsx';
import { SearchTrigger } from './search/SearchTrigger.tsx';
import { ThemeSwitcher } from './ThemeSwitcher.tsx';
import { UserMenu } from './UserMenu.tsx';

/**
 * The navbar: search, alarm counts and annunciator, shortcuts, notifications, theme, language and the user menu. In the horizontal
 * layout it also carries the logo and, on a second row, the navigation; in the vertical one it floats
 * over the content, in the same width as the content.
 */
export function AppNavbar({
  layout,
  groups,
  navOpened,
  onToggleNav,
}: {
  layout: EffectiveLayout;
  groups: VisibleGroup[];
  navOpened: boolean;
  onToggleNav: () => void;
}) {
  const { t } = useTranslation(['shell', 'common']);
  const horizontal = layout.nav === 'horizontal';
  return (
    <header
      className={classes.header}
      data-nav={layout.nav}
      data-type={layout.navbar}
      data-blur={layout.blur || undefined}
      data-testid="navbar"
    >
      <div className={classes.container}>
        <div className={classes.bar}>
          <Group gap="xs" wrap="nowrap" className={classes.start}>
            {layout.overlay && (
              <Burger
                opened={navOpened}
                onClick={onToggleNav}
                size="sm"
                aria-label={t('shell:nav.openMenu')}
                aria-expanded={navOpened}
                data-testid="nav-burger"
              />
            )}
            {(horizontal || layout.overlay) && (
              <Link to="/" className={classes.home} aria-label={t('common:routes.index')}>
                <Logo withText={horizontal} />
              </Link>
            )}
            {!horizontal && !layout.overlay && <SearchTrigger wide />}
          </Group>
          <div className={classes.alarms}>
            <AlarmNavStatus />
            <ConnectionIndicator />
          </div>
          <Group gap={4} wrap="nowrap" className={classes.tools}>
            {(horizontal || layout.overlay) && <SearchTrigger wide={false} />}
            <LanguageSwitcher compact />
            <ThemeSwitcher />
            <div className={classes.shortcuts}>
              <ShortcutsMenu />
            </div>
            <NotificationsMenu />
            <UserMenu />
          </Group>
        </div>
      </div>
      {horizontal && (
        <div className={classes.navRow}>
          <div className={classes.container}>
            <MainMenu groups={groups} sticky={layout.navbar === 'sticky'} />
          </div>
        </div>
      )}
    </header>
  );
}
