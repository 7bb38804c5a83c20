// Putting a device into maintenance (its reason, required by the seed's rule, checked here as the hub
// checks it) or back in service. The caller sends the request (`onConfirm`); a refusal keeps the dialog
// open and says why in the reader's language. Enter confirms, Escape cancels.
import { Alert, Modal, Stack, Text, TextInput } from '@mantine/core';
import { maintenanceFields } from '@voltscope/shared/fleetFields';
import { checkFields } from '@voltscope/shared/validation';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrorText, fieldTexts } from '../i18n/serverErrors.ts';
import { ApiError } from '../session/api.ts';
import { DialogActions } from './DialogActions.tsx';

export interface MaintenanceRequest {
  kind: 'put' | 'lift';
  deviceId: string;
  /** The device's name as the reader reads it. */
  name: string;
}

export function MaintenanceDialog({
  request,
  onConfirm,
  onClose,
}: {
  request: MaintenanceRequest;
  /** Sends the change: the reason when putting into maintenance. */
  onConfirm: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['devicesStatus', 'common', 'validation']);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const put = request.kind === 'put';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (put) {
      const problem = fieldTexts(checkFields({ reason: reason.trim() }, maintenanceFields)).reason;
      setReasonError(problem);
      if (problem) return;
    }
    setBusy(true);
    setError(null);
    try {
      await onConfirm(reason.trim());
      onClose();
    } catch (caught) {
      const body = caught instanceof ApiError ? caught.body : null;
      const field = body && fieldErrorText(body, 'reason');
      if (field) setReasonError(field);
      else if (caught instanceof ApiError && caught.status === 409) setError(t('devicesStatus:maintenance.conflict'));
      else
        setError(
          body ? `${t('devicesStatus:maintenance.failed')} ${errorText(body)}` : t('devicesStatus:maintenance.failed'),
        );
      setBusy(false);
    }
  };

  const title = t(put ? 'devicesStatus:maintenance.putTitle' : 'devicesStatus:maintenance.liftTitle', {
    name: request.name,
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
      data-testid="maintenance-dialog"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{t(put ? 'devicesStatus:maintenance.putText' : 'devicesStatus:maintenance.liftText')}</Text>
          {put && (
            <TextInput
              data-autofocus
              required
              label={t('devicesStatus:maintenance.reason')}
              placeholder={t('devicesStatus:maintenance.reasonHint')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              error={reasonError}
              maxLength={500}
              data-testid="maintenance-reason"
            />
          )}
          {error && (
            <Alert color="red" role="alert" data-testid="maintenance-error">
              {error}
            </Alert>
          )}
          <DialogActions
            onCancel={onClose}
            busy={busy}
            submit={t(put ? 'devicesStatus:maintenance.submit' : 'devicesStatus:maintenance.liftSubmit')}
            testId="maintenance-submit"
          />
        </Stack>
      </form>
    </Modal>
  );
}
