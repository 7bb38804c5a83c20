import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatUngrouped } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { isAuthenticated, useSession } from '../../session/sessionStore.ts';
import { ErrorScreen } from '../../ui/ErrorScreen.tsx';
import { IconHome, IconLogin } from '../../ui/icons.tsx';

export function NotAuthorizedPage() {
  const { t } = useTranslation(['common']);
  const lng = useLanguage();
  const signedIn = useSession(isAuthenticated);
  return (
    <ErrorScreen
      code={formatUngrouped(lng, signedIn ? 403 : 401)}
      title={t('common:errors.notAuthorized.title')}
      text={t('common:errors.notAuthorized.text')}
    >
      {signedIn ? (
        <Button component={Link} to="/" size="md" leftSection={<IconHome size={18} />} data-testid="not-authorized">
          {t('common:ui.backHome')}
        </Button>
      ) : (
        <Button component={Link} to="/login" size="md" leftSection={<IconLogin size={18} mirror />}>
          {t('common:errors.notAuthorized.signIn')}
        </Button>
      )}
    </ErrorScreen>
  );
}
