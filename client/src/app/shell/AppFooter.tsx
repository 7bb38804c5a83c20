import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUngrouped } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import type { BarType } from '../settings/layoutSettings.ts';
import classes from './AppFooter.module.css';

export function AppFooter({ type }: { type: BarType }) {
  const { t } = useTranslation(['shell', 'common']);
  const lng = useLanguage();
  return (
    <footer className={classes.footer} data-type={type} data-testid="footer">
      <div className={classes.container}>
        <Group justify="space-between" gap="xs" py="md">
          <Text size="sm" c="dimmed">
            {t('shell:footer.copyright', { year: formatUngrouped(lng, new Date().getFullYear()) })}
            {' · '}
            {t('shell:footer.tagline')}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to="/pages/user-profile" size="sm">
              {t('shell:header.profile')}
            </Anchor>
            <Anchor component={Link} to="/settings/user-interface" size="sm">
              {t('shell:nav.userInterface')}
            </Anchor>
          </Group>
        </Group>
      </div>
    </footer>
  );
}
