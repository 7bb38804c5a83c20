// A question before something that cannot be undone (removing an override, deleting a webhook, revoking
// a wall display): the safe answer has the focus, so Enter by habit does no harm.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  title: string;
  text: string;
  confirm: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

export function ConfirmDialog({ title, text, confirm, onConfirm, onClose }: Props) {
  const { t } = useTranslation(['common']);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
      data-testid="confirm-dialog"
    >
      <Stack gap="lg">
        <Text size="sm">{text}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common:ui.cancel')}
          </Button>
          <Button color="red" loading={busy} onClick={run} data-testid="confirm">
            {confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
