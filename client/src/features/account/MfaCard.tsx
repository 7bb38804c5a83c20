// The account's second factor: whether it is on (and since when, and how many recovery codes are left),
// setting it up, new recovery codes and turning it off (both with the current password; off is not
// offered when the user's role requires it).
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { MfaStatus } from '@voltscope/shared/contracts/mfa';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatRetryDelay } from '../../i18n/format.ts';
import { errorText, fieldErrorText } from '../../i18n/serverErrors.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { ApiError } from '../../session/api.ts';
import { useSession } from '../../session/sessionStore.ts';
import { IconShield } from '../../ui/icons.tsx';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { RecoveryCodes } from '../../ui/RecoveryCodes.tsx';
import { ResourceView } from '../../ui/ResourceView.tsx';
import { MfaSetup } from './MfaSetup.tsx';
import { disableMfa, newRecoveryCodes, useMfaStatus } from './mfaApi.ts';

type Step = { kind: 'status' } | { kind: 'setup' } | { kind: 'codes'; codes: string[] };

export function MfaCard() {
  const { t } = useTranslation(['mfa', 'common']);
  const lng = useLanguage();
  const status = useMfaStatus();
  const email = useSession((s) => s.userData?.email ?? '');
  const [step, setStep] = useState<Step>({ kind: 'status' });
  const [asking, setAsking] = useState<'disable' | 'regenerate' | null>(null);
  const [notice, setNotice] = useState(false);

  const finish = () => {
    setStep({ kind: 'status' });
    status.reload();
  };

  const body = (mfa: MfaStatus) => {
    if (step.kind === 'setup') {
      return (
        <MfaSetup
          onEnabled={(codes) => setStep({ kind: 'codes', codes })}
          onCancel={() => setStep({ kind: 'status' })}
        />
      );
    }
    if (step.kind === 'codes') return <RecoveryCodes codes={step.codes} account={email} onDone={finish} />;
    return (
      <Stack gap="sm">
        {notice && !mfa.enabled && (
          <Alert color="teal" variant="light" role="status">
            {t('mfa:card.disabled')}
          </Alert>
        )}
        {mfa.enabled ? (
          <>
            {mfa.enabledAt !== null && (
              <Text size="sm">{t('mfa:card.since', { date: formatDate(lng, mfa.enabledAt) })}</Text>
            )}
            <Text size="sm" data-testid="mfa-codes-left">
              {t('mfa:card.codesLeft', { count: mfa.recoveryCodesLeft })}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('mfa:card.offText')}
          </Text>
        )}
        {mfa.required && (
          <Text size="sm" c="dimmed">
            {t('mfa:card.required')}
          </Text>
        )}
        <Group gap="sm">
          {mfa.enabled ? (
            <>
              <Button variant="light" onClick={() => setAsking('regenerate')} data-testid="mfa-regenerate">
                {t('mfa:card.regenerate')}
              </Button>
              {!mfa.required && (
                <Button variant="light" color="red" onClick={() => setAsking('disable')} data-testid="mfa-disable">
                  {t('mfa:card.disable')}
                </Button>
              )}
            </>
          ) : (
            <Button
              leftSection={<IconShield size={16} />}
              onClick={() => {
                setNotice(false);
                setStep({ kind: 'setup' });
              }}
              data-testid="mfa-setup-start"
            >
              {t('mfa:card.setUp')}
            </Button>
          )}
        </Group>
      </Stack>
    );
  };

  const on = status.status === 'ready' && status.data.enabled;
  return (
    <Card id="two-factor" data-testid="mfa-card">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Title order={2} size="h4">
          {t('mfa:card.title')}
        </Title>
        {status.status === 'ready' && (
          <Badge color={on ? 'teal' : 'gray'} variant="light" data-testid="mfa-state">
            {on ? t('mfa:card.on') : t('mfa:card.off')}
          </Badge>
        )}
      </Group>
      <ResourceView resource={status} skeletonHeight={80} errorText={t('common:ui.error')}>
        {body}
      </ResourceView>
      {asking && (
        <PasswordDialog
          kind={asking}
          onClose={() => setAsking(null)}
          onDone={(codes) => {
            setAsking(null);
            if (codes) setStep({ kind: 'codes', codes });
            else {
              setNotice(true);
              status.reload();
            }
          }}
        />
      )}
    </Card>
  );
}

/** Asks for the current password before turning the factor off or replacing the recovery codes. */
function PasswordDialog({
  kind,
  onClose,
  onDone,
}: {
  kind: 'disable' | 'regenerate';
  onClose: () => void;
  onDone: (codes: string[] | null) => void;
}) {
  const { t } = useTranslation(['mfa', 'auth', 'validation', 'common']);
  const lng = useLanguage();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('validation:required'));
    setBusy(true);
    try {
      if (kind === 'disable') {
        await disableMfa(password);
        onDone(null);
      } else {
        onDone((await newRecoveryCodes(password)).recoveryCodes);
      }
    } catch (failure) {
      setBusy(false);
      if (!(failure instanceof ApiError)) return setError(t('common:ui.error'));
      if (failure.status === 429 && failure.retryAfter !== null) {
        return setError(t('auth:login.retryAfter', { when: formatRetryDelay(lng, failure.retryAfter) }));
      }
      setError(fieldErrorText(failure.body, 'currentPassword') ?? errorText(failure.body));
    }
  };

  const disable = kind === 'disable';
  return (
    <Modal
      opened
      onClose={onClose}
      title={disable ? t('mfa:card.disableTitle') : t('mfa:card.regenerateTitle')}
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
      centered
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm">{disable ? t('mfa:card.disableText') : t('mfa:card.regenerateText')}</Text>
          <PasswordField
            label={t('mfa:card.password')}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={error}
            data-autofocus
            data-testid="mfa-password"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('mfa:card.cancel')}
            </Button>
            <Button type="submit" {...(disable && { color: 'red' })} loading={busy} data-testid="mfa-password-confirm">
              {t('mfa:card.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
