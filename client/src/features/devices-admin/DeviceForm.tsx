// Creating or editing a device, in a dialog: its id and type (only when created), name, model, firmware,
// serial number, rating, how the hub reaches it, where it hangs in the tree, and its series' own ranges
// and periods over its type's. Each field is checked as it is left and again on sending.
import { Alert, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type DeviceType, deviceTypes } from '@voltscope/shared/fleet';
import { deviceFields, deviceProtocols } from '@voltscope/shared/fleetFields';
import { type FocusEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceName } from '../../data/deviceName.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { DialogActions } from '../../ui/DialogActions.tsx';
import { IconAlertTriangle } from '../../ui/icons.tsx';
import { CameraSettingsForm } from '../cctv/CameraSettingsForm.tsx';
import {
  type DeviceDraft,
  deviceBodyOf,
  deviceSpec,
  isOverridden,
  seriesOfType,
  seriesPath,
  seriesReasons,
} from './deviceDraft.ts';
import { parentChoices } from './deviceTree.ts';
import type { DeviceBody, DeviceTypeInfo, ManagedDevice } from './fleetAdminApi.ts';
import { ParentSelect } from './ParentSelect.tsx';
import { SeriesOverrides } from './SeriesOverrides.tsx';
import { useFieldForm } from './useFieldForm.ts';

type TextField = 'id' | 'name' | 'model' | 'firmware' | 'serialNumber' | 'ratedKw' | 'address';

interface Props {
  editing: ManagedDevice | null;
  initial: DeviceDraft;
  devices: readonly ManagedDevice[];
  types: readonly DeviceTypeInfo[];
  onSave: (body: DeviceBody) => Promise<void>;
  onClose: () => void;
}

/** A series' range or period (its key is not an input). */
const shownSeries = (field: string) => /^series\.\d+\.(min|max|periodMs)$/.test(field);

export function DeviceForm({ editing, initial, devices, types, onSave, onClose }: Props) {
  const { t } = useTranslation(['devicesAdmin', 'common']);
  const lng = useLanguage();
  const [draft, setDraft] = useState(initial);
  const creating = editing === null;
  const info = types.find((type) => type.type === draft.type);
  const form = useFieldForm(
    deviceSpec(draft, creating),
    draft as unknown as Record<string, unknown>,
    () => onSave(deviceBodyOf(draft, creating)),
    {
      extra: () => seriesReasons(draft),
      shows: (field) => field in deviceFields || field === 'address' || field === 'parentId' || shownSeries(field),
    },
  );

  const field = (name: TextField, required = false) => ({
    label: t(`devicesAdmin:device.${name}`),
    value: draft[name],
    onChange: (e: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: e.currentTarget.value }),
    onBlur: (e: FocusEvent<HTMLInputElement>) => form.check(name, e),
    error: form.error(name),
    required,
    'data-testid': `device-${name}`,
  });

  const changeType = (type: DeviceType) => {
    const next = types.find((x) => x.type === type);
    const allowed = parentChoices(devices, next?.parentTypes ?? [], null).some((d) => d.id === draft.parentId);
    setDraft({ ...draft, type, series: seriesOfType(next), parentId: allowed ? draft.parentId : null });
  };
  const seriesError = (row: number, name: 'min' | 'max' | 'periodMs') => {
    const series = draft.series[row];
    return series && isOverridden(series) ? form.error(seriesPath(draft.series, row, name)) : undefined;
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={
        editing
          ? t('devicesAdmin:device.editTitle', { name: deviceName(editing, lng) })
          : t('devicesAdmin:device.newTitle')
      }
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
    >
      <form onSubmit={form.onSubmit} noValidate data-testid="device-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {creating && <TextInput {...field('id', true)} description={t('devicesAdmin:device.idHint')} />}
            {creating && (
              <Select
                label={t('devicesAdmin:device.type')}
                data={deviceTypes.map((type) => ({ value: type, label: t(`devicesAdmin:type.${type}`) }))}
                value={draft.type || null}
                onChange={(type) => type && changeType(type as DeviceType)}
                onBlur={(e) => form.check('type', e)}
                searchable
                required
                error={form.error('type')}
                comboboxProps={{ withinPortal: false }}
                data-testid="device-type"
              />
            )}
            <TextInput {...field('name', true)} />
            <TextInput {...field('model')} />
            <TextInput {...field('firmware')} placeholder="1.4.2" />
            <TextInput {...field('serialNumber')} />
            <TextInput {...field('ratedKw')} inputMode="decimal" />
            <Select
              label={t('devicesAdmin:device.protocol')}
              data={deviceProtocols.map((p) => ({ value: p, label: t(`devicesAdmin:protocol.${p}`) }))}
              value={draft.protocol}
              onChange={(protocol) => protocol && setDraft({ ...draft, protocol })}
              allowDeselect={false}
              required
              error={form.error('protocol')}
              comboboxProps={{ withinPortal: false }}
              data-testid="device-protocol"
            />
            <TextInput
              {...field('address', true)}
              description={t(`devicesAdmin:device.addressHint.${draft.protocol === 'http' ? 'url' : 'hostPort'}`)}
              dir="ltr"
            />
            <ParentSelect
              devices={devices}
              info={info}
              moving={editing?.id ?? null}
              value={draft.parentId}
              onChange={(parentId) => setDraft({ ...draft, parentId })}
              error={form.error('parentId')}
            />
          </SimpleGrid>
          <SeriesOverrides
            series={draft.series}
            rules={info?.defaultRules ?? []}
            onChange={(series) => setDraft({ ...draft, series })}
            error={seriesError}
          />
          {editing?.type === 'camera' && <CameraSettingsForm cameraId={editing.id} siteDevices={devices} />}
          {form.failure && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle />} data-testid="device-failure">
              {form.failure}
            </Alert>
          )}
          <DialogActions
            onCancel={onClose}
            submit={creating ? t('devicesAdmin:device.create') : t('devicesAdmin:device.save')}
            busy={form.busy}
            testId="device-save"
          />
        </Stack>
      </form>
    </Modal>
  );
}
