// Adding a device override of a type rule: pick a device of the rule's type that has none yet; the
// override starts as a copy of the type rule, and the editor opens on it to change what differs.
import { Alert, Modal, Select, Stack, Text } from '@mantine/core';
import type { AlarmRule } from '@voltscope/shared/alarms';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../ui/DialogActions.tsx';
import { IconAlertTriangle } from '../../ui/icons.tsx';
import { createOverride } from './alarmRulesApi.ts';
import { type SaveErrorKey, saveError } from './saveError.ts';
import type { FleetDevices } from './useFleetDevices.ts';

interface Props {
  rule: AlarmRule;
  /** Devices that have an override of this rule already. */
  taken: ReadonlySet<string>;
  devices: FleetDevices;
  onClose: () => void;
  onCreated: (override: AlarmRule) => void;
}

export function AddOverrideDialog({ rule, taken, devices, onClose, onCreated }: Props) {
  const { t } = useTranslation(['alarmRules', 'common']);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<SaveErrorKey | null>(null);
  const choices = devices
    .ofType(rule.deviceType)
    .filter((d) => !taken.has(d.id))
    .map((d) => ({ value: d.id, label: `${d.name} · ${d.siteName}` }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!deviceId || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      onCreated(await createOverride(rule.id, deviceId));
    } catch (caught) {
      setFailure(saveError(caught).key);
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('alarmRules:override.title', { name: rule.name })}
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
      data-testid="override-dialog"
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{t('alarmRules:override.text')}</Text>
          {!devices.ready ? (
            <Text size="sm" c="dimmed" role="status">
              {t('alarmRules:override.loading')}
            </Text>
          ) : choices.length === 0 ? (
            <Alert variant="light" color="gray" data-testid="override-none">
              {t('alarmRules:override.noDevice')}
            </Alert>
          ) : (
            <Select
              label={t('alarmRules:override.device')}
              placeholder={t('alarmRules:override.devicePlaceholder')}
              data={choices}
              value={deviceId}
              onChange={setDeviceId}
              searchable
              required
              data-autofocus
              comboboxProps={{ withinPortal: false }}
              data-testid="override-device"
            />
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle />}>
              {t(`alarmRules:errors.${failure}`)}
            </Alert>
          )}
          <DialogActions
            onCancel={onClose}
            submit={t('alarmRules:override.create')}
            busy={busy}
            disabled={!deviceId}
            testId="override-create"
          />
        </Stack>
      </form>
    </Modal>
  );
}
