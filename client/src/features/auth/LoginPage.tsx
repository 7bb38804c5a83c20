import { Alert, Anchor, Checkbox, Group, Text } from '@mantine/core';
import type { LoginResponse } from '@voltscope/shared/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { safeReturnPath } from '../../app/guards.ts';
import { useAuthOptions } from '../../data/authOptions.ts';
import { formatRetryDelay } from '../../i18n/format.ts';
import { errorText, fieldErrorText } from '../../i18n/serverErrors.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { ApiError, api, call } from '../../session/api.ts';
import { sessionStore } from '../../session/sessionStore.ts';
import { IconCircleCheck, IconInfo } from '../../ui/icons.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { AuthForm } from './AuthForm.tsx';
import { AuthHeading, AuthShell } from './AuthShell.tsx';
import { DemoAccounts } from './DemoAccounts.tsx';
import { EmailField } from './EmailField.tsx';
import { MfaStep } from './MfaStep.tsx';
import { type AuthErrors, useAuthSubmit } from './useAuthSubmit.ts';

type LoginErrors = AuthErrors<'email' | 'password' | 'form'>;

/** Set by the reset-password page when it sends the user here. */
export interface LoginNotice {
  notice?: 'passwordChanged';
}

export function LoginPage() {
  const { t } = useTranslation(['auth', 'validation', 'common']);
  const lng = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const options = useAuthOptions();

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  /** The password was right and a second factor is asked: the challenge to answer. */
  const [challenge, setChallenge] = useState<string | null>(null);
  const notice = (location.state as LoginNotice | null)?.notice;

  const loginErrors = (error: unknown): LoginErrors => {
    if (!(error instanceof ApiError)) return { form: t('common:ui.error') };
    if (error.status === 429 && error.retryAfter !== null) {
      return { email: t('auth:login.retryAfter', { when: formatRetryDelay(lng, error.retryAfter) }) };
    }
    if (error.status === 400 || error.status === 429) {
      return { email: fieldErrorText(error.body, 'email') ?? errorText(error.body) };
    }
    return { form: errorText(error.body) };
  };

  const enter = async (session: LoginResponse) => {
    sessionStore.signIn(session, remember);
    await navigate(safeReturnPath(params.get('to')), { replace: true });
  };

  const { errors, setErrors, submitting, onSubmit } = useAuthSubmit({
    validate: (): LoginErrors => ({
      ...(!email.trim() && { email: t('validation:required') }),
      ...(!password && { password: t('validation:required') }),
    }),
    send: async () => {
      const response = await api(
        call('POST /api/auth/login', { body: { email: email.trim(), password, rememberMe: remember } }),
      );
      if ('mfaRequired' in response) {
        setPassword('');
        setChallenge(response.challenge);
        return 'stay';
      }
      await enter(response);
      return undefined;
    },
    failed: loginErrors,
  });

  const fill = (account: { email: string; password: string }) => {
    setEmail(account.email);
    setPassword(account.password);
    setErrors({});
  };

  if (challenge) {
    return (
      <AuthShell>
        <MfaStep
          challenge={challenge}
          onSignedIn={enter}
          onBack={(reason) => {
            setChallenge(null);
            setErrors(reason ? { form: reason } : {});
          }}
        />
      </AuthShell>
    );
  }

  return (
    <AuthShell>
      <AuthHeading title={t('auth:login.welcome', { app: t('common:app.name') })} subtitle={t('auth:login.subtitle')} />

      {notice === 'passwordChanged' && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck />} mb="md">
          {t('auth:login.passwordChanged')}
        </Alert>
      )}
      {errors.form && (
        <Alert color="red" variant="light" mb="md" role="alert">
          {errors.form}
        </Alert>
      )}

      <AuthForm
        onSubmit={onSubmit}
        submitting={submitting}
        submitLabel={t('auth:login.submit')}
        after={
          <Group gap={8} wrap="nowrap" align="flex-start">
            <IconInfo size={16} style={{ flex: 'none', marginBlockStart: 2 }} color="var(--mantine-color-dimmed)" />
            <Text size="xs" c="dimmed">
              {t('auth:login.hint')}
            </Text>
          </Group>
        }
      >
        <EmailField kind="login" value={email} onValue={setEmail} error={errors.email} testId="login-email" />
        <PasswordField
          label={t('auth:login.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          data-testid="login-password"
        />
        <Group justify="space-between" gap="xs">
          <Checkbox
            label={t('auth:login.rememberMe')}
            checked={remember}
            onChange={(event) => setRemember(event.currentTarget.checked)}
          />
          <Anchor component={Link} to="/forgot-password" size="sm">
            {t('auth:login.forgotPassword')}
          </Anchor>
        </Group>
      </AuthForm>

      {options.status === 'ready' && options.data.demo && options.data.demoAccounts.length > 0 && (
        <DemoAccounts accounts={options.data.demoAccounts} onPick={fill} />
      )}
    </AuthShell>
  );
}
