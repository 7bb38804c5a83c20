// The second step of a sign-in: a 6-digit code from the authenticator app (sent as soon as the sixth
// digit is typed or filled in), or one of the recovery codes; Back returns to the password. A challenge
// out of time sends the user back to the password with the reason.
import { Anchor, Group, UnstyledButton } from '@mantine/core';
import type { LoginResponse } from '@voltscope/shared/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRetryDelay } from '../../i18n/format.ts';
import { errorText, fieldErrorText, reasonText } from '../../i18n/serverErrors.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { ApiError, api, call } from '../../session/api.ts';
import { IconArrowBack } from '../../ui/icons.tsx';
import { OneTimeCodeField, TOTP_LENGTH } from '../../ui/OneTimeCodeField.tsx';
import { AuthForm } from './AuthForm.tsx';
import { AuthHeading } from './AuthShell.tsx';

interface MfaStepProps {
  challenge: string;
  /** A session, when the code was right. */
  onSignedIn: (session: LoginResponse) => Promise<void>;
  /** Back to the password, with the reason when the challenge ended. */
  onBack: (reason?: string) => void;
}

export function MfaStep({ challenge, onSignedIn, onBack }: MfaStepProps) {
  const { t } = useTranslation(['mfa', 'auth', 'validation', 'common']);
  const lng = useLanguage();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const send = async (typed: string) => {
    const wellFormed = recovery ? typed.replace(/[\s-]/g, '').length === 8 : typed.length === TOTP_LENGTH;
    if (!wellFormed) return setError(t(recovery ? 'validation:mfaInvalidCode' : 'validation:required'));
    setSubmitting(true);
    setError(undefined);
    try {
      await onSignedIn(await api(call('POST /api/auth/login/mfa', { body: { challenge, code: typed } })));
    } catch (failure) {
      setSubmitting(false);
      setCode('');
      if (!(failure instanceof ApiError)) return setError(t('common:ui.error'));
      if (failure.body.reason?.code === 'mfaChallengeInvalid') return onBack(reasonText(failure.body.reason));
      if (failure.status === 429 && failure.retryAfter !== null) {
        return setError(t('auth:login.retryAfter', { when: formatRetryDelay(lng, failure.retryAfter) }));
      }
      setError(fieldErrorText(failure.body, 'code') ?? errorText(failure.body));
    }
  };

  const switchMode = () => {
    setRecovery((r) => !r);
    setCode('');
    setError(undefined);
  };

  return (
    <>
      <AuthHeading
        title={t('mfa:login.title')}
        subtitle={recovery ? t('mfa:login.recoverySubtitle') : t('mfa:login.subtitle', { app: t('common:app.name') })}
      />
      <AuthForm
        onSubmit={(event) => {
          event.preventDefault();
          void send(code);
        }}
        submitting={submitting}
        submitLabel={t('mfa:login.submit')}
        after={
          <Group justify="space-between" gap="xs">
            <UnstyledButton onClick={() => onBack()} fz="sm" c="dimmed" data-testid="mfa-back">
              <Group gap={4} wrap="nowrap">
                <IconArrowBack size={14} mirror />
                {t('mfa:login.back')}
              </Group>
            </UnstyledButton>
            <Anchor component="button" type="button" size="sm" onClick={switchMode} data-testid="mfa-switch">
              {recovery ? t('mfa:login.useApp') : t('mfa:login.useRecovery')}
            </Anchor>
          </Group>
        }
      >
        <OneTimeCodeField
          key={recovery ? 'recovery' : 'totp'}
          kind={recovery ? 'recovery' : 'totp'}
          label={recovery ? t('mfa:login.recoveryCode') : t('mfa:login.code')}
          value={code}
          onChange={(next) => {
            setCode(next);
            setError(undefined);
          }}
          onComplete={(next) => void send(next)}
          error={error}
          autoFocus
          data-testid="mfa-code"
        />
      </AuthForm>
    </>
  );
}
