import {
  Anchor,
  Avatar,
  Badge,
  Card,
  Grid,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import type { TOptions } from 'i18next';
import { type ComponentType, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sortSites, useSites } from '../../data/sites.ts';
import { formatList } from '../../i18n/format.ts';
import { dynamicKey } from '../../i18n/namespaces.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { findRoute, isBuilt } from '../../routes.tsx';
import { useAbility } from '../../session/ability.ts';
import { useSession } from '../../session/sessionStore.ts';
import { initialsOf, roleLabelKey } from '../../session/userLabels.ts';
import {
  IconCircleCheck,
  IconCircleX,
  IconFileSearch,
  IconLock,
  IconMail,
  type IconProps,
  IconUser,
} from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { ResourceView } from '../../ui/ResourceView.tsx';
import { siteKindStyle } from '../../ui/siteKindStyle.ts';
import { AccessLog } from './AccessLog.tsx';
import { phraseRule, summarizeRules } from './describeRules.ts';

const roleColor: Record<string, string> = { admin: 'primary', operator: 'blue', client: 'teal' };

function SitesList({ sites }: { sites: Site[] }) {
  const { t } = useTranslation(['account', 'common']);
  if (sites.length === 0) return <Text c="dimmed">{t('account:access.noSites')}</Text>;
  return (
    <Stack gap="xs" data-testid="access-sites">
      {sites.map((site) => {
        const { color, Icon } = siteKindStyle[site.kind];
        return (
          <Group key={site.id} justify="space-between" wrap="nowrap" data-testid="access-site">
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon variant="light" color={color} radius="md" size={32}>
                <Icon size={18} />
              </ThemeIcon>
              <Text fw={500}>{site.name}</Text>
            </Group>
            <Badge variant="light" color={color} radius="sm">
              {t(`common:sites.kind.${site.kind}`)}
            </Badge>
          </Group>
        );
      })}
    </Stack>
  );
}

/** The admins' ways in: users, roles and rules, the audit log; each once its page exists and is theirs. */
const adminLinks = [
  { route: 'admin-users', Icon: IconUser },
  { route: 'admin-roles', Icon: IconLock },
  { route: 'admin-audit', Icon: IconFileSearch },
] as const;

function AdminCard() {
  const { t } = useTranslation(['account']);
  const ability = useAbility();
  const links = adminLinks.flatMap(({ route: name, Icon }) => {
    const route = findRoute(name);
    if (!route || !isBuilt(route) || !route.action || !route.subject) return [];
    return ability.can(route.action, route.subject) ? [{ name, path: route.path, Icon }] : [];
  });
  if (links.length === 0) return null;
  return (
    <Card data-testid="access-admin">
      <Title order={4} fw={600} mb={4}>
        {t('account:access.admin.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('account:access.admin.text')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: links.length }} spacing="sm">
        {links.map(({ name, path, Icon }) => (
          <Card key={name} withBorder padding="md" radius="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" radius="md" size={36}>
                <Icon size={20} />
              </ThemeIcon>
              <div>
                <Anchor component={Link} to={path} fw={600} data-testid={`access-link-${name}`}>
                  {t(`account:access.admin.${name}`)}
                </Anchor>
                <Text size="sm" c="dimmed">
                  {t(`account:access.admin.${name}Text`)}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Card>
  );
}

/** One fact of the account card: an icon, what it is, and its value at the line's end (never mirrored). */
function AccountLine({
  icon: Icon,
  label,
  value,
  truncate = false,
}: {
  icon: ComponentType<IconProps>;
  label: string;
  value: string;
  truncate?: boolean;
}) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Icon size={16} color="var(--mantine-color-dimmed)" />
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ms="auto" truncate={truncate}>
        <bdi>{value}</bdi>
      </Text>
    </Group>
  );
}

export function AccessControlPage() {
  const { t } = useTranslation(['account', 'common']);
  const lng = useLanguage();
  const user = useSession((state) => state.userData);
  const rules = useSession((state) => state.userAbilityRules);
  const sites = useSites();

  const siteNames = useMemo(
    () => new Map(sites.status === 'ready' ? sites.data.map((site) => [site.id, site.name] as const) : []),
    [sites],
  );
  const summaries = useMemo(() => summarizeRules(rules), [rules]);

  // The session can end while this page is still on screen (logout in progress).
  if (!user) return null;

  const phrase = (index: number) => {
    const summary = summaries[index];
    if (!summary) return '';
    return phraseRule(summary, {
      t: (key, options) => t(dynamicKey('account', key), options as TOptions),
      list: (items) => formatList(lng, items),
      siteName: (id) => siteNames.get(id) ?? id,
    });
  };

  return (
    <>
      <PageHeader title={t('account:access.title')} subtitle={t('account:access.subtitle')} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card>
            <Stack align="center" gap="xs" py="md">
              <Avatar size={84} radius={84} color={roleColor[user.role] ?? 'gray'} src={user.avatar}>
                {initialsOf(user.fullName)}
              </Avatar>
              <Title order={3} fw={600} ta="center" data-testid="access-full-name">
                {user.fullName}
              </Title>
              <Badge variant="light" color={roleColor[user.role] ?? 'gray'} data-testid="access-role">
                {t(roleLabelKey(user.role))}
              </Badge>
            </Stack>
            <Card.Section withBorder inheritPadding py="md" mt="md">
              <Stack gap="sm">
                <Text size="xs" c="dimmed" fw={500} tt="uppercase">
                  {t('account:access.account')}
                </Text>
                <AccountLine icon={IconUser} label={t('account:access.username')} value={user.username} />
                <AccountLine icon={IconMail} label={t('account:access.email')} value={user.email} truncate />
              </Stack>
            </Card.Section>
          </Card>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <AdminCard />
            <Card>
              <Title order={4} fw={600} mb="md">
                {t('account:access.sites')}
              </Title>
              <ResourceView resource={sites} skeletonHeight={72} errorText={t('account:access.sitesError')}>
                {(list) => <SitesList sites={sortSites(list, lng)} />}
              </ResourceView>
            </Card>

            <Card>
              <Title order={4} fw={600} mb="md">
                {t('account:access.permissions')}
              </Title>
              {summaries.length === 0 ? (
                <Text c="dimmed">{t('account:access.noPermissions')}</Text>
              ) : (
                <List spacing="sm" center data-testid="access-permissions">
                  {summaries.map((summary, index) => (
                    <List.Item
                      // Rules have no id; their position is their identity within this list.
                      // biome-ignore lint/suspicious/noArrayIndexKey: the list is static for a session.
                      key={index}
                      icon={
                        <ThemeIcon size={24} radius="xl" variant="light" color={summary.inverted ? 'red' : 'teal'}>
                          {summary.inverted ? <IconCircleX size={16} /> : <IconCircleCheck size={16} />}
                        </ThemeIcon>
                      }
                    >
                      {phrase(index)}
                    </List.Item>
                  ))}
                </List>
              )}
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={12}>
          <AccessLog />
        </Grid.Col>
      </Grid>
    </>
  );
}
