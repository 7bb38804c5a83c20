// Setting up an authenticator app: a new secret as a QR code (drawn by the server) and as a key in
// groups of four to type by hand, then a first code from the app to turn it on; the ten recovery codes
// that come back are the caller's to show. Used by the account page and the pending-step page.
import { Alert, Box, Button, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import type { MfaSetup as Setup } from '@voltscope/shared/contracts/mfa';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrorText } from '../../i18n/serverErrors.ts';
import { ApiError } from '../../session/api.ts';
import { OneTimeCodeField, TOTP_LENGTH } from '../../ui/OneTimeCodeField.tsx';
import { enableMfa, startMfaSetup } from './mfaApi.ts';

interface MfaSetupProps {
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel?: () => void;
}

const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

export function MfaSetup({ onEnabled, onCancel }: MfaSetupProps) {
  const { t } = useTranslation(['mfa', 'validation', 'common']);
  const [setup, setSetup] = useState<Setup | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // One secret per setup: a second request (a development double effect) would replace the first's.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    startMfaSetup().then(setSetup, () => setLoadFailed(true));
  }, []);

  const confirm = async (typed: string) => {
    if (typed.length !== TOTP_LENGTH) return setError(t('validation:mfaInvalidCode'));
    setBusy(true);
    setError(undefined);
    try {
      const { recoveryCodes } = await enableMfa(typed);
      onEnabled(recoveryCodes);
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? (fieldErrorText(failure.body, 'code') ?? errorText(failure.body))
          : t('common:ui.error'),
      );
      setCode('');
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void confirm(code);
  };

  if (loadFailed) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('common:ui.error')}
      </Alert>
    );
  }
  const app = t('common:app.name');
  return (
    <form onSubmit={submit} noValidate data-testid="mfa-setup">
      <Stack gap="md">
        <Text size="sm">{t('mfa:setup.scan')}</Text>
        <Group align="flex-start" gap="lg" wrap="wrap">
          {/* The code is black on white whatever the theme: scanners read it best so. */}
          <Box bg="white" p={4} style={{ borderRadius: 'var(--mantine-radius-sm)', lineHeight: 0 }}>
            {setup ? (
              <Image
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qrSvg)}`}
                alt={t('mfa:setup.qrAlt', { app })}
                w={176}
                h={176}
                data-testid="mfa-qr"
              />
            ) : (
              <Skeleton w={176} h={176} />
            )}
          </Box>
          <Stack gap={6} style={{ flex: '1 1 14rem' }}>
            <Text size="sm" c="dimmed">
              {t('mfa:setup.manual')}
            </Text>
            <Text size="xs" fw={600}>
              {t('mfa:setup.secretLabel')}
            </Text>
            {/* Read left to right in every language, but placed where the page's lines start. */}
            <Text ff="monospace" size="lg" style={{ userSelect: 'all' }}>
              <bdi dir="ltr" data-testid="mfa-secret">
                {setup ? grouped(setup.secret) : '…'}
              </bdi>
            </Text>
          </Stack>
        </Group>
        <Text size="sm">{t('mfa:setup.enter')}</Text>
        <OneTimeCodeField
          label={t('mfa:login.code')}
          value={code}
          onChange={(next) => {
            setCode(next);
            setError(undefined);
          }}
          onComplete={(next) => void confirm(next)}
          error={error}
          disabled={!setup}
          maw={260}
          data-testid="mfa-setup-code"
        />
        <Group gap="sm">
          <Button type="submit" loading={busy} disabled={!setup} data-testid="mfa-setup-submit">
            {t('mfa:setup.submit')}
          </Button>
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('mfa:setup.cancel')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
