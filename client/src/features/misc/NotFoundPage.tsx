import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUngrouped } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { ErrorScreen } from '../../ui/ErrorScreen.tsx';
import { IconHome } from '../../ui/icons.tsx';

export function NotFoundPage() {
  const { t } = useTranslation(['common']);
  const lng = useLanguage();
  return (
    <ErrorScreen
      code={formatUngrouped(lng, 404)}
      title={t('common:errors.notFound.title')}
      text={t('common:errors.notFound.text')}
    >
      <Button component={Link} to="/" size="md" leftSection={<IconHome size={18} />} data-testid="not-found">
        {t('common:ui.backHome')}
      </Button>
    </ErrorScreen>
  );
}
