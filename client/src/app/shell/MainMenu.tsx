import { Menu, Menubar } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAbility } from '../../session/ability.ts';
import { IconChevronDown } from '../../ui/icons.tsx';
import { type VisibleGroup, visibleNavigation } from '../navigation.ts';
import classes from './MainMenu.module.css';
import { navIcons } from './navIcons.tsx';

export function useVisibleNavigation(): VisibleGroup[] {
  return visibleNavigation(useAbility());
}

/** The horizontal navigation (the seed's default): a menubar of groups, each opening its pages. */
/**
 * `sticky`: the menubar stays at the top while the page scrolls, so its menus are placed in the viewport
 * (fixed) rather than in the page; placed in the page, an open menu moved with the scroll until the next
 * frame put it back under its group, and a click in that frame missed its entry.
 */
export function MainMenu({ groups, sticky }: { groups: VisibleGroup[]; sticky: boolean }) {
  const { t } = useTranslation(['shell', 'common']);
  const { pathname } = useLocation();
  return (
    <nav aria-label={t('shell:nav.main')} data-testid="horizontal-nav">
      <Menubar className={classes.bar} aria-label={t('shell:nav.main')}>
        {groups.map((group) => {
          const GroupIcon = navIcons[group.icon];
          const active = group.children.some((entry) => pathname === entry.path);
          return (
            // Seed: popover offset 6 with a slide-y transition.
            <Menubar.Menu
              key={group.label}
              offset={6}
              width={240}
              shadow="md"
              floatingStrategy={sticky ? 'fixed' : 'absolute'}
              transitionProps={{ transition: 'pop-top-left', duration: 150 }}
            >
              <Menubar.Target className={classes.target} data-active={active || undefined}>
                <GroupIcon size={20} />
                <span>{t(`shell:nav.${group.label}`)}</span>
                <IconChevronDown size={14} className={classes.chevron} />
              </Menubar.Target>
              <Menubar.Dropdown>
                {group.children.map((entry) => {
                  const EntryIcon = entry.icon ? navIcons[entry.icon] : null;
                  const current = pathname === entry.path;
                  return (
                    <Menu.Item
                      key={entry.path}
                      component={Link}
                      to={entry.path}
                      leftSection={EntryIcon ? <EntryIcon size={18} /> : null}
                      data-active={current || undefined}
                      aria-current={current ? 'page' : undefined}
                      className={classes.item}
                    >
                      {t(`shell:nav.${entry.label}`)}
                    </Menu.Item>
                  );
                })}
              </Menubar.Dropdown>
            </Menubar.Menu>
          );
        })}
      </Menubar>
    </nav>
  );
}
