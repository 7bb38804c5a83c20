// The pending step 'mfaSetup': a user whose role requires a second factor (MFA_REQUIRED_ROLES) sets it
// up here before anything else opens, saves their recovery codes, then goes on into the app with their
// session read again (no longer pending). Opened directly by a user who already has one, it says so.
import { Alert, Anchor, Button, Center, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '../../app/guards.ts';
import { api, call, logout } from '../../session/api.ts';
import { sessionStore, useSession } from '../../session/sessionStore.ts';
import { RecoveryCodes } from '../../ui/RecoveryCodes.tsx';
import { MfaSetup } from '../account/MfaSetup.tsx';
import { useMfaStatus } from '../account/mfaApi.ts';
import { AuthHeading, AuthShell } from './AuthShell.tsx';

export function TwoFactorSetupPage() {
  const { t } = useTranslation(['mfa', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = useSession((s) => s.userData?.email ?? '');
  const status = useMfaStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);

  /** The session as it now stands (no pending step), then the page the user meant to open. */
  const proceed = async () => {
    try {
      const state = sessionStore.getState();
      const session = await api(call('GET /api/auth/me'));
      if (state.accessToken) sessionStore.signIn({ ...session, accessToken: state.accessToken }, state.remembered);
      await navigate(safeReturnPath(params.get('to')), { replace: true });
    } catch {
      setFailed(true);
    }
  };

  const signOut = async () => {
    await logout();
    await navigate('/login', { replace: true });
  };

  const alreadyOn = status.status === 'ready' && status.data.enabled && codes === null;
  return (
    <AuthShell>
      <AuthHeading title={t('mfa:page.title')} subtitle={t('mfa:page.subtitle')} />
      <Stack gap="md">
        {failed && (
          <Alert color="red" variant="light" role="alert">
            {t('common:ui.error')}
          </Alert>
        )}
        {status.status === 'error' && (
          <Alert color="red" variant="light" role="alert">
            {t('common:ui.error')}
          </Alert>
        )}
        {alreadyOn && (
          <>
            <Alert color="teal" variant="light" role="status">
              {t('mfa:card.on')}
            </Alert>
            <Button onClick={() => void proceed()}>{t('mfa:page.continue')}</Button>
          </>
        )}
        {status.status === 'ready' && !alreadyOn && codes === null && <MfaSetup onEnabled={setCodes} />}
        {codes !== null && <RecoveryCodes codes={codes} account={email} onDone={() => void proceed()} />}
      </Stack>
      <Center mt="lg">
        <Anchor component="button" type="button" size="sm" onClick={() => void signOut()}>
          {t('mfa:page.signOut')}
        </Anchor>
      </Center>
    </AuthShell>
  );
}
