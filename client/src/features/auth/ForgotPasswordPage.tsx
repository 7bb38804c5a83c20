import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { emailRules } from '@voltscope/shared/accountFields';
import { checkFields } from '@voltscope/shared/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthOptions } from '../../data/authOptions.ts';
import { errorText, fieldErrorText, fieldTexts } from '../../i18n/serverErrors.ts';
import { ApiError, api, call } from '../../session/api.ts';
import { IconArrowBack, IconCircleCheck, IconInfo } from '../../ui/icons.tsx';
import { AuthForm } from './AuthForm.tsx';
import { AuthHeading, AuthShell } from './AuthShell.tsx';
import { EmailField } from './EmailField.tsx';
import { useAuthSubmit } from './useAuthSubmit.ts';

function BackToLogin() {
  const { t } = useTranslation(['auth', 'validation', 'common']);
  return (
    <Center mt="lg">
      <Anchor component={Link} to="/login" size="sm">
        <Group gap={6} wrap="nowrap">
          <IconArrowBack size={16} mirror />
          {t('common:ui.backToLogin')}
        </Group>
      </Anchor>
    </Center>
  );
}

function ResetByEmail() {
  const { t } = useTranslation(['auth', 'validation', 'common']);
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const value = email.trim();
  const { errors, submitting, onSubmit } = useAuthSubmit({
    validate: () => fieldTexts(checkFields({ email: value }, { email: emailRules })),
    send: async () => {
      await api(call('POST /api/auth/forgot-password', { body: { email: value } }));
      setSent(true);
    },
    failed: (failure) => ({
      email:
        failure instanceof ApiError
          ? (fieldErrorText(failure.body, 'email') ?? errorText(failure.body))
          : t('common:ui.error'),
    }),
  });

  if (sent) {
    // Neutral on purpose: whether the address has an account is not revealed.
    return (
      <Alert color="teal" variant="light" icon={<IconCircleCheck />} role="status" data-testid="forgot-sent">
        {t('auth:forgot.sent')}
      </Alert>
    );
  }

  return (
    <AuthForm onSubmit={onSubmit} submitting={submitting} submitLabel={t('auth:forgot.submit')}>
      <EmailField kind="forgot" value={email} onValue={setEmail} error={errors.email} />
    </AuthForm>
  );
}

export function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'validation', 'common']);
  const options = useAuthOptions();
  return (
    <AuthShell>
      <AuthHeading title={t('auth:forgot.title')} subtitle={t('auth:forgot.subtitle')} />
      {options.status === 'loading' && (
        <Center py="xl">
          <Loader type="dots" />
        </Center>
      )}
      {options.status === 'error' && (
        <Alert color="red" variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('common:ui.error')}</Text>
            <Button size="xs" variant="light" onClick={options.reload}>
              {t('common:ui.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {options.status === 'ready' &&
        (options.data.passwordReset === 'email' ? (
          <ResetByEmail />
        ) : (
          <Alert color="blue" variant="light" icon={<IconInfo />} data-testid="reset-by-admin">
            {t('auth:forgot.byAdmin')}
          </Alert>
        ))}
      <BackToLogin />
    </AuthShell>
  );
}
