import { Menu, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { dynamicKey } from '../../i18n/namespaces.ts';
import { useAbility } from '../../session/ability.ts';
import { IconLayoutGrid } from '../../ui/icons.tsx';
import { HeaderMenuButton } from './HeaderIconButton.tsx';
import classes from './ShortcutsMenu.module.css';
import { searchIcon } from './search/searchIcons.tsx';
import { visibleShortcuts } from './shortcuts.ts';

export function ShortcutsMenu() {
  const { t } = useTranslation(['shell', 'common']);
  const list = visibleShortcuts(useAbility());
  const label = t('shell:shortcuts.title');
  return (
    <Menu position="bottom-end" shadow="lg" width={340}>
      <HeaderMenuButton label={label}>
        <IconLayoutGrid size={22} />
      </HeaderMenuButton>
      <Menu.Dropdown p={0}>
        <Text fw={600} px="md" py="sm" className={classes.heading}>
          {label}
        </Text>
        <SimpleGrid cols={2} spacing={0} className={classes.grid}>
          {list.map((shortcut) => {
            const Icon = searchIcon(shortcut.icon);
            return (
              <Menu.Item key={shortcut.key} component={Link} to={shortcut.path} className={classes.tile}>
                <ThemeIcon size={44} radius="xl" variant="light" color="gray" className={classes.icon}>
                  <Icon size={22} />
                </ThemeIcon>
                <Text size="sm" fw={600} ta="center" className={classes.title}>
                  {t(dynamicKey('shell', `shell:shortcuts.${shortcut.key}.title`))}
                </Text>
                <Text size="xs" c="dimmed" ta="center">
                  {t(dynamicKey('shell', `shell:shortcuts.${shortcut.key}.text`))}
                </Text>
              </Menu.Item>
            );
          })}
        </SimpleGrid>
      </Menu.Dropdown>
    </Menu>
  );
}
