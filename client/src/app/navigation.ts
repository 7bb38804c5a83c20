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

export const navigation: readonly NavGroup[] = [
  {
    label: 'monitoring',
    icon: 'monitoring',
    children: [
      { label: 'solar', icon: 'solar', route: 'dashboards-solar' },
      { label: 'overview', route: 'overview-solar' },
      { label: 'comparisonChart', route: 'dashboards-solar-comparison' },
      { label: 'realtimePower', route: 'dashboards-real-time-power-bar-chart' },
      { label: 'solarPanel', route: 'dashboards-real-time-pvbar-chart' },
      { label: 'windTurbine', route: 'overview-wind' },
      { label: 'energyHeatmap', route: 'overview-daily-energy' },
      { label: 'irradiancePower', route: 'overview-irradiance-power' },
      { label: 'sld', route: 'sld-sl' },
    ],
  },
  {
    label: 'eventsAlarm',
    icon: 'events',
    children: [
      { label: 'realtimeEvents', route: 'event-realtime' },
      { label: 'realtimeAlarm', route: 'alarm-realtime' },
      { label: 'eventsLog', route: 'event-history' },
      { label: 'alarmLog', route: 'alarm-history' },
      { label: 'analysis', route: 'analysis-history' },
      { label: 'alarmRules', route: 'alarm-rules' },
    ],
  },
  {
    label: 'devices',
    icon: 'devices',
    children: [{ label: 'devicesManagement' }, { label: 'devicesStatus' }],
  },
  {
    label: 'userAccess',
    icon: 'access',
    children: [
      { label: 'accessControl', icon: 'shield', route: 'access-control' },
      { label: 'cctv', route: 'cctv-monitor' },
      { label: 'motionTrace' },
    ],
  },
  {
    label: 'settings',
    icon: 'settings',
    children: [{ label: 'userInterface', icon: 'palette', route: 'settings-user-interface' }],
  },
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
