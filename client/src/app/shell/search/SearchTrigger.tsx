import { Kbd, Tooltip, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '../../../ui/icons.tsx';
import { HeaderIconButton } from '../HeaderIconButton.tsx';
import classes from './SearchTrigger.module.css';
import { isApplePlatform, openSearch } from './searchStore.ts';

/** The navbar's way into the search: a wide field-like button, or an icon where space is short. */
export function SearchTrigger({ wide }: { wide: boolean }) {
  const { t } = useTranslation(['shell', 'common']);
  const keys = isApplePlatform() ? '⌘ K' : 'Ctrl K';
  const label = t('shell:search.open', { keys: keys.replace(' ', '+') });
  if (!wide) {
    return (
      <Tooltip label={label}>
        <HeaderIconButton
          label={label}
          aria-keyshortcuts="Control+K Meta+K"
          onClick={openSearch}
          data-testid="search-open"
        >
          <IconSearch size={22} />
        </HeaderIconButton>
      </Tooltip>
    );
  }
  return (
    <UnstyledButton
      className={classes.wide}
      onClick={openSearch}
      aria-label={label}
      aria-keyshortcuts="Control+K Meta+K"
      data-testid="search-open"
    >
      <IconSearch size={22} />
      <span className={classes.text}>{t('shell:search.button')}</span>
      <Kbd size="xs" dir="ltr" className={classes.kbd}>
        {keys}
      </Kbd>
    </UnstyledButton>
  );
}
