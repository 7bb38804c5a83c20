import { Menu, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconDeviceDesktop, IconMoon, type IconProps, IconSun } from '../../ui/icons.tsx';
import { fromMantine, toMantine } from '../settings/colorSchemeManager.ts';
import { type ThemeSetting, themeSettings } from '../settings/layoutSettings.ts';
import { HeaderMenuButton } from './HeaderIconButton.tsx';

export const themeIcons: Record<ThemeSetting, ComponentType<IconProps>> = {
  light: IconSun,
  dark: IconMoon,
  system: IconDeviceDesktop,
};

/** Light, dark or system (which follows the device, live). */
export function ThemeSwitcher() {
  const { t } = useTranslation(['shell', 'common']);
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const current = fromMantine(colorScheme);
  const Shown = current === 'system' ? themeIcons.system : themeIcons[computed];
  const label = t('shell:header.theme', { theme: t(`shell:settings.theme.${current}`) });
  return (
    <Menu position="bottom-end" shadow="md" width={200}>
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
