// The password-change step: a user whose password an administrator set (a one-time password) chooses
// their own before anything else. The guards send them here (app/guards.ts) and nowhere else until it
// is done; then GET /api/auth/me says what comes next (a second factor to set up, or the app).
import { Alert, Button, Center } from '@mantine/core';
import { passwordChangeFields } from '@voltscope/shared/accountFields';
import { checkFields } from '@voltscope/shared/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText, fieldErrorText, fieldTexts } from '../../i18n/serverErrors.ts';
import { ApiError, api, call, logout } from '../../session/api.ts';
import { sessionStore } from '../../session/sessionStore.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { AuthForm } from './AuthForm.tsx';
import { AuthHeading, AuthShell } from './AuthShell.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { type AuthErrors, useAuthSubmit } from './useAuthSubmit.ts';

type ChangeErrors = AuthErrors<'currentPassword' | 'newPassword' | 'confirm' | 'form'>;

export function ChangePasswordPage() {
  const { t } = useTranslation(['auth', 'validation', 'common']);
  const navigate = useNavigate();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const validate = (): ChangeErrors =>
    fieldTexts(checkFields({ currentPassword, newPassword, confirm }, passwordChangeFields));

  const failed = (failure: unknown): ChangeErrors => {
    if (!(failure instanceof ApiError)) return { form: t('common:ui.error') };
    const current = fieldErrorText(failure.body, 'currentPassword');
    const next = fieldErrorText(failure.body, 'newPassword');
    return {
      ...(current && { currentPassword: current }),
      ...(next && { newPassword: next }),
      ...(!current && !next && { form: errorText(failure.body) }),
    };
  };

  const { errors, submitting, onSubmit } = useAuthSubmit({
    validate,
    send: async () => {
      await api(call('POST /api/account/password', { body: { currentPassword, newPassword } }));
      // The server says what is left: a second factor to set up, or nothing.
      const me = await api(call('GET /api/auth/me'));
      sessionStore.setPendingStep(me.pendingStep ?? null);
      await navigate('/', { replace: true });
    },
    failed,
  });

  const signOut = async () => {
    await logout();
    await navigate('/login', { replace: true });
  };

  return (
    <AuthShell>
      <AuthHeading title={t('auth:change.title')} subtitle={t('auth:change.subtitle')} />
      <AuthForm onSubmit={onSubmit} submitting={submitting} submitLabel={t('auth:change.submit')}>
        {errors.form && (
          <Alert color="red" variant="light" role="alert">
            {errors.form}
          </Alert>
        )}
        <PasswordField
          label={t('auth:change.current')}
          description={t('auth:change.currentHint')}
          autoComplete="current-password"
          autoFocus
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.currentTarget.value)}
          error={errors.currentPassword}
        />
        <NewPasswordFields
          password={newPassword}
          confirm={confirm}
          onPassword={setNewPassword}
          onConfirm={setConfirm}
          errors={{ password: errors.newPassword, confirm: errors.confirm }}
        />
      </AuthForm>
      <Center mt="lg">
        <Button variant="subtle" size="sm" onClick={() => void signOut()}>
          {t('auth:change.signOut')}
        </Button>
      </Center>
    </AuthShell>
  );
}
