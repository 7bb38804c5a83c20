// Where a device hangs in the site's tree: one of the devices its type may hang under, or the top where
// its type may stand there (the meter; weather and security devices).
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { deviceName } from '../../data/deviceName.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { parentChoices } from './deviceTree.ts';
import type { DeviceTypeInfo, ManagedDevice } from './fleetAdminApi.ts';

const TOP = '';

interface Props {
  devices: readonly ManagedDevice[];
  info: DeviceTypeInfo | undefined;
  /** The device moved (left out with what hangs below it); none for a new one. */
  moving: string | null;
  value: string | null;
  onChange: (parentId: string | null) => void;
  error?: string | undefined;
}

export function ParentSelect({ devices, info, moving, value, onChange, error }: Props) {
  const { t } = useTranslation(['devicesAdmin']);
  const lng = useLanguage();
  const choices = parentChoices(devices, info?.parentTypes ?? [], moving);
  const data = [
    ...(info?.atTop !== false ? [{ value: TOP, label: t('devicesAdmin:device.top') }] : []),
    ...choices.map((d) => ({ value: d.id, label: `${deviceName(d, lng)} · ${t(`devicesAdmin:type.${d.type}`)}` })),
  ];
  return (
    <Select
      label={t('devicesAdmin:device.parent')}
      description={
        info && !(info.atTop && info.parentTypes.length === 0)
          ? t('devicesAdmin:device.parentHint', {
              types: info.parentTypes.map((type) => t(`devicesAdmin:type.${type}`)).join(', '),
            })
          : t('devicesAdmin:device.topHint')
      }
      data={data}
      value={value ?? (info?.atTop === false ? null : TOP)}
      onChange={(id) => onChange(id === null || id === TOP ? null : id)}
      allowDeselect={false}
      searchable
      error={error}
      comboboxProps={{ withinPortal: false }}
      data-testid="device-parent"
    />
  );
}
