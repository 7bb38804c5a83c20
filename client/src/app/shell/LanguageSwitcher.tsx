import { Box, Button, Menu } from '@mantine/core';
import { isLanguage, type Language, languages } from '@voltscope/shared/i18n';
import { useTranslation } from 'react-i18next';
import { directionOf, languageNames } from '../../i18n/language.ts';
import { IconCheck, IconChevronDown, IconLanguage } from '../../ui/icons.tsx';
import { HeaderMenuButton } from './HeaderIconButton.tsx';

/**
 * Switches the language (remembered in a cookie; the page direction follows: see i18n/init.ts). `compact`
 * shows the icon only, as in the navbar; otherwise the language's own name too.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation(['shell', 'common']);
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const label = t('shell:header.language');
  return (
    <Menu position="bottom-end" shadow="md" width={180}>
      {compact ? (
        <HeaderMenuButton label={label}>
          <IconLanguage size={22} />
        </HeaderMenuButton>
      ) : (
        <Menu.Target>
          <Button
            variant="subtle"
            color="gray"
            px="xs"
            aria-label={label}
            leftSection={<IconLanguage size={18} />}
            rightSection={<IconChevronDown size={14} />}
          >
            <Box component="span" lang={current} visibleFrom="sm">
              {languageNames[current]}
            </Box>
          </Button>
        </Menu.Target>
      )}
      <Menu.Dropdown>
        {languages.map((lng) => {
          const checked = lng === current;
          return (
            <Menu.Item
              key={lng}
              lang={lng}
              dir={directionOf(lng)}
              // Mantine's items are always role=menuitem, where aria-checked is not allowed: the choice in
              // use is marked as current instead.
              aria-current={checked || undefined}
              onClick={() => void i18n.changeLanguage(lng)}
              rightSection={checked ? <IconCheck size={16} /> : null}
              fw={checked ? 600 : 400}
            >
              {languageNames[lng]}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
