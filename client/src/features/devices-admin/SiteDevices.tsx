// One site's devices: its tree, and the dialogs that add a device (at the top or under a device), edit,
// move, decommission, restore or delete one. Every change loads the tree again from the hub, so what
// is shown is what was stored.
import { Button, Group, Loader, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceName } from '../../data/deviceName.ts';
import { useKept } from '../../data/useKept.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { call } from '../../session/api.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { IconPlus } from '../../ui/icons.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { Announcement, refused, type Said, said } from './Announcement.tsx';
import { DeviceForm } from './DeviceForm.tsx';
import { type DeviceAction, DeviceTree } from './DeviceTree.tsx';
import { deviceDraftOf, newDeviceDraft } from './deviceDraft.ts';
import {
  createDevice,
  type DeviceTypeInfo,
  decommissionDevice,
  deleteDevice,
  type ManagedDevice,
  restoreDevice,
  updateDevice,
} from './fleetAdminApi.ts';
import { MoveDialog } from './MoveDialog.tsx';
import { refusalText } from './refusal.ts';

type Dialog =
  | { kind: 'form'; device: ManagedDevice | null; parentId: string | null }
  | { kind: 'move'; device: ManagedDevice }
  | { kind: 'confirm'; action: 'decommission' | 'delete'; device: ManagedDevice };

interface Props {
  siteId: string;
  types: readonly DeviceTypeInfo[];
  /** A device was added, removed or changed state: the site's count moves. */
  onChanged: () => void;
}

export function SiteDevices({ siteId, types, onChanged }: Props) {
  const { t } = useTranslation(['devicesAdmin', 'common']);
  const devices = useKept(call('GET /api/admin/sites/:id/devices', { params: { id: siteId } }));
  const lng = useLanguage();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [announcement, setAnnouncement] = useState<Said | null>(null);
  const list = devices.data ?? [];
  const close = () => setDialog(null);
  const infoOf = (type: string) => types.find((x) => x.type === type);

  const done = (key: 'saved' | 'moved' | 'decommissioned' | 'restored' | 'deleted', name: string) => {
    setAnnouncement(said(t(`devicesAdmin:announce.${key}`, { name })));
    devices.reload();
    onChanged();
    close();
  };

  const onAction = (action: DeviceAction, device: ManagedDevice) => {
    if (action === 'add') setDialog({ kind: 'form', device: null, parentId: device.id });
    else if (action === 'edit') setDialog({ kind: 'form', device, parentId: device.parentId });
    else if (action === 'move') setDialog({ kind: 'move', device });
    else if (action === 'restore') {
      restoreDevice(device.id).then(
        () => done('restored', deviceName(device, lng)),
        (caught: unknown) => setAnnouncement(refused(refusalText(caught))),
      );
    } else setDialog({ kind: 'confirm', action, device });
  };

  const confirmed = async (action: 'decommission' | 'delete', device: ManagedDevice) => {
    try {
      if (action === 'delete') await deleteDevice(device.id);
      else await decommissionDevice(device.id);
      done(action === 'delete' ? 'deleted' : 'decommissioned', deviceName(device, lng));
    } catch (caught) {
      setAnnouncement(refused(refusalText(caught)));
      close();
    }
  };

  const add = (
    <Button
      leftSection={<IconPlus size={16} />}
      onClick={() => setDialog({ kind: 'form', device: null, parentId: null })}
      data-testid="device-new"
    >
      {t('devicesAdmin:devices.add')}
    </Button>
  );

  return (
    <>
      <Announcement said={announcement} testId="devices-announcement" />
      {devices.error !== null && devices.data === null ? (
        <RetryAlert message={t('devicesAdmin:devices.loadError')} onRetry={devices.reload} />
      ) : devices.data === null ? (
        <Loader aria-label={t('common:app.loading')} />
      ) : list.length === 0 ? (
        <Group justify="space-between">
          <Text size="sm">{t('devicesAdmin:devices.none')}</Text>
          {add}
        </Group>
      ) : (
        <DeviceTree devices={list} onAction={onAction} toolbar={add} />
      )}

      {dialog?.kind === 'form' && (
        <DeviceForm
          editing={dialog.device}
          initial={
            dialog.device ? deviceDraftOf(dialog.device, infoOf(dialog.device.type)) : newDeviceDraft(dialog.parentId)
          }
          devices={list}
          types={types}
          onClose={close}
          onSave={async (body) => {
            if (dialog.device) await updateDevice(dialog.device.id, body);
            else await createDevice(siteId, body);
            done('saved', body.name ?? '');
          }}
        />
      )}
      {dialog?.kind === 'move' && (
        <MoveDialog
          device={dialog.device}
          devices={list}
          info={infoOf(dialog.device.type)}
          onClose={close}
          onMove={async (parentId) => {
            await updateDevice(dialog.device.id, { parentId });
            done('moved', deviceName(dialog.device, lng));
          }}
        />
      )}
      {dialog?.kind === 'confirm' && (
        <ConfirmDialog
          title={t(`devicesAdmin:confirmDevice.${dialog.action}.title`, { name: deviceName(dialog.device, lng) })}
          text={t(`devicesAdmin:confirmDevice.${dialog.action}.text`)}
          confirm={t(`devicesAdmin:confirmDevice.${dialog.action}.confirm`)}
          onConfirm={() => confirmed(dialog.action, dialog.device)}
          onClose={close}
        />
      )}
    </>
  );
}
