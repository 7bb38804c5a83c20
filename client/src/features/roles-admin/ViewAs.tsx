// "View as": a user of the role (or of any role, for a new one) and what they would see with the rules
// being edited, before they are saved: the menu entries their ability opens and the sites it reads.
import { Alert, Badge, Card, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { type AbilityRule, type AppAbility, asSubject, createAbility, resolveRules } from '@voltscope/shared/abilities';
import type { RoleData, Site } from '@voltscope/shared/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visibleNavigation } from '../../app/navigation.ts';
import { type RoleMember, roleUsers } from './rolesApi.ts';

interface Props {
  /** The role being edited; null for a new one. */
  roleName: string | null;
  roles: readonly RoleData[];
  rules: readonly AbilityRule[];
  sites: readonly Site[];
}

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'ready'; byRole: [string, RoleMember[]][] };

function abilityOf(rules: readonly AbilityRule[], user: RoleMember): AppAbility | null {
  try {
    const ability = createAbility(resolveRules(rules, { siteIds: user.siteIds }));
    // CASL compiles conditions on first use: a broken one shows here, not in the render.
    ability.can('read', asSubject('Site', { id: '' }));
    return ability;
  } catch {
    return null;
  }
}

export function ViewAs({ roleName, roles, rules, sites }: Props) {
  const { t } = useTranslation(['rolesAdmin', 'shell']);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [chosen, setChosen] = useState<string | null>(null);

  // The role's own users first, then those of every other role that has any.
  const wanted = useMemo(
    () => [
      ...(roleName ? [roleName] : []),
      ...roles.filter((role) => role.name !== roleName && role.userCount > 0).map((role) => role.name),
    ],
    [roleName, roles],
  );
  const key = wanted.join('\u0000');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `wanted`.
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ status: 'loading' });
    Promise.all(wanted.map(async (name) => [name, await roleUsers(name, controller.signal)] as [string, RoleMember[]]))
      .then((byRole) => setLoaded({ status: 'ready', byRole: byRole.filter(([, users]) => users.length > 0) }))
      .catch(() => {
        if (!controller.signal.aborted) setLoaded({ status: 'error' });
      });
    return () => controller.abort();
  }, [key]);

  const users = loaded.status === 'ready' ? loaded.byRole.flatMap(([, list]) => list) : [];
  const user = users.find((u) => String(u.id) === chosen) ?? null;
  const ability = user ? abilityOf(rules, user) : null;
  const menu = ability ? visibleNavigation(ability) : [];
  const visibleSites = ability ? sites.filter((site) => ability.can('read', asSubject('Site', site))) : [];

  return (
    <Card data-testid="view-as">
      <Title order={4} fw={600} mb={4}>
        {t('rolesAdmin:viewAs.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('rolesAdmin:viewAs.hint')}
      </Text>
      {loaded.status === 'loading' ? (
        <Loader size="sm" aria-label={t('rolesAdmin:viewAs.user')} />
      ) : loaded.status === 'error' ? (
        <Alert color="red">{t('rolesAdmin:viewAs.error')}</Alert>
      ) : users.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('rolesAdmin:viewAs.noUsers')}
        </Text>
      ) : (
        <Stack gap="md">
          <Select
            label={t('rolesAdmin:viewAs.user')}
            placeholder={t('rolesAdmin:viewAs.placeholder')}
            searchable
            value={chosen}
            onChange={setChosen}
            data={loaded.byRole.map(([role, list]) => ({
              group: t('rolesAdmin:viewAs.ofRole', { role }),
              items: list.map((u) => ({
                value: String(u.id),
                label: u.active ? u.fullName || u.username : t('rolesAdmin:viewAs.inactive', { name: u.fullName }),
              })),
            }))}
            data-testid="view-as-user"
          />
          {user && (
            <Stack gap="sm" data-testid="view-as-result">
              <Text size="sm" fw={600}>
                {t('rolesAdmin:viewAs.menu')}
              </Text>
              {menu.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('rolesAdmin:viewAs.noMenu')}
                </Text>
              ) : (
                <Stack gap={6} data-testid="view-as-menu">
                  {menu.map((group) => (
                    <div key={group.label}>
                      <Text size="xs" c="dimmed" tt="uppercase" fw={500}>
                        {t(`shell:nav.${group.label}`)}
                      </Text>
                      <Group gap={6} mt={2}>
                        {group.children.map((entry) => (
                          <Badge
                            key={entry.path}
                            variant="light"
                            color="gray"
                            radius="sm"
                            tt="none"
                            data-testid="view-as-entry"
                          >
                            {t(`shell:nav.${entry.label}`)}
                          </Badge>
                        ))}
                      </Group>
                    </div>
                  ))}
                </Stack>
              )}
              <Text size="sm" fw={600}>
                {t('rolesAdmin:viewAs.sites', { count: visibleSites.length })}
              </Text>
              {visibleSites.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('rolesAdmin:viewAs.noSites')}
                </Text>
              ) : (
                <Group gap={6} data-testid="view-as-sites">
                  {visibleSites.map((site) => (
                    <Badge key={site.id} variant="light" radius="sm" tt="none" data-testid="view-as-site">
                      {site.name}
                    </Badge>
                  ))}
                </Group>
              )}
            </Stack>
          )}
        </Stack>
      )}
    </Card>
  );
}
