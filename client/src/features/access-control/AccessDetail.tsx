// One door entry in full: when, where, who (badge, holder), the result and its reason, and the alarm it
// raised with its state and a link to it (the console for an open alarm, the log for a closed one).
import { Alert, Anchor, Badge, Drawer, Group, Loader, Stack, Table, Text, useDirection } from '@mantine/core';
import type { Alarm } from '@voltscope/shared/alarms';
import type { AccessEvent } from '@voltscope/shared/contracts/access';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResource } from '../../data/useResource.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { formatStamp } from '../../logs/logTime.ts';
import { call } from '../../session/api.ts';
import classes from './accessLog.module.css';
import { resultColor } from './accessLogView.ts';

const alarmPath = (alarm: Pick<Alarm, 'id' | 'siteId' | 'state'>): string =>
  alarm.state === 'closed'
    ? `/alarm/history?${new URLSearchParams({ alarm: String(alarm.id) })}`
    : `/alarm/realtime?${new URLSearchParams({ site: alarm.siteId, alarm: String(alarm.id) })}`;

function AlarmLine({ alarmId }: { alarmId: number }) {
  const { t } = useTranslation(['accessLog', 'common']);
  const lng = useLanguage();
  const detail = useResource(call('GET /api/alarms/:id', { params: { id: alarmId } }));
  if (detail.status === 'loading') {
    return (
      <Group gap="xs">
        <Loader size="xs" />
        <Text size="sm">{t('accessLog:detail.alarmLoading')}</Text>
      </Group>
    );
  }
  if (detail.status === 'error') return <Text size="sm">{t('accessLog:detail.alarmError')}</Text>;
  const { alarm } = detail.data;
  return (
    <Stack gap={4} data-testid="access-detail-alarm">
      <Text size="sm" fw={500}>
        {alarm.message[lng]}
      </Text>
      <Group gap="xs">
        <Badge variant="light" color={alarm.state === 'closed' ? 'gray' : 'red'}>
          {t(`accessLog:states.${alarm.state}`)}
        </Badge>
        <Anchor component={Link} to={alarmPath(alarm)} size="sm" data-testid="access-detail-alarm-link">
          {t('accessLog:detail.openAlarm')}
        </Anchor>
      </Group>
    </Stack>
  );
}

export function AccessDetail({
  entry,
  doorName,
  siteName,
  timeZone,
  onClose,
}: {
  entry: AccessEvent | null;
  doorName: (id: string) => string;
  siteName: (id: string) => string;
  timeZone: (siteId: string) => string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['accessLog', 'common']);
  const lng = useLanguage();
  // The drawer opens from the end of the line: the left in right-to-left pages.
  const { dir } = useDirection();
  const rows: [string, ReactNode][] = entry
    ? [
        [t('accessLog:detail.when'), formatStamp(lng, timeZone(entry.siteId), entry.ts)],
        [t('accessLog:columns.site'), siteName(entry.siteId)],
        [t('accessLog:columns.door'), doorName(entry.deviceId)],
        [t('accessLog:columns.person'), entry.person ?? t('accessLog:unknownPerson')],
        [
          t('accessLog:columns.badge'),
          entry.badge ? (
            <bdi key="badge" className={classes.badge}>
              {entry.badge}
            </bdi>
          ) : (
            t('accessLog:noBadge')
          ),
        ],
        [t('accessLog:detail.holder'), entry.holder ? t(`accessLog:holders.${entry.holder as 'crew'}`) : '—'],
        [
          t('accessLog:columns.result'),
          <Badge key="result" variant="light" color={resultColor[entry.result]}>
            {t(`accessLog:results.${entry.result}`)}
          </Badge>,
        ],
        [t('accessLog:columns.reason'), entry.reason ? t(`accessLog:reasons.${entry.reason}`) : '—'],
      ]
    : [];
  return (
    <Drawer
      opened={entry !== null}
      onClose={onClose}
      position={dir === 'rtl' ? 'left' : 'right'}
      title={t('accessLog:detail.title')}
      closeButtonProps={{ 'aria-label': t('accessLog:detail.close') }}
      data-testid="access-detail"
    >
      {entry && (
        <Stack gap="md">
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label}>
                  <Table.Th w={130}>{label}</Table.Th>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Stack gap={6}>
            <Text fw={600}>{t('accessLog:detail.alarm')}</Text>
            {entry.alarmId === null ? (
              <Alert variant="light" color="gray">
                {t('accessLog:detail.noAlarm')}
              </Alert>
            ) : (
              <AlarmLine key={entry.alarmId} alarmId={entry.alarmId} />
            )}
          </Stack>
        </Stack>
      )}
    </Drawer>
  );
}
