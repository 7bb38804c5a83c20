import { Menu, useMantineColorScheme } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconCheck } from '../../ui/icons.tsx';
import { toMantine } from '../settings/colorSchemeManager.ts';
import { themeSettings } from '../settings/layoutSettings.ts';
import { HeaderMenuButton } from './HeaderIconButton.tsx';
import { themeIcons, useThemeButton } from './switcherButtons.tsx';

/**
 * Light, dark or system (which follows the device, live). `defaultOpened`: opened as it mounts (the sign-in
 * page loads it on a click of its stand-in button: CornerSwitchers.tsx).
 */
export function ThemeSwitcher({ defaultOpened = false }: { defaultOpened?: boolean }) {
  const { t } = useTranslation(['shell', 'common']);
  const { setColorScheme } = useMantineColorScheme();
  const { current, Shown, label } = useThemeButton();
  return (
    <Menu position="bottom-end" shadow="md" width={200} defaultOpened={defaultOpened}>
      <HeaderMenuButton label={label} data-testid="theme-switcher">
        <Shown size={22} />
      </HeaderMenuButton>
      <Menu.Dropdown>
        {themeSettings.map((theme) => {
          const Icon = themeIcons[theme];
          const checked = theme === current;
          return (
            <Menu.Item
              key={theme}
              // Mantine's items are always role=menuitem, where aria-checked is not allowed: the choice in
              // use is marked as current instead.
              aria-current={checked || undefined}
              leftSection={<Icon size={18} />}
              rightSection={checked ? <IconCheck size={16} /> : null}
              onClick={() => setColorScheme(toMantine(theme))}
              fw={checked ? 600 : 400}
            >
              {t(`shell:settings.theme.${theme}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
