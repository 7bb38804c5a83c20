// Moving a device in the site's tree: a new parent among the devices its type may hang under.
import { Alert, Modal, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceName } from '../../data/deviceName.ts';
import { fieldErrorText } from '../../i18n/serverErrors.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { ApiError } from '../../session/api.ts';
import { DialogActions } from '../../ui/DialogActions.tsx';
import type { DeviceTypeInfo, ManagedDevice } from './fleetAdminApi.ts';
import { ParentSelect } from './ParentSelect.tsx';
import { refusalText } from './refusal.ts';

interface Props {
  device: ManagedDevice;
  devices: readonly ManagedDevice[];
  info: DeviceTypeInfo | undefined;
  onMove: (parentId: string | null) => Promise<void>;
  onClose: () => void;
}

export function MoveDialog({ device, devices, info, onMove, onClose }: Props) {
  const { t } = useTranslation(['devicesAdmin', 'common']);
  const lng = useLanguage();
  const [parentId, setParentId] = useState(device.parentId);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ field?: string | undefined; form?: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await onMove(parentId);
    } catch (caught) {
      const field = caught instanceof ApiError ? fieldErrorText(caught.body, 'parentId') : undefined;
      setFailure(field ? { field } : { form: refusalText(caught) });
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('devicesAdmin:move.title', { name: deviceName(device, lng) })}
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
    >
      <form onSubmit={submit} noValidate data-testid="move-form">
        <Stack gap="md">
          <Text size="sm">{t('devicesAdmin:move.text')}</Text>
          <ParentSelect
            devices={devices}
            info={info}
            moving={device.id}
            value={parentId}
            onChange={setParentId}
            error={failure?.field}
          />
          {failure?.form && (
            <Alert color="red" variant="light" role="alert">
              {failure.form}
            </Alert>
          )}
          <DialogActions
            onCancel={onClose}
            submit={t('devicesAdmin:move.submit')}
            busy={busy}
            disabled={parentId === device.parentId}
            testId="move-save"
          />
        </Stack>
      </form>
    </Modal>
  );
}
