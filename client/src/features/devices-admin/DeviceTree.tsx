// A site's devices as its electrical tree, one row each, indented under its parent (meter → breaker →
// busbar → feeders → transformers → inverters or turbines; sensors and cameras), with its type, model,
// firmware and state; a decommissioned device stays in its place, dimmed and marked.
import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { IconArrowBack, IconArrowsUpDown, IconPencil, IconPlus, IconTrash, IconX } from '../../ui/icons.tsx';
import classes from './devicesAdmin.module.css';
import { treeRows } from './deviceTree.ts';
import type { ManagedDevice } from './fleetAdminApi.ts';

export type DeviceAction = 'add' | 'edit' | 'move' | 'decommission' | 'restore' | 'delete';

const stateColor = { online: 'teal', offline: 'gray', fault: 'red', maintenance: 'yellow' } as const;

interface Props {
  devices: readonly ManagedDevice[];
  onAction: (action: DeviceAction, device: ManagedDevice) => void;
}

export function DeviceTree({ devices, onAction }: Props) {
  const { t } = useTranslation(['devicesAdmin']);
  const lng = useLanguage();
  const button = (action: DeviceAction, device: ManagedDevice, icon: ReactNode, color?: string) => {
    const label = t(`devicesAdmin:deviceAction.${action}`, { name: device.name });
    return (
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          {...(color && { color })}
          aria-label={label}
          onClick={() => onAction(action, device)}
          data-testid={`device-${action}`}
        >
          {icon}
        </ActionIcon>
      </Tooltip>
    );
  };

  return (
    <Table.ScrollContainer minWidth={820}>
      <Table highlightOnHover verticalSpacing={6} data-testid="device-tree">
        <Table.Thead>
          <Table.Tr>
            {(['name', 'type', 'model', 'firmware', 'state'] as const).map((c) => (
              <Table.Th key={c}>{t(`devicesAdmin:devices.columns.${c}`)}</Table.Th>
            ))}
            <Table.Th>
              <span className={classes.hidden}>{t('devicesAdmin:devices.columns.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {treeRows(devices, lng).map(({ device, depth }) => {
            const retired = device.decommissionedAt !== null;
            return (
              <Table.Tr
                key={device.id}
                data-testid="device-row"
                data-device={device.id}
                data-depth={depth}
                data-parent={device.parentId ?? ''}
                className={retired ? classes.decommissioned : undefined}
              >
                <Table.Td>
                  <div className={classes.treeName} style={{ '--depth': depth } as CSSProperties}>
                    <Text size="sm" fw={depth === 0 ? 600 : 500}>
                      {device.name}
                    </Text>
                    <Text size="xs" c="dimmed" dir="ltr" className={classes.code}>
                      {device.id}
                    </Text>
                  </div>
                </Table.Td>
                <Table.Td>{t(`devicesAdmin:type.${device.type}`)}</Table.Td>
                <Table.Td>{device.model}</Table.Td>
                <Table.Td dir="ltr">{device.firmware}</Table.Td>
                <Table.Td data-testid="device-state">
                  {retired ? (
                    <Badge variant="outline" color="gray">
                      {t('devicesAdmin:devices.decommissioned', {
                        date: formatDate(lng, device.decommissionedAt ?? 0),
                      })}
                    </Badge>
                  ) : device.maintenance ? (
                    <Tooltip label={t('devicesAdmin:devices.maintenanceBy', { ...device.maintenance })}>
                      <Badge variant="light" color="yellow">
                        {t('devicesAdmin:state.maintenance')}
                      </Badge>
                    </Tooltip>
                  ) : (
                    <Badge variant="light" color={stateColor[device.state]}>
                      {t(`devicesAdmin:state.${device.state}`)}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={2} wrap="nowrap">
                    {!retired && button('add', device, <IconPlus size={16} />)}
                    {button('edit', device, <IconPencil size={16} />)}
                    {!retired && button('move', device, <IconArrowsUpDown size={16} />)}
                    {retired
                      ? button('restore', device, <IconArrowBack size={16} />, 'teal')
                      : button('decommission', device, <IconX size={16} />, 'orange')}
                    {button('delete', device, <IconTrash size={16} />, 'red')}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
