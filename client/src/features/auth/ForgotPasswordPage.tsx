import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { isEmail } from '@voltscope/shared/validation';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthOptions } from '../../data/authOptions.ts';
import { translateServerMessage } from '../../i18n/serverMessages.ts';
import { ApiError, api } from '../../session/api.ts';
import { IconArrowBack, IconCircleCheck, IconInfo } from '../../ui/icons.tsx';
import { AuthHeading, AuthShell } from './AuthShell.tsx';

function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Center mt="lg">
      <Anchor component={Link} to="/login" size="sm">
        <Group gap={6} wrap="nowrap">
          <IconArrowBack size={16} mirror />
          {t('common.backToLogin')}
        </Group>
      </Anchor>
    </Center>
  );
}

function ResetByEmail() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    const problem = !value ? t('validation:required') : isEmail(value) ? undefined : t('validation:email');
    setError(problem);
    if (problem) return;
    setSubmitting(true);
    try {
      await api<{ message: string }>('/api/auth/forgot-password', { method: 'POST', body: { email: value } });
      setSent(true);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? translateServerMessage(t, failure.fieldError('email') ?? failure.body.message)
          : t('common.error'),
      );
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) {
    // Neutral on purpose: whether the address has an account is not revealed.
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck />} role="status" data-testid="forgot-sent">
        {t('auth.forgot.sent')}
      </Alert>
    );
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('auth.forgot.email')}
          placeholder={t('auth.login.emailPlaceholder')}
          type="email"
          autoComplete="email"
          autoFocus
          dir="ltr"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={error}
        />
        <Button type="submit" fullWidth size="md" loading={submitting}>
          {t('auth.forgot.submit')}
        </Button>
      </Stack>
    </form>
  );
}

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const options = useAuthOptions();
  return (
    <AuthShell>
      <AuthHeading title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')} />
      {options.status === 'loading' && (
        <Center py="xl">
          <Loader type="dots" />
        </Center>
      )}
      {options.status === 'error' && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('common.error')}</Text>
            <Button size="xs" variant="light" onClick={options.reload}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {options.status === 'ready' &&
        (options.data.passwordReset === 'email' ? (
          <ResetByEmail />
        ) : (
          <Alert color="blue" variant="light" icon={<IconInfo />} data-testid="reset-by-admin">
            {t('auth.forgot.byAdmin')}
          </Alert>
        ))}
      <BackToLogin />
    </AuthShell>
  );
}
