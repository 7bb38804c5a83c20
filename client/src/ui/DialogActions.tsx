// The last row of a dialog's form: Cancel, which closes it, then the button that submits the form.
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface DialogActionsProps {
  onCancel: () => void;
  /** The submit button's words: what the dialog does. */
  submit: ReactNode;
  busy: boolean;
  disabled?: boolean;
  testId: string;
}

export function DialogActions({ onCancel, submit, busy, disabled = false, testId }: DialogActionsProps) {
  const { t } = useTranslation(['common']);
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {t('common:ui.cancel')}
      </Button>
      <Button type="submit" disabled={disabled} loading={busy} data-testid={testId}>
        {submit}
      </Button>
    </Group>
  );
}
