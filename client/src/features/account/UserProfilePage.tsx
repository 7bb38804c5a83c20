import { Avatar, Badge, Button, Card, Grid, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { sortSites, useSites } from '../../data/sites.ts';
import { capacityParts, formatNumber, formatRegion } from '../../i18n/format.ts';
import { languageNames } from '../../i18n/language.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { useSession } from '../../session/sessionStore.ts';
import { initialsOf, roleLabelKey } from '../../session/userLabels.ts';
import {
  IconLanguage,
  IconMail,
  IconMapPin,
  IconPencil,
  type IconProps,
  IconShield,
  IconUser,
} from '../../ui/icons.tsx';
import { ResourceView } from '../../ui/ResourceView.tsx';
import { siteKindStyle } from '../../ui/siteKindStyle.ts';
import classes from './UserProfilePage.module.css';

export const profileTabs = ['profile'] as const;

function Fact({ icon: Icon, label, children }: { icon: ComponentType<IconProps>; label: string; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Icon size={18} className={classes.factIcon} />
      <Text size="sm" c="dimmed" className={classes.factLabel}>
        {label}
      </Text>
      <Text size="sm" fw={500} className={classes.factValue}>
        {children}
      </Text>
    </Group>
  );
}

function SiteRow({ site }: { site: Site }) {
  const { t } = useTranslation(['account', 'common']);
  const lng = useLanguage();
  const { color, Icon } = siteKindStyle[site.kind];
  const capacity = capacityParts(lng, site.capacityKw, site.kind);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" data-testid="profile-site">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <ThemeIcon variant="light" color={color} radius="md" size={40}>
          <Icon size={20} />
        </ThemeIcon>
        <Stack gap={0} miw={0}>
          <Text fw={600} truncate dir="auto">
            <Link to={`/dashboards/solar#site-${site.id}`} className={classes.siteLink}>
              {site.name}
            </Link>
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {formatRegion(lng, site.country)} · {t(`common:sites.kind.${site.kind}`)}
          </Text>
        </Stack>
      </Group>
      <Text fw={600} className="vs-tabular" style={{ whiteSpace: 'nowrap' }}>
        {t(`common:units.${capacity.unit}`, { value: capacity.value })}
      </Text>
    </Group>
  );
}

/** Seed: the user-profile tab route (`/pages/user-profile/profile`): who the user is and their sites. */
export function UserProfilePage() {
  const { t } = useTranslation(['account', 'common']);
  const lng = useLanguage();
  const { tab } = useParams();
  const user = useSession((state) => state.userData);
  const sites = useSites();
  if (!profileTabs.includes(tab as (typeof profileTabs)[number])) {
    return <Navigate to="/pages/user-profile/profile" replace />;
  }
  if (!user) return null;
  const siteCount = sites.status === 'ready' ? sites.data.length : null;

  return (
    <Stack gap="lg">
      <Card padding={0} className={classes.banner}>
        <div className={classes.cover} aria-hidden="true" />
        <Group className={classes.identity} gap="lg" align="flex-end" wrap="wrap">
          <Avatar size={110} radius="md" color="primary" variant="filled" src={user.avatar} className={classes.avatar}>
            {initialsOf(user.fullName)}
          </Avatar>
          <Stack gap={6} className={classes.who}>
            <Title order={1} size="h2" data-testid="profile-name">
              {user.fullName}
            </Title>
            <Group gap="md" c="dimmed">
              <Group gap={6} wrap="nowrap">
                <IconShield size={16} />
                <Text size="sm">{t(roleLabelKey(user.role))}</Text>
              </Group>
              <Group gap={6} wrap="nowrap">
                <IconMapPin size={16} />
                <Text size="sm">
                  {siteCount === null
                    ? t('account:profile.sitesLoading')
                    : t('account:profile.siteCount', { n: formatNumber(lng, siteCount) })}
                </Text>
              </Group>
            </Group>
          </Stack>
          <Button
            component={Link}
            to="/pages/account-settings/account"
            leftSection={<IconPencil size={16} />}
            className={classes.edit}
          >
            {t('account:profile.edit')}
          </Button>
        </Group>
      </Card>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Card>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb="md" className={classes.caption}>
              {t('account:profile.about')}
            </Text>
            <Stack gap="md">
              <Fact icon={IconUser} label={t('account:profile.fullName')}>
                {user.fullName}
              </Fact>
              <Fact icon={IconUser} label={t('account:access.username')}>
                <bdi>{user.username}</bdi>
              </Fact>
              <Fact icon={IconMail} label={t('account:access.email')}>
                <bdi>{user.email}</bdi>
              </Fact>
              <Fact icon={IconShield} label={t('account:access.role')}>
                <Badge variant="light" radius="sm" component="span">
                  {t(roleLabelKey(user.role))}
                </Badge>
              </Fact>
              <Fact icon={IconLanguage} label={t('account:profile.language')}>
                {languageNames[lng]}
              </Fact>
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Card>
            <Title order={2} size="h4" mb="md">
              {t('account:access.sites')}
            </Title>
            <ResourceView resource={sites} skeletonHeight={96} errorText={t('account:access.sitesError')}>
              {(list) =>
                list.length === 0 ? (
                  <Text c="dimmed">{t('account:access.noSites')}</Text>
                ) : (
                  <Stack gap="md">
                    {sortSites(list, lng).map((site) => (
                      <SiteRow key={site.id} site={site} />
                    ))}
                  </Stack>
                )
              }
            </ResourceView>
          </Card>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
