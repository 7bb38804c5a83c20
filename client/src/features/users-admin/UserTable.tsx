// The team: name and username, email, role, sites (count, names on hover), status, second factor, last
// sign-in, live sessions; and a menu of what an admin does with each. The signed-in admin's own row is
// marked "you".
import { ActionIcon, Badge, Group, Menu, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatList, formatNumber, formatRelativeTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { roleLabelKey } from '../../session/userLabels.ts';
import { IconCheck, IconLock, IconPencil, IconRefresh, IconSettings, IconShield, IconUser } from '../../ui/icons.tsx';
import { ScrollingTable } from '../../ui/ScrollingTable.tsx';
import type { AdminUser } from './usersApi.ts';

export type UserAction = 'edit' | 'resetPassword' | 'resetMfa' | 'sessions' | 'disable' | 'enable';

interface Props {
  users: readonly AdminUser[];
  sites: readonly Site[];
  meId: number | undefined;
  onAction: (action: UserAction, user: AdminUser) => void;
}

const statusColor = { active: 'teal', disabled: 'gray', invited: 'blue' } as const;
const roleColor = (role: string) =>
  role === 'admin' ? 'red' : role === 'operator' ? 'orange' : role === 'client' ? 'cyan' : 'grape';

export function UserTable({ users, sites, meId, onAction }: Props) {
  const { t } = useTranslation(['usersAdmin', 'common']);
  const lng = useLanguage();
  const siteName = (id: string) => sites.find((s) => s.id === id)?.name ?? id;
  const head = (
    <>
      <Table.Th>{t('usersAdmin:columns.name')}</Table.Th>
      <Table.Th>{t('usersAdmin:columns.email')}</Table.Th>
      <Table.Th>{t('usersAdmin:columns.role')}</Table.Th>
      <Table.Th>{t('usersAdmin:columns.sites')}</Table.Th>
      <Table.Th>{t('usersAdmin:columns.status')}</Table.Th>
      <Table.Th>{t('usersAdmin:columns.mfa')}</Table.Th>
      <Table.Th>{t('usersAdmin:columns.lastSignIn')}</Table.Th>
      <Table.Th>{t('usersAdmin:columns.sessions')}</Table.Th>
      <Table.Th>
        <VisuallyHidden>{t('usersAdmin:columns.actions')}</VisuallyHidden>
      </Table.Th>
    </>
  );
  return (
    <ScrollingTable minWidth={1100} head={head} verticalSpacing="sm" data-testid="user-table">
      {users.map((user) => (
        <Table.Tr key={user.id} data-testid="user-row" data-username={user.username}>
          <Table.Td>
            <Stack gap={0}>
              <Group gap={6} wrap="nowrap">
                <Text fw={600} size="sm">
                  {user.fullName}
                </Text>
                {user.id === meId && (
                  <Badge size="xs" variant="outline" tt="none" data-testid="user-you">
                    {t('usersAdmin:you')}
                  </Badge>
                )}
              </Group>
              <Text size="xs" c="dimmed" dir="ltr" style={{ textAlign: 'start' }}>
                @{user.username}
              </Text>
            </Stack>
          </Table.Td>
          <Table.Td>
            <Text size="sm" dir="ltr" style={{ textAlign: 'start' }}>
              {user.email}
            </Text>
          </Table.Td>
          <Table.Td>
            <Badge color={roleColor(user.role)} variant="light" tt="none" data-testid="user-role-badge">
              {user.role === 'admin' || user.role === 'operator' || user.role === 'client'
                ? t(roleLabelKey(user.role))
                : user.role}
            </Badge>
          </Table.Td>
          <Table.Td>
            {user.siteIds.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('usersAdmin:sitesNone')}
              </Text>
            ) : (
              <Tooltip label={formatList(lng, user.siteIds.map(siteName))} multiline maw={320}>
                <Text size="sm" tabIndex={0} td="underline dotted" style={{ cursor: 'help' }}>
                  {user.siteIds.length === 1
                    ? t('usersAdmin:sitesOne')
                    : t('usersAdmin:sitesCount', { n: formatNumber(lng, user.siteIds.length) })}
                </Text>
              </Tooltip>
            )}
          </Table.Td>
          <Table.Td>
            <Stack gap={2} align="flex-start">
              <Badge color={statusColor[user.status]} variant="light" tt="none" data-testid="user-status">
                {t(`usersAdmin:status.${user.status}`)}
              </Badge>
              {user.mustChangePassword && user.status === 'active' && (
                <Text size="xs" c="dimmed">
                  {t('usersAdmin:mustChange')}
                </Text>
              )}
            </Stack>
          </Table.Td>
          <Table.Td>
            {user.mfaEnabled ? (
              <Group gap={4} wrap="nowrap" c="teal">
                <IconShield size={16} aria-hidden />
                <Text size="sm">{t('usersAdmin:mfaOn')}</Text>
              </Group>
            ) : (
              <Text size="sm" c="dimmed">
                {t('usersAdmin:mfaOff')}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            {user.lastSignInAt === null ? (
              <Text size="sm" c="dimmed">
                {t('usersAdmin:never')}
              </Text>
            ) : (
              <Text size="sm" title={formatDateTime(lng, user.lastSignInAt)}>
                {formatRelativeTime(lng, user.lastSignInAt)}
              </Text>
            )}
          </Table.Td>
          <Table.Td data-testid="user-sessions">{formatNumber(lng, user.activeSessions)}</Table.Td>
          <Table.Td>
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('usersAdmin:actions.menu', { name: user.fullName })}
                  data-testid="user-actions"
                >
                  <IconSettings size={18} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onAction('edit', user)}>
                  {t('usersAdmin:actions.edit')}
                </Menu.Item>
                <Menu.Item leftSection={<IconLock size={14} />} onClick={() => onAction('resetPassword', user)}>
                  {t('usersAdmin:actions.resetPassword')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconShield size={14} />}
                  disabled={!user.mfaEnabled}
                  onClick={() => onAction('resetMfa', user)}
                >
                  {t('usersAdmin:actions.resetMfa')}
                </Menu.Item>
                <Menu.Item leftSection={<IconRefresh size={14} />} onClick={() => onAction('sessions', user)}>
                  {t('usersAdmin:actions.sessions')}
                </Menu.Item>
                <Menu.Divider />
                {user.status === 'disabled' ? (
                  <Menu.Item
                    leftSection={<IconCheck size={14} />}
                    onClick={() => onAction('enable', user)}
                    data-testid="user-enable"
                  >
                    {t('usersAdmin:actions.enable')}
                  </Menu.Item>
                ) : (
                  <Menu.Item
                    color="red"
                    leftSection={<IconUser size={14} />}
                    disabled={user.id === meId}
                    onClick={() => onAction('disable', user)}
                    data-testid="user-disable"
                  >
                    {t('usersAdmin:actions.disable')}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollingTable>
  );
}
