import { NavLink, ScrollArea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { VisibleGroup } from '../navigation.ts';
import { navIcons } from './navIcons.tsx';

/** The same menu, vertical, in the drawer-like navbar below the md breakpoint. */
export function MobileNav({ groups, onNavigate }: { groups: VisibleGroup[]; onNavigate: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <ScrollArea component="nav" aria-label={t('nav.main')}>
      {groups.map((group) => {
        const GroupIcon = navIcons[group.icon];
        return (
          <NavLink
            key={group.label}
            label={t(`nav.${group.label}`)}
            leftSection={<GroupIcon size={18} />}
            defaultOpened
            childrenOffset={28}
          >
            {group.children.map((entry) => (
              <NavLink
                key={entry.path}
                component={Link}
                to={entry.path}
                label={t(`nav.${entry.label}`)}
                active={pathname === entry.path}
                onClick={onNavigate}
              />
            ))}
          </NavLink>
        );
      })}
    </ScrollArea>
  );
}
