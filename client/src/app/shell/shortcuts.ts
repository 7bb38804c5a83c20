// The navbar's shortcuts: the pages one opens most, each shown only when it is built and allowed.
import type { AppAbility } from '@voltscope/shared/abilities';
import { routeForPath } from '../../routes.tsx';

/** Names from the search's icon set (search/searchIcons.tsx), which the menu draws them with. */
export type ShortcutIcon = 'solar' | 'shield' | 'user' | 'settings' | 'palette' | 'lock';

export interface Shortcut {
  key: string;
  path: string;
  icon: ShortcutIcon;
}

export const shortcuts: readonly Shortcut[] = [
  { key: 'solar', path: '/dashboards/solar', icon: 'solar' },
  { key: 'access', path: '/access-control', icon: 'shield' },
  { key: 'profile', path: '/pages/user-profile/profile', icon: 'user' },
  { key: 'account', path: '/pages/account-settings/account', icon: 'settings' },
  { key: 'security', path: '/pages/account-settings/security', icon: 'lock' },
  { key: 'interface', path: '/settings/user-interface', icon: 'palette' },
];

export function visibleShortcuts(ability: AppAbility, list: readonly Shortcut[] = shortcuts): Shortcut[] {
  return list.filter((shortcut) => {
    const route = routeForPath(shortcut.path);
    if (!route) return false;
    return route.action === undefined || route.subject === undefined || ability.can(route.action, route.subject);
  });
}
