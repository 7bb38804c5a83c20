// The menu of the seed (section 2, "Menu labels"), grouped. An entry shows when its page is built and
// the user's ability allows its route; a group shows when at least one of its entries does.
import type { AppAbility } from '@voltscope/shared/abilities';
import type shell from '../i18n/locales/en/shell.json';
import { findRoute, isBuilt, type RouteMeta } from '../routes.tsx';

export type NavLabel = keyof (typeof shell)['nav'];
export type NavIcon = 'monitoring' | 'events' | 'devices' | 'access' | 'settings' | 'solar' | 'shield' | 'palette';

export interface NavEntry {
  label: NavLabel;
  icon?: NavIcon;
  /** Route name in routes.tsx; none while the seed names no route for the entry. */
  route?: string;
}

export interface NavGroup {
  label: NavLabel;
  icon: NavIcon;
  children: readonly NavEntry[];
}

/** A menu entry: its label, the route it opens (none while the seed names none), and an icon of its own. */
const entry = (label: NavLabel, route?: string, icon?: NavIcon): NavEntry => ({
  label,
  ...(icon && { icon }),
  ...(route && { route }),
});

export const navigation: readonly NavGroup[] = [
  {
    label: 'monitoring',
    icon: 'monitoring',
    children: [
      entry('fleetOverview', 'overview-fleet'),
      entry('solar', 'dashboards-solar', 'solar'),
      entry('overview', 'overview-solar'),
      entry('comparisonChart', 'dashboards-solar-comparison'),
      entry('realtimePower', 'dashboards-real-time-power-bar-chart'),
      entry('solarPanel', 'dashboards-real-time-pvbar-chart'),
      entry('windTurbine', 'overview-wind'),
      entry('energyHeatmap', 'overview-daily-energy'),
      entry('irradiancePower', 'overview-irradiance-power'),
      entry('sld', 'sld-sl'),
    ],
  },
  {
    label: 'eventsAlarm',
    icon: 'events',
    children: [
      entry('realtimeEvents', 'event-realtime'),
      entry('realtimeAlarm', 'alarm-realtime'),
      entry('eventsLog', 'event-history'),
      entry('alarmLog', 'alarm-history'),
      entry('analysis', 'analysis-history'),
      entry('alarmRules', 'alarm-rules'),
    ],
  },
  {
    label: 'devices',
    icon: 'devices',
    children: [entry('devicesManagement', 'devices-management'), entry('devicesStatus', 'devices-status')],
  },
  {
    label: 'userAccess',
    icon: 'access',
    children: [
      entry('accessControl', 'access-control', 'shield'),
      entry('users', 'admin-users'),
      entry('roles', 'admin-roles'),
      entry('auditLog', 'admin-audit'),
      entry('wallDisplays', 'admin-displays'),
      entry('cctv', 'cctv-monitor'),
      entry('motionTrace', 'motion-trace'),
    ],
  },
  { label: 'settings', icon: 'settings', children: [entry('userInterface', 'settings-user-interface', 'palette')] },
];

export interface VisibleEntry {
  label: NavLabel;
  icon?: NavIcon;
  path: string;
}

export interface VisibleGroup {
  label: NavLabel;
  icon: NavIcon;
  children: VisibleEntry[];
}

export function visibleNavigation(
  ability: AppAbility,
  groups: readonly NavGroup[] = navigation,
  routeNamed: (name: string) => RouteMeta | undefined = findRoute,
): VisibleGroup[] {
  const visible: VisibleGroup[] = [];
  for (const group of groups) {
    const children: VisibleEntry[] = [];
    for (const entry of group.children) {
      const route = entry.route ? routeNamed(entry.route) : undefined;
      if (!route || !isBuilt(route)) continue;
      if (route.action && route.subject && !ability.can(route.action, route.subject)) continue;
      children.push(
        entry.icon
          ? { label: entry.label, icon: entry.icon, path: route.path }
          : { label: entry.label, path: route.path },
      );
    }
    if (children.length > 0) visible.push({ label: group.label, icon: group.icon, children });
  }
  return visible;
}
