// A site's devices as its electrical tree, one row each, indented under its parent (meter → breaker →
// busbar → feeders → transformers → inverters or turbines; sensors and cameras), with its type, model,
// firmware and state; a decommissioned device stays in its place, dimmed and marked. A branch folds away;
// a filter shows the devices it matches in their place, with the devices above them.
import { ActionIcon, Badge, Button, Group, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { type CSSProperties, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceName } from '../../data/deviceName.ts';
import { formatDate, formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import {
  IconArrowBack,
  IconArrowsUpDown,
  IconChevronDown,
  IconChevronEnd,
  IconPencil,
  IconPlus,
  IconSearch,
  IconTrash,
  IconX,
} from '../../ui/icons.tsx';
import classes from './devicesAdmin.module.css';
import { hasChildren, shownRows, treeRows } from './deviceTree.ts';
import type { ManagedDevice } from './fleetAdminApi.ts';

export type DeviceAction = 'add' | 'edit' | 'move' | 'decommission' | 'restore' | 'delete';

const stateColor = { online: 'teal', offline: 'gray', fault: 'red', maintenance: 'yellow' } as const;

interface Props {
  devices: readonly ManagedDevice[];
  /** At the end of the tree's toolbar (the button that adds a device). */
  toolbar?: ReactNode;
  onAction: (action: DeviceAction, device: ManagedDevice) => void;
}

export function DeviceTree({ devices, toolbar, onAction }: Props) {
  const { t } = useTranslation(['devicesAdmin']);
  const lng = useLanguage();
  const [query, setQuery] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const rows = treeRows(devices, lng);
  const needle = query.trim().toLocaleLowerCase(lng);
  const matches = (d: ManagedDevice) =>
    [deviceName(d, lng), d.name, d.id, d.model, d.firmware, t(`devicesAdmin:type.${d.type}`)].some((text) =>
      text.toLocaleLowerCase(lng).includes(needle),
    );
  const shown = shownRows(rows, collapsed, needle === '' ? null : matches);
  const parents = rows.filter((_, i) => hasChildren(rows, i)).map((r) => r.device.id);
  const toggle = (id: string) =>
    setCollapsed((set) => {
      const next = new Set(set);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const button = (action: DeviceAction, device: ManagedDevice, icon: ReactNode, color?: string) => {
    const label = t(`devicesAdmin:deviceAction.${action}`, { name: deviceName(device, lng) });
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
    <>
      <Group gap="sm" mb="xs" align="center">
        <TextInput
          aria-label={t('devicesAdmin:devices.filter')}
          placeholder={t('devicesAdmin:devices.filter')}
          leftSection={<IconSearch size={16} />}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          data-testid="device-filter"
        />
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => setCollapsed(collapsed.size > 0 ? new Set() : new Set(parents))}
          disabled={needle !== ''}
        >
          {collapsed.size > 0 ? t('devicesAdmin:devices.expandAll') : t('devicesAdmin:devices.collapseAll')}
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite" me="auto">
          {t('devicesAdmin:devices.shown', {
            shown: formatNumber(lng, shown.length),
            total: formatNumber(lng, rows.length),
          })}
        </Text>
        {toolbar}
      </Group>
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
            {shown.map(({ device, depth }) => {
              const retired = device.decommissionedAt !== null;
              const name = deviceName(device, lng);
              const folds = needle === '' && parents.includes(device.id);
              const open = !collapsed.has(device.id);
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
                    <Group
                      gap={4}
                      wrap="nowrap"
                      className={classes.treeName}
                      style={{ '--depth': depth } as CSSProperties}
                    >
                      {folds ? (
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="sm"
                          aria-expanded={open}
                          aria-label={t(`devicesAdmin:devices.${open ? 'collapse' : 'expand'}`, { name })}
                          onClick={() => toggle(device.id)}
                          data-testid="device-fold"
                        >
                          {open ? <IconChevronDown size={14} /> : <IconChevronEnd size={14} />}
                        </ActionIcon>
                      ) : (
                        <span className={classes.foldSpace} />
                      )}
                      <div>
                        <Text size="sm" fw={depth === 0 ? 600 : 500}>
                          {name}
                        </Text>
                        <Text size="xs" c="dimmed" dir="ltr" className={classes.code}>
                          {device.id}
                        </Text>
                      </div>
                    </Group>
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
      {shown.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('devicesAdmin:devices.noMatch')}
        </Text>
      )}
    </>
  );
}
