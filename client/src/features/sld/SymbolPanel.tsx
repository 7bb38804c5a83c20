// The side panel of a clicked symbol: its device's name and type, every series of it with its newest
// value (written by the site's binder, not rendered per frame), its open alarms with Acknowledge (for
// who may), and a link to its device page.
import { Anchor, Badge, Button, Drawer, Group, Stack, Table, Text } from '@mantine/core';
import type { Alarm } from '@voltscope/shared/alarms';
import type { SldSymbol } from '@voltscope/shared/sld/model';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isPresented, isUnacknowledged } from '../../alarmFeed/alarmView.ts';
import { useAlarmFeedState } from '../../alarmFeed/hooks.ts';
import { PriorityIcon } from '../../alarmFeed/PriorityIcon.tsx';
import { isActiveAlarm } from '../../alarmFeed/siteAlarms.ts';
import { devicePath } from '../../data/deviceLink.ts';
import { deviceName } from '../../data/deviceName.ts';
import { useResource } from '../../data/useResource.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { useAbility } from '../../session/ability.ts';
import { call } from '../../session/api.ts';
import { acknowledge } from '../alarms/alarmActions.ts';
import { LiveBinder, setText } from '../overview/liveBinding.ts';
import { formatValue, freshValue } from './liveDiagram.ts';

export function SymbolPanel({
  siteId,
  symbol,
  onClose,
}: {
  siteId: string;
  symbol: SldSymbol | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['sld', 'common']);
  return (
    <Drawer
      opened={symbol !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={t('panel.title')}
      data-testid="sld-panel"
    >
      {symbol && <PanelBody key={symbol.id} siteId={siteId} symbol={symbol} />}
    </Drawer>
  );
}

function PanelBody({ siteId, symbol }: { siteId: string; symbol: SldSymbol }) {
  const { t } = useTranslation(['sld', 'devicesStatus', 'common']);
  const deviceId = symbol.deviceId;
  if (!deviceId) {
    return <Text data-testid="sld-panel-name">{symbol.label ?? t(`sld:kind.${symbol.kind}`)}</Text>;
  }
  return <DeviceBody siteId={siteId} deviceId={deviceId} />;
}

function DeviceBody({ siteId, deviceId }: { siteId: string; deviceId: string }) {
  const { t } = useTranslation(['sld', 'devicesStatus', 'common']);
  const lng = useLanguage();
  const detail = useResource(call('GET /api/devices/:id', { params: { id: deviceId } }));
  const mayAck = useAbility().can('acknowledge', 'Alarm');
  const alarms = useAlarmFeedState((s) => s.alarms);
  const own = alarms.filter(
    (a) => a.deviceId === deviceId && (isActiveAlarm(a) || (isPresented(a) && a.state === 'rtn_unacknowledged')),
  );
  const tableRef = useRef<HTMLTableSectionElement>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const series = detail.status === 'ready' ? detail.data.series : null;

  useEffect(() => {
    if (!series) return;
    const binder = new LiveBinder(siteId);
    const stop = binder.start();
    const remove = binder.add((now) => {
      for (const entry of series) {
        const cell = tableRef.current?.querySelector(`[data-series="${CSS.escape(entry.key)}"]`);
        const value = freshValue(binder, entry, now);
        setText(cell, value === null ? '—' : formatValue(lng, value, entry.unit));
      }
    });
    return () => {
      remove();
      stop();
    };
  }, [series, siteId, lng]);

  if (detail.status !== 'ready') return <Text c="dimmed">{t('sld:loading')}</Text>;
  const device = detail.data;
  const ack = async (alarm: Alarm) => {
    setBusy(alarm.id);
    try {
      await acknowledge([alarm.id]);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="md">
      <Stack gap={2}>
        <Text fw={600} size="lg" data-testid="sld-panel-name">
          {deviceName(device, lng)}
        </Text>
        <Group gap="xs">
          <Badge variant="light">{t(`devicesStatus:type.${device.type}`)}</Badge>
          {device.state === 'maintenance' && <Badge color="blue">{t('sld:state.maintenance')}</Badge>}
        </Group>
      </Stack>
      <Table withRowBorders={false} verticalSpacing={4}>
        <Table.Tbody ref={tableRef}>
          {device.series.map((s) => (
            <Table.Tr key={s.key}>
              <Table.Td>{s.key}</Table.Td>
              <Table.Td data-series={s.key} style={{ textAlign: 'end', fontVariantNumeric: 'tabular-nums' }}>
                —
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Stack gap="xs" data-testid="sld-panel-alarms">
        <Text fw={600}>{t('sld:panel.alarms')}</Text>
        {own.length === 0 && <Text c="dimmed">{t('sld:panel.noAlarms')}</Text>}
        {own.map((alarm) => (
          <Group key={alarm.id} gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap">
              <PriorityIcon priority={alarm.priority} />
              <Stack gap={0}>
                <Text size="sm">{alarm.message[lng] ?? alarm.message.en}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(lng, alarm.raisedAt)}
                </Text>
              </Stack>
            </Group>
            {mayAck && isUnacknowledged(alarm) && (
              <Button size="xs" loading={busy === alarm.id} onClick={() => ack(alarm)}>
                {t('sld:panel.acknowledge')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      <Anchor component={Link} to={devicePath(device.id)} data-testid="sld-panel-device-link">
        {t('sld:panel.devicePage')}
      </Anchor>
    </Stack>
  );
}
