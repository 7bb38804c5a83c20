import { Menu } from '@mantine/core';
import { languages } from '@voltscope/shared/i18n';
import { useTranslation } from 'react-i18next';
import { directionOf, languageNames } from '../../i18n/language.ts';
import { IconCheck, IconLanguage } from '../../ui/icons.tsx';
import { HeaderMenuButton } from './HeaderIconButton.tsx';
import { LanguageButton, useLanguageButton } from './switcherButtons.tsx';

/**
 * Switches the language (remembered in a cookie; the page direction follows: see i18n/init.ts). `compact`
 * shows the icon only, as in the navbar; otherwise the language's own name too. `defaultOpened`: opened as
 * it mounts (the sign-in page loads it on a click of its stand-in button: CornerSwitchers.tsx).
 */
export function LanguageSwitcher({
  compact = false,
  defaultOpened = false,
}: {
  compact?: boolean;
  defaultOpened?: boolean;
}) {
  const { i18n } = useTranslation(['shell', 'common']);
  const { current, label } = useLanguageButton();
  return (
    <Menu position="bottom-end" shadow="md" width={180} defaultOpened={defaultOpened}>
      {compact ? (
        <HeaderMenuButton label={label}>
          <IconLanguage size={22} />
        </HeaderMenuButton>
      ) : (
        <Menu.Target>
          <LanguageButton />
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
