import { Alert, Anchor, Center, Stack, Text } from '@mantine/core';
import { passwordResetFields } from '@voltscope/shared/accountFields';
import { checkFields } from '@voltscope/shared/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText, fieldErrorText, fieldTexts } from '../../i18n/serverErrors.ts';
import { ApiError, api, call } from '../../session/api.ts';
import { AuthForm } from './AuthForm.tsx';
import { AuthHeading, AuthShell } from './AuthShell.tsx';
import type { LoginNotice } from './LoginPage.tsx';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { type AuthErrors, useAuthSubmit } from './useAuthSubmit.ts';

type ResetErrors = AuthErrors<'password' | 'confirm' | 'token'>;

export function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'validation', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // An invitation's link (`&invite=1`): the same form, worded as a first password.
  const invite = params.get('invite') === '1';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const validate = (): ResetErrors => fieldTexts(checkFields({ password, confirm }, passwordResetFields));

  const failed = (failure: unknown): ResetErrors => {
    if (!(failure instanceof ApiError)) return { token: t('common:ui.error') };
    const tokenError = failure.fieldError('token');
    const passwordError = fieldErrorText(failure.body, 'password');
    return {
      ...(tokenError && { token: t(invite ? 'auth:invite.invalidToken' : 'auth:reset.invalidToken') }),
      ...(passwordError && { password: passwordError }),
      ...(!tokenError && !passwordError && { token: errorText(failure.body) }),
    };
  };

  const { errors, submitting, onSubmit } = useAuthSubmit({
    validate,
    send: async () => {
      await api(call('POST /api/auth/reset-password', { body: { token, password } }));
      const state: LoginNotice = { notice: 'passwordChanged' };
      await navigate('/login', { replace: true, state });
    },
    failed,
  });

  return (
    <AuthShell>
      <AuthHeading
        title={t(invite ? 'auth:invite.title' : 'auth:reset.title')}
        subtitle={t(invite ? 'auth:invite.subtitle' : 'auth:reset.subtitle')}
      />
      {!token ? (
        <Alert color="red" variant="light" role="alert">
          {t('auth:reset.missingToken')}
        </Alert>
      ) : (
        <AuthForm
          onSubmit={onSubmit}
          submitting={submitting}
          submitLabel={t(invite ? 'auth:invite.submit' : 'auth:reset.submit')}
        >
          {errors.token && (
            <Alert color="red" variant="light" role="alert" data-testid="reset-token-error">
              <Stack gap={6} align="flex-start">
                <Text size="sm">{errors.token}</Text>
                {!invite && (
                  <Anchor component={Link} to="/forgot-password" size="sm">
                    {t('auth:reset.requestNew')}
                  </Anchor>
                )}
              </Stack>
            </Alert>
          )}
          <NewPasswordFields
            autoFocus
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
            errors={errors}
          />
        </AuthForm>
      )}
      <Center mt="lg">
        <Anchor component={Link} to={token ? '/login' : '/forgot-password'} size="sm">
          {token ? t('common:ui.backToLogin') : t('auth:reset.requestNew')}
        </Anchor>
      </Center>
    </AuthShell>
  );
}
