// Resetting a password: a one-time password shown once to hand over, or (mail configured) a link mailed to
// the user. Either way every session of theirs ends with a one-time password; a link leaves them signed in
// until they use it.
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from './usersApi.ts';

interface Props {
  user: AdminUser;
  canMail: boolean;
  onConfirm: (mode: 'password' | 'link') => Promise<void>;
  onClose: () => void;
}

export function ResetPasswordDialog({ user, canMail, onConfirm, onClose }: Props) {
  const { t } = useTranslation(['usersAdmin', 'common']);
  const [mode, setMode] = useState<'password' | 'link'>(canMail ? 'link' : 'password');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onConfirm(mode);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('usersAdmin:confirm.resetPassword.title', { name: user.fullName })}
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
      data-testid="reset-dialog"
    >
      <Stack gap="lg">
        <Radio.Group
          value={mode}
          onChange={(value) => setMode(value as 'password' | 'link')}
          label={t('usersAdmin:form.mode')}
        >
          <Stack gap="sm" mt="xs">
            <Radio
              value="link"
              disabled={!canMail}
              label={t('usersAdmin:reset.link')}
              description={
                canMail
                  ? t('usersAdmin:confirm.resetPassword.textLink', { name: user.fullName })
                  : t('usersAdmin:reset.needsMail')
              }
            />
            <Radio
              value="password"
              label={t('usersAdmin:form.modePassword')}
              description={t('usersAdmin:confirm.resetPassword.text', { name: user.fullName })}
            />
          </Stack>
        </Radio.Group>
        <Text size="xs" c="dimmed">
          {t('usersAdmin:reset.note')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common:ui.cancel')}
          </Button>
          <Button loading={busy} onClick={() => void run()} data-testid="reset-confirm">
            {t('usersAdmin:confirm.resetPassword.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
