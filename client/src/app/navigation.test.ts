import { createAbility, resolveRules, roleRuleTemplates } from '@voltscope/shared/abilities';
import { describe, expect, it } from 'vitest';
import type { RouteMeta } from '../routes.tsx';
import { type NavGroup, visibleNavigation } from './navigation.ts';

const menuOf = (rules: Parameters<typeof createAbility>[0]) =>
  visibleNavigation(createAbility(rules)).map((group) => ({
    group: group.label,
    entries: group.children.map((entry) => entry.path),
  }));

/** The menu's groups after monitoring, in full: what an admin sees, with or without rights on the sites. */
const allButMonitoring = [
  {
    group: 'eventsAlarm',
    entries: [
      '/event/realtime',
      '/alarm/realtime',
      '/event/history',
      '/alarm/history',
      '/analysis/history',
      '/alarm/rules',
    ],
  },
  { group: 'devices', entries: ['/devices/management', '/devices/status'] },
  {
    group: 'userAccess',
    entries: [
      '/access-control',
      '/admin/users',
      '/admin/roles',
      '/admin/audit',
      '/admin/displays',
      '/cctv/monitor',
      '/motion/trace',
    ],
  },
  { group: 'settings', entries: ['/settings/user-interface'] },
];

describe('menu', () => {
  it('shows an admin the built pages only', () => {
    expect(menuOf(roleRuleTemplates.admin)).toEqual([
      {
        group: 'monitoring',
        entries: [
          '/overview/fleet',
          '/dashboards/solar',
          '/overview/solar',
          '/dashboards/SolarComparison',
          '/dashboards/RealTimePowerBarChart',
          '/dashboards/RealTimePVBarChart',
          '/overview/wind',
          '/overview/ApexChartDailySalesStates',
          '/overview/ChartJsLineChart',
          '/sld/sl',
        ],
      },
      ...allButMonitoring,
    ]);
  });

  it('shows the single-line diagram to operators and clients (read on Diagram)', () => {
    const monitoringOf = (rules: Parameters<typeof createAbility>[0]) =>
      menuOf(rules).find((group) => group.group === 'monitoring')?.entries ?? [];
    expect(monitoringOf(roleRuleTemplates.operator)).toContain('/sld/sl');
    expect(monitoringOf(resolveRules(roleRuleTemplates.client, { siteIds: ['a'] }))).toContain('/sld/sl');
    expect(monitoringOf([{ action: 'read', subject: 'Site' }])).not.toContain('/sld/sl');
  });

  it('hides what the ability denies, and a group left with no visible entry', () => {
    expect(menuOf([{ action: 'read', subject: 'AclDemo' }])).toEqual([
      { group: 'userAccess', entries: ['/access-control'] },
      { group: 'settings', entries: ['/settings/user-interface'] },
    ]);
    expect(menuOf([])).toEqual([{ group: 'settings', entries: ['/settings/user-interface'] }]);
  });

  it('respects inverted rules', () => {
    expect(
      menuOf([
        { action: 'manage', subject: 'all' },
        { action: 'read', subject: 'Site', inverted: true },
      ]),
    ).toEqual([
      {
        group: 'monitoring',
        entries: ['/overview/ApexChartDailySalesStates', '/overview/ChartJsLineChart', '/sld/sl'],
      },
      ...allButMonitoring,
    ]);
  });

  it('shows an admin-only page to an admin and never to a client', () => {
    const adminPage: RouteMeta = {
      name: 'users',
      path: '/users',
      layout: 'default',
      action: 'manage',
      subject: 'User',
      page: async () => () => null,
    };
    const groups: NavGroup[] = [
      { label: 'userAccess', icon: 'access', children: [{ label: 'accessControl', route: 'users' }] },
    ];
    const menu = (rules: Parameters<typeof createAbility>[0]) =>
      visibleNavigation(createAbility(rules), groups, (name) => (name === 'users' ? adminPage : undefined));
    expect(menu(roleRuleTemplates.admin)).toHaveLength(1);
    expect(menu(resolveRules(roleRuleTemplates.client, { siteIds: ['a'] }))).toEqual([]);
    expect(menu(roleRuleTemplates.operator)).toEqual([]);
  });

  it('leaves out entries whose page is not built', () => {
    const unbuilt: RouteMeta = { name: 'cctv-monitor', path: '/cctv/monitor', layout: 'default' };
    const groups: NavGroup[] = [
      { label: 'monitoring', icon: 'monitoring', children: [{ label: 'cctv', route: 'cctv-monitor' }] },
    ];
    expect(visibleNavigation(createAbility(roleRuleTemplates.admin), groups, () => unbuilt)).toEqual([]);
  });
});
