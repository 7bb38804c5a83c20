import { Box, Button, Menu } from '@mantine/core';
import { isLanguage, type Language, languages } from '@voltscope/shared/i18n';
import { useTranslation } from 'react-i18next';
import { directionOf, languageNames } from '../../i18n/language.ts';
import { IconChevronDown, IconLanguage } from '../../ui/icons.tsx';

/** Switches the language (remembered, and the page direction follows: see i18n/init.ts). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <Menu position="bottom-end" shadow="md" width={180}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          aria-label={t('header.language')}
          leftSection={<IconLanguage size={18} />}
          rightSection={<IconChevronDown size={14} />}
        >
          <Box component="span" lang={current} visibleFrom="sm">
            {languageNames[current]}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {languages.map((lng) => (
          <Menu.Item
            key={lng}
            lang={lng}
            dir={directionOf(lng)}
            onClick={() => void i18n.changeLanguage(lng)}
            data-active={lng === current || undefined}
            fw={lng === current ? 600 : 400}
          >
            {languageNames[lng]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
