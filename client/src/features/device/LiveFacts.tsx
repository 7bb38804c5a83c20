// The device's facts that move: its state and last word (live, read once a second), its data quality
// and open alarms (as the status list last said).
import { Stack, Text } from '@mantine/core';
import type { Language } from '@voltscope/shared/i18n';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTimeSeconds, formatNumber, formatPercent, formatRelativeTime } from '../../i18n/format.ts';
import { type DeviceSeriesInfo, liveStatus } from '../../live/deviceStatus.ts';
import { liveStore } from '../../live/liveStore.ts';
import { useSecondClock } from '../../live/secondClock.ts';
import { SeverityBadge } from '../../logs/SeverityBadge.tsx';
import type { Reply } from '../../session/api.ts';
import { DeviceStatusBadge } from '../../ui/DeviceStatusBadge.tsx';

type Row = Reply<'GET /api/devices/status'>[number];

export function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="div" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

export function LiveFacts({
  row,
  info,
  lng,
  controlRoom,
}: {
  row: Row;
  info: DeviceSeriesInfo | undefined;
  lng: Language;
  controlRoom: boolean;
}) {
  const { t } = useTranslation(['device', 'devicesStatus']);
  const now = useSecondClock();
  const { state, lastSeen } = liveStatus(row, info, liveStore, now);
  const percent = row.dataQuality === null ? null : formatPercent(lng, row.dataQuality);
  return (
    <>
      <Fact label={t('device:facts.state')} value={<DeviceStatusBadge state={state} controlRoom={controlRoom} />} />
      <Fact
        label={t('device:facts.lastSeen')}
        testId="device-last-seen"
        value={
          lastSeen === null ? (
            t('devicesStatus:lastSeen.never')
          ) : (
            <time dateTime={new Date(lastSeen).toISOString()} title={formatDateTimeSeconds(lng, lastSeen)}>
              {formatRelativeTime(lng, Math.min(lastSeen, now), now)}
            </time>
          )
        }
      />
      <Fact
        label={t('devicesStatus:columns.quality')}
        value={percent === null ? t('devicesStatus:quality.none') : <bdi>{percent}</bdi>}
      />
      <Fact
        label={t('devicesStatus:columns.alarms')}
        value={
          row.alarms.highest ? (
            <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
              <SeverityBadge severity={row.alarms.highest} />
              {formatNumber(lng, row.alarms.open)}
            </span>
          ) : (
            t('devicesStatus:alarms.none')
          )
        }
      />
    </>
  );
}
