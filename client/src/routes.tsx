// One file over 400 lines on purpose: the route table is data, one entry per seed route, read top to bottom
// in matching order; splitting it would scatter the order that decides which route matches.
// The seed's route table (section 2), as data. Every page loads on demand. Routes whose page is not
// built yet stay here (so the table stays whole and the menu can name them) but have no `page`: they
// are not registered, so visiting them shows not-found, and the menu leaves them out.
import type { Action, SubjectName } from '@voltscope/shared/abilities';
import type { ComponentType } from 'react';
import { dynamicKey, type Namespace } from './i18n/namespaces.ts';

export type LayoutName = 'default' | 'blank';

/** What each registered route carries as its react-router `handle`. */
export interface RouteHandle {
  name: string;
}

export interface RouteMeta {
  /** Route name from the seed; also the key of its title under `common:routes.` (see routeTitleKey). */
  name: string;
  path: string;
  layout: LayoutName;
  /** No sign-in needed and no check at all. */
  public?: boolean;
  /** Only for signed-out users: a signed-in user is sent to `/`. */
  unauthenticatedOnly?: boolean;
  action?: Action;
  subject?: SubjectName;
  /** Loads the page component; absent while the page is not built. */
  page?: () => Promise<ComponentType>;
  /** The translation namespaces the page reads (besides `common`), fetched beside its code. */
  ns?: readonly Namespace[];
  /** A route that only sends the user on to another path (after its guard). */
  redirectTo?: string;
}

const loginPage = () => import('./features/auth/LoginPage.tsx').then((m) => m.LoginPage);
const notFoundPage = () => import('./features/misc/NotFoundPage.tsx').then((m) => m.NotFoundPage);
const notAuthorizedPage = () => import('./features/misc/NotAuthorizedPage.tsx').then((m) => m.NotAuthorizedPage);

