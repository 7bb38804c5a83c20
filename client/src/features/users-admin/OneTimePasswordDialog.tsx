// A one-time password, shown this once: copy it and hand it over by a safe way (in person, by phone);
// the user must choose their own at their first sign-in.
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle, IconCheck, IconCopy } from '../../ui/icons.tsx';

interface Props {
  name: string;
  password: string;
  onClose: () => void;
}

export function OneTimePasswordDialog({ name, password, onClose }: Props) {
  const { t } = useTranslation(['usersAdmin', 'common']);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('usersAdmin:oneTime.title')}
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
      data-testid="one-time-dialog"
    >
      <Stack gap="md">
        <Text size="sm">{t('usersAdmin:oneTime.text', { name })}</Text>
        <Group gap="sm" wrap="nowrap">
          <Code fz="lg" p="sm" dir="ltr" style={{ flex: 1, userSelect: 'all' }} data-testid="one-time-password">
            {password}
          </Code>
          <CopyButton value={password}>
            {({ copied, copy }) => (
              <Button
                variant={copied ? 'light' : 'filled'}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                onClick={copy}
              >
                {copied ? t('usersAdmin:oneTime.copied') : t('usersAdmin:oneTime.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
          {t('usersAdmin:oneTime.warning')}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose} data-testid="one-time-done">
            {t('usersAdmin:oneTime.done')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
