// The language and theme menus' buttons, apart from the menus: the sign-in page shows them before the menus'
// code (Mantine's Menu and Tooltip, which bring Floating UI) is loaded (app/layouts/CornerSwitchers.tsx), and
// the loaded menus show the very same buttons.
import { Box, Button, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { isLanguage, type Language } from '@voltscope/shared/i18n';
import type { ComponentPropsWithRef, ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { languageNames } from '../../i18n/language.ts';
import {
  IconChevronDown,
  IconDeviceDesktop,
  IconLanguage,
  IconMoon,
  type IconProps,
  IconSun,
} from '../../ui/icons.tsx';
import { fromMantine } from '../settings/colorSchemeManager.ts';
import type { ThemeSetting } from '../settings/layoutSettings.ts';

export const themeIcons: Record<ThemeSetting, ComponentType<IconProps>> = {
  light: IconSun,
  dark: IconMoon,
  system: IconDeviceDesktop,
};

/** The language in use and the language button's accessible name. */
export function useLanguageButton() {
  const { t, i18n } = useTranslation(['shell', 'common']);
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return { current, label: t('shell:header.language') };
}

/** The language menu's wide button: icon and the language's own name. Props (a menu target's) reach it. */
export function LanguageButton(button: Omit<ComponentPropsWithRef<'button'>, 'color' | 'children' | 'disabled'>) {
  const { current, label } = useLanguageButton();
  return (
    <Button
      variant="subtle"
      color="gray"
      px="xs"
      aria-label={label}
      leftSection={<IconLanguage size={18} />}
      rightSection={<IconChevronDown size={14} />}
      {...button}
    >
      <Box component="span" lang={current} visibleFrom="sm">
        {languageNames[current]}
      </Box>
    </Button>
  );
}

/** The theme in use, the icon its button shows and the button's accessible name. */
export function useThemeButton() {
  const { t } = useTranslation(['shell', 'common']);
  const { colorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const current = fromMantine(colorScheme);
  const Shown = current === 'system' ? themeIcons.system : themeIcons[computed];
  return { current, Shown, label: t('shell:header.theme', { theme: t(`shell:settings.theme.${current}`) }) };
}
