import { Avatar, Group, Indicator, Kbd, Menu, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { logout } from '../../session/api.ts';
import { useSession } from '../../session/sessionStore.ts';
import { initialsOf, roleLabelKey } from '../../session/userLabels.ts';
import { IconKeyboard, IconLogout, IconPalette, IconSettings, IconUser } from '../../ui/icons.tsx';
import { openKeyboardHelp } from './keyboard/globalKeys.ts';
import classes from './UserMenu.module.css';

export function UserMenu() {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const user = useSession((state) => state.userData);
  const [leaving, setLeaving] = useState(false);
  if (!user) return null;

  const signOut = async () => {
    setLeaving(true);
    await logout();
    await navigate('/login', { replace: true });
  };

  const avatar = (size: number) => (
    <Indicator position="bottom-end" color="teal" size={10} offset={4} withBorder>
      <Avatar color="primary" variant="filled" radius="xl" size={size} src={user.avatar}>
        {initialsOf(user.fullName)}
      </Avatar>
    </Indicator>
  );

  return (
    <Menu position="bottom-end" shadow="md" width={250}>
      <Menu.Target>
        <UnstyledButton aria-label={t('shell:header.account')} data-testid="user-menu" className={classes.target}>
          {avatar(38)}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A menu holds only items: who is signed in is the item that opens their profile. */}
        <Menu.Item component={Link} to="/pages/user-profile" className={classes.who} data-testid="user-menu-profile">
          <Group gap="sm" wrap="nowrap">
            {avatar(40)}
            <div className={classes.whoText}>
              <Text size="sm" fw={600} truncate>
                {user.fullName}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {t(roleLabelKey(user.role))}
              </Text>
            </div>
          </Group>
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to="/pages/user-profile" leftSection={<IconUser size={18} />}>
          {t('shell:header.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to="/pages/account-settings" leftSection={<IconSettings size={18} />}>
          {t('shell:header.accountSettings')}
        </Menu.Item>
        <Menu.Item component={Link} to="/settings/user-interface" leftSection={<IconPalette size={18} />}>
          {t('shell:nav.userInterface')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconKeyboard size={18} />}
          rightSection={<Kbd size="xs">?</Kbd>}
          onClick={openKeyboardHelp}
        >
          {t('shell:keyboard.open')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          className={classes.logout}
          leftSection={<IconLogout size={18} mirror />}
          onClick={() => void signOut()}
          disabled={leaving}
        >
          {t('shell:header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