export const routeTable: readonly RouteMeta[] = [
  // `/` has no page: its loader redirects by role (see homePathFor in app/guards.ts).
  { name: 'index', path: '/', layout: 'default', public: true },
  {
    name: 'login',
    path: '/login',
    layout: 'blank',
    unauthenticatedOnly: true,
    page: loginPage,
    ns: ['auth', 'mfa', 'validation'],
  },
  {
    name: 'forgot-password',
    path: '/forgot-password',
    layout: 'blank',
    unauthenticatedOnly: true,
    page: () => import('./features/auth/ForgotPasswordPage.tsx').then((m) => m.ForgotPasswordPage),
    ns: ['auth', 'validation'],
  },
  {
    name: 'reset-password',
    path: '/reset-password',
    layout: 'blank',
    unauthenticatedOnly: true,
    page: () => import('./features/auth/ResetPasswordPage.tsx').then((m) => m.ResetPasswordPage),
    ns: ['auth', 'validation'],
  },
  {
    name: 'two-factor-setup',
    path: '/two-factor-setup',
    layout: 'blank',
    page: () => import('./features/auth/TwoFactorSetupPage.tsx').then((m) => m.TwoFactorSetupPage),
    ns: ['mfa', 'auth', 'validation'],
  },
  {
    name: 'dashboards-solar',
    path: '/dashboards/solar',
    layout: 'default',
    action: 'read',
    subject: 'Site',
    page: () => import('./features/dashboards/SolarDashboardPage.tsx').then((m) => m.SolarDashboardPage),
    ns: ['dashboards', 'fleet'],
  },
  {
    name: 'change-password',
    path: '/change-password',
    layout: 'blank',
    page: () => import('./features/auth/ChangePasswordPage.tsx').then((m) => m.ChangePasswordPage),
    ns: ['auth', 'validation', 'account'],
  },
  {
    name: 'access-control',
    path: '/access-control',
    layout: 'default',
    action: 'read',
    subject: 'AclDemo',
    page: () => import('./features/access-control/AccessControlPage.tsx').then((m) => m.AccessControlPage),
    ns: ['account', 'accessLog', 'overview', 'events'],
  },
  {
    name: 'admin-users',
    path: '/admin/users',
    layout: 'default',
    action: 'manage',
    subject: 'User',
    page: () => import('./features/users-admin/UsersAdminPage.tsx').then((m) => m.UsersAdminPage),
    ns: ['usersAdmin', 'validation', 'account'],
  },
  // Seed: /pages/user-profile and /pages/account-settings lead to their tab routes, on their first tab.
  {
    name: 'pages-user-profile',
    path: '/pages/user-profile',
    layout: 'default',
    redirectTo: '/pages/user-profile/profile',
  },
  {
    name: 'pages-user-profile-tab',
    path: '/pages/user-profile/:tab',
    layout: 'default',
    page: () => import('./features/account/UserProfilePage.tsx').then((m) => m.UserProfilePage),
    ns: ['account', 'auth', 'validation'],
  },
  {
    name: 'pages-account-settings',
    path: '/pages/account-settings',
    layout: 'default',
    redirectTo: '/pages/account-settings/account',
  },
  {
    name: 'pages-account-settings-tab',
    path: '/pages/account-settings/:tab',
    layout: 'default',
    page: () => import('./features/account/AccountSettingsPage.tsx').then((m) => m.AccountSettingsPage),
    ns: ['account', 'auth', 'mfa', 'validation'],
  },
  {
    name: 'settings-user-interface',
    path: '/settings/user-interface',
    layout: 'default',
    page: () => import('./features/settings/UserInterfacePage.tsx').then((m) => m.UserInterfacePage),
    ns: ['shell'],
  },
  // A wall display's pairing screen (and, once paired, the way into its playlist): no sign-in needed.
  {
    name: 'display',
    path: '/display',
    layout: 'blank',
    public: true,
    page: () => import('./features/kiosk/PairingPage.tsx').then((m) => m.PairingPage),
    ns: ['kiosk'],
  },
  { name: 'not-authorized', path: '/not-authorized', layout: 'blank', public: true, page: notAuthorizedPage },
  {
    name: 'not-authorized',
    path: '/pages/misc/not-authorized',
    layout: 'blank',
    public: true,
    page: notAuthorizedPage,
  },
  { name: 'not-found', path: '/pages/misc/not-found/:error', layout: 'blank', public: true, page: notFoundPage },

  {
    name: 'dashboards-real-time-power-bar-chart',
    path: '/dashboards/RealTimePowerBarChart',
    layout: 'default',
    action: 'read',
    subject: 'Site',
    page: () => import('./features/realtime/RealTimePowerBarChartPage.tsx').then((m) => m.RealTimePowerBarChartPage),
    ns: ['realtime'],
  },
  {
    name: 'dashboards-real-time-pvbar-chart',
    path: '/dashboards/RealTimePVBarChart',
    layout: 'default',
    action: 'read',
    subject: 'Site',
    page: () => import('./features/realtime/RealTimePVBarChartPage.tsx').then((m) => m.RealTimePVBarChartPage),
    ns: ['realtime'],
  },

  {
    name: 'dashboards-solar-comparison',
    path: '/dashboards/SolarComparison',
    layout: 'default',
    action: 'read',
    subject: 'Site',
    page: () => import('./features/dashboards/SolarComparisonPage.tsx').then((m) => m.SolarComparisonPage),
    ns: ['dashboards', 'overview'],
  },
  {
    name: 'overview-fleet',
    path: '/overview/fleet',
    layout: 'default',
    action: 'read',
    subject: 'Site',
    page: () => import('./features/fleet-overview/FleetOverviewPage.tsx').then((m) => m.FleetOverviewPage),
    ns: ['fleet'],
  },
  {
    name: 'overview-solar',
    path: '/overview/solar',
    layout: 'default',
    action: 'read',
    subject: 'Site',
    page: () => import('./features/overview/SolarOverviewPage.tsx').then((m) => m.SolarOverviewPage),
    ns: ['overview', 'devices'],
  },
  {
    name: 'overview-solar-inverter-id',
    path: '/overview/solar/inverter/:id',
    layout: 'default',
    action: 'read',
    subject: 'Device',
    page: () => import('./features/overview/InverterDetailPage.tsx').then((m) => m.InverterDetailPage),
    ns: ['overview', 'wind', 'devices'],
  },
  {
    name: 'overview-wind',
    path: '/overview/wind',
    layout: 'default',
    action: 'read',
    subject: 'Site',
    page: () => import('./features/wind/WindOverviewPage.tsx').then((m) => m.WindOverviewPage),
    ns: ['wind', 'realtime', 'overview', 'devices'],
  },
  {
    name: 'overview-wind-turbine-id',
    path: '/overview/wind/turbine/:id',
    layout: 'default',
    action: 'read',
    subject: 'Device',
    page: () => import('./features/wind/TurbineDetailPage.tsx').then((m) => m.TurbineDetailPage),
    ns: ['wind', 'realtime', 'overview', 'devices'],
  },
  {
    name: 'overview-daily-energy',
    path: '/overview/ApexChartDailySalesStates',
    layout: 'default',
    action: 'read',
    subject: 'Series',
    page: () => import('./features/charts/EnergyHeatmapPage.tsx').then((m) => m.EnergyHeatmapPage),
    ns: ['charts', 'overview'],
  },
  {
    name: 'overview-irradiance-power',
    path: '/overview/ChartJsLineChart',
    layout: 'default',
    action: 'read',
    subject: 'Series',
    page: () => import('./features/charts/IrradiancePowerPage.tsx').then((m) => m.IrradiancePowerPage),
    ns: ['charts', 'overview'],
  },

  {
    name: 'alarm-realtime',
    path: '/alarm/realtime',
    layout: 'default',
    action: 'read',
    subject: 'Alarm',
    page: () => import('./features/alarms/AlarmConsolePage.tsx').then((m) => m.AlarmConsolePage),
    ns: ['alarms', 'events', 'alarmDetail', 'sld', 'overview'],
  },
  {
    name: 'event-realtime',
    path: '/event/realtime',
    layout: 'default',
    action: 'read',
    subject: 'Event',
    page: () => import('./features/events/RealtimeEventsPage.tsx').then((m) => m.RealtimeEventsPage),
    ns: ['events', 'sld', 'overview'],
  },
  {
    name: 'event-history',
    path: '/event/history',
    layout: 'default',
    action: 'read',
    subject: 'Event',
    page: () => import('./features/events/EventHistoryPage.tsx').then((m) => m.EventHistoryPage),
    ns: ['events', 'sld', 'overview'],
  },
  {
    name: 'alarm-history',
    path: '/alarm/history',
    layout: 'default',
    action: 'read',
    subject: 'Alarm',
    page: () => import('./features/alarms/AlarmHistoryPage.tsx').then((m) => m.AlarmHistoryPage),
    ns: ['alarms', 'events', 'sld', 'overview'],
  },

  {
    name: 'alarm-rules',
    path: '/alarm/rules',
    layout: 'default',
    action: 'update',
    subject: 'Alarm',
    page: () => import('./features/alarm-rules/AlarmRulesPage.tsx').then((m) => m.AlarmRulesPage),
    ns: ['alarmRules'],
  },
  {
    name: 'admin-roles',
    path: '/admin/roles',
    layout: 'default',
    action: 'manage',
    subject: 'Role',
    page: () => import('./features/roles-admin/RolesAdminPage.tsx').then((m) => m.RolesAdminPage),
    ns: ['rolesAdmin', 'account', 'validation'],
  },
  {
    name: 'admin-displays',
    path: '/admin/displays',
    layout: 'default',
    action: 'manage',
    subject: 'Display',
    page: () => import('./features/displays-admin/DisplaysAdminPage.tsx').then((m) => m.DisplaysAdminPage),
    ns: ['displays', 'validation'],
  },
  {
    name: 'admin-audit',
    path: '/admin/audit',
    layout: 'default',
    action: 'read',
    subject: 'AuditLog',
    page: () => import('./features/audit/AuditLogPage.tsx').then((m) => m.AuditLogPage),
    ns: ['audit', 'validation', 'account', 'auth', 'displays', 'overview', 'events'],
  },

  {
    name: 'analysis-history',
    path: '/analysis/history',
    layout: 'default',
    action: 'read',
    subject: 'Series',
    page: () => import('./features/analysis/AnalysisHistoryPage.tsx').then((m) => m.AnalysisHistoryPage),
    ns: ['analysis', 'overview', 'events'],
  },

  {
    name: 'devices-management',
    path: '/devices/management',
    layout: 'default',
    action: 'update',
    subject: 'Device',
    page: () => import('./features/devices-admin/DevicesManagementPage.tsx').then((m) => m.DevicesManagementPage),
    ns: ['devicesAdmin', 'validation', 'events'],
  },
  {
    name: 'devices-status',
    path: '/devices/status',
    layout: 'default',
    action: 'read',
    subject: 'Device',
    page: () => import('./features/devices-status/DevicesStatusPage.tsx').then((m) => m.DevicesStatusPage),
    ns: ['devicesStatus', 'device', 'events', 'validation'],
  },
  {
    name: 'device',
    path: '/devices/:id',
    layout: 'default',
    action: 'read',
    subject: 'Device',
    page: () => import('./features/device/DevicePage.tsx').then((m) => m.DevicePage),
    ns: ['device', 'devicesStatus', 'events', 'overview', 'validation', 'sld', 'devices'],
  },

  {
    name: 'sld-sl',
    path: '/sld/sl',
    layout: 'default',
    action: 'read',
    subject: 'Diagram',
    page: () => import('./features/sld/SldPage.tsx').then((m) => m.SldPage),
    ns: ['sld', 'devicesStatus', 'alarms'],
  },
  {
    name: 'cctv-monitor',
    path: '/cctv/monitor',
    layout: 'default',
    action: 'read',
    subject: 'Device',
    page: () => import('./features/cctv/CctvMonitorPage.tsx').then((m) => m.CctvMonitorPage),
    ns: ['cctv', 'validation'],
  },
  {
    name: 'motion-trace',
    path: '/motion/trace',
    layout: 'default',
    action: 'read',
    subject: 'Event',
    page: () => import('./features/motion/MotionTracePage.tsx').then((m) => m.MotionTracePage),
    ns: ['motion', 'validation'],
  },

  // The seed's `/:error(.*)`: anything else is not found. Last, so the table reads in matching order.
  { name: '$error', path: '*', layout: 'blank', public: true, page: notFoundPage },
];

export const isBuilt = (route: RouteMeta): boolean => route.page !== undefined || route.redirectTo !== undefined;

/** The built route a path leads to (a `:param` matches one segment), for the menu and the search. */
export function routeForPath(pathname: string): RouteMeta | undefined {
  const segments = pathname.split('/');
  return routeTable.find((route) => {
    if (!isBuilt(route) || route.path === '*') return false;
    const pattern = route.path.split('/');
    return (
      pattern.length === segments.length &&
      pattern.every((part, i) => (part.startsWith(':') ? (segments[i] ?? '') !== '' : part === segments[i]))
    );
  });
}

export function findRoute(name: string): RouteMeta | undefined {
  return routeTable.find((route) => route.name === name);
}

/** The i18n key of a route's title: the catch-all `$error` shares the not-found title. */
export const routeTitleKey = (name: string) =>
  dynamicKey('common', `common:routes.${name === '$error' ? 'not-found' : name}`);
