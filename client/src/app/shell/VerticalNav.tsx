import { Collapse, UnstyledButton } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { IconChevronDown, IconChevronsStart } from '../../ui/icons.tsx';
import { Logo } from '../../ui/Logo.tsx';
import type { VisibleGroup } from '../navigation.ts';
import { navIcons } from './navIcons.tsx';
import classes from './VerticalNav.module.css';

function NavGroupItem({ group, onNavigate }: { group: VisibleGroup; onNavigate?: (() => void) | undefined }) {
  const { t } = useTranslation(['shell', 'common']);
  const { pathname } = useLocation();
  const id = useId();
  const holdsActive = group.children.some((entry) => entry.path === pathname);
  const [open, setOpen] = useState(holdsActive);
  const GroupIcon = navIcons[group.icon];
  return (
    <li>
      <UnstyledButton
        className={classes.group}
        aria-expanded={open}
        aria-controls={id}
        data-active={holdsActive || undefined}
        onClick={() => setOpen((o) => !o)}
      >
        <GroupIcon size={22} className={classes.icon} />
        <span className={classes.label}>{t(`shell:nav.${group.label}`)}</span>
        <IconChevronDown size={16} className={classes.chevron} data-open={open || undefined} />
      </UnstyledButton>
      <Collapse expanded={open} className={classes.children}>
        <ul id={id} className={classes.list}>
          {group.children.map((entry) => (
            <li key={entry.path}>
              <NavLink to={entry.path} className={classes.link ?? ''} {...(onNavigate && { onClick: onNavigate })}>
                <span className={classes.dot} aria-hidden="true" />
                <span className={classes.label}>{t(`shell:nav.${entry.label}`)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </Collapse>
    </li>
  );
}

/** The menu as a tree: groups that open and close, their pages as links (aria-current on the page shown). */
export function NavTree({ groups, onNavigate }: { groups: VisibleGroup[]; onNavigate?: () => void }) {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <nav aria-label={t('shell:nav.main')} className={classes.nav}>
      <ul className={classes.list}>
        {groups.map((group) => (
          <NavGroupItem key={group.label} group={group} onNavigate={onNavigate} />
        ))}
      </ul>
    </nav>
  );
}

/**
 * The vertical navigation from 976 px up: fixed on the inline-start side. Collapsed, it is a rail of
 * icons that opens while the pointer or the keyboard focus is inside it.
 */
export function VerticalNav({
  groups,
  collapsed,
  semiDark,
  onToggleCollapsed,
}: {
  groups: VisibleGroup[];
  collapsed: boolean;
  semiDark: boolean;
  onToggleCollapsed: () => void;
}) {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <aside
      className={classes.aside}
      data-collapsed={collapsed || undefined}
      data-semi-dark={semiDark || undefined}
      data-mantine-color-scheme={semiDark ? 'dark' : undefined}
      data-testid="vertical-nav"
    >
      <div className={classes.header}>
        <Link to="/" className={classes.home} aria-label={t('common:routes.index')}>
          <Logo />
        </Link>
        <UnstyledButton
          className={classes.pin}
          onClick={onToggleCollapsed}
          aria-pressed={collapsed}
          aria-label={t('shell:nav.collapse')}
          title={t('shell:nav.collapse')}
        >
          <IconChevronsStart size={18} />
        </UnstyledButton>
      </div>
      <div className={classes.scroll}>
        <NavTree groups={groups} />
      </div>
    </aside>
  );
}
