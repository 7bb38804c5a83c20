import { Avatar, Box, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../session/api.ts';
import { useSession } from '../../session/sessionStore.ts';
import { initialsOf, roleLabelKey } from '../../session/userLabels.ts';
import { IconChevronDown, IconLogout } from '../../ui/icons.tsx';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSession((state) => state.userData);
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;

  const signOut = async () => {
    setLeaving(true);
    await logout();
    await navigate('/login', { replace: true });
  };

  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <UnstyledButton aria-label={t('header.account')} data-testid="user-menu">
          <Group gap={8} wrap="nowrap">
            <Avatar color="voltscope" radius="xl" size={36} src={user.avatar}>
              {initialsOf(user.fullName)}
            </Avatar>
            <div>
              <Text size="sm" fw={600} lh={1.2} visibleFrom="sm">
                {user.fullName}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2} visibleFrom="sm">
                {t(roleLabelKey(user.role))}
              </Text>
            </div>
            <Box visibleFrom="sm" display="flex">
              <IconChevronDown size={14} />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {user.fullName}
          </Text>
          <Text size="xs" c="dimmed">
            <bdi>{user.email}</bdi>
          </Text>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} mirror />}
          onClick={() => void signOut()}
          disabled={leaving}
        >
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
