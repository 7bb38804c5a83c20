// A unit's trips (an inverter's, a turbine's): each time a fault code stopped it over the last 90 days,
// newest first, with what the code means for its model and what to do, when it started, how long it
// lasted (or that it is still on) and the energy lost. Kept after the code has reset: it is what says
// why the unit tripped once the live values are back to normal. Asked again each minute.
import { Alert, Badge, Card, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { capitalised, decodeFault, faultText } from '@voltscope/shared/faultCodes';
import type { Device, Trip } from '@voltscope/shared/fleet';
import type { Language } from '@voltscope/shared/i18n';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useKept } from '../../data/useKept.ts';
import { formatDateTime, formatNumber, localDigits } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { call } from '../../session/api.ts';
import { ScrollingTable } from '../../ui/ScrollingTable.tsx';
import { PriorityBadge } from '../alarm-rules/PriorityBadge.tsx';
import { plantFormats } from './format.ts';

const REFRESH_MS = 60_000;
const MINUTE = 60_000;

/** A duration in whole minutes (seconds under one), in the language's words and digits. */
function duration(t: TFunction<['wind']>, lng: Language, ms: number): string {
  if (ms < MINUTE) return t('wind:trips.seconds', { s: formatNumber(lng, Math.round(ms / 1000)) });
  const minutes = Math.round(ms / MINUTE);
  const h = Math.floor(minutes / 60);
  const m = formatNumber(lng, minutes % 60);
  return h === 0 ? t('wind:trips.minutes', { m }) : t('wind:trips.hours', { h: formatNumber(lng, h), m });
}

export function TripLog({ device }: { device: Pick<Device, 'id' | 'model'> }) {
  const { t } = useTranslation(['wind', 'common']);
  const lng = useLanguage();
  const log = useKept(call('GET /api/devices/:id/trips', { params: { id: device.id }, query: {} }), REFRESH_MS);
  const f = plantFormats(lng);

  const row = (trip: Trip) => {
    const fault = decodeFault(trip.code, device.model);
    const on = trip.endedAt === null;
    return (
      <Table.Tr key={trip.alarmId} data-testid="trip-row" data-code={trip.code} data-ongoing={on || undefined}>
        <Table.Td>{formatDateTime(lng, trip.startedAt)}</Table.Td>
        <Table.Td>
          <Stack gap={2}>
            <Text size="sm" fw={600} data-testid="trip-fault">
              {localDigits(lng, capitalised(faultText(fault, lng), lng))}
            </Text>
            <Text size="sm" c="dimmed" data-testid="trip-advice">
              {fault.advice[lng]}
            </Text>
          </Stack>
        </Table.Td>
        <Table.Td>
          <PriorityBadge priority={fault.severity} />
        </Table.Td>
        <Table.Td data-testid="trip-duration">
          {on ? (
            <Stack gap={2} align="flex-start">
              <Badge variant="outline" color="gray" radius="sm" tt="none">
                {t('wind:trips.ongoing')}
              </Badge>
              <Text size="sm">{t('wind:trips.soFar', { duration: duration(t, lng, trip.durationMs) })}</Text>
            </Stack>
          ) : (
            duration(t, lng, trip.durationMs)
          )}
        </Table.Td>
        <Table.Td ta="end" data-testid="trip-lost">
          {trip.lostKwh === null ? (
            <Text size="sm" c="dimmed">
              {t('wind:trips.noEstimate')}
            </Text>
          ) : (
            f.energy(trip.lostKwh)
          )}
        </Table.Td>
      </Table.Tr>
    );
  };

  return (
    <Card component="section" aria-labelledby="trips-title" data-testid="trip-log">
      <Title order={3} fz="lg" fw={600} id="trips-title">
        {t('wind:trips.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('wind:trips.hint')}
      </Text>
      {log.data ? (
        log.data.trips.length === 0 ? (
          <Text c="dimmed" data-testid="trips-empty">
            {t('wind:trips.empty')}
          </Text>
        ) : (
          <>
            <ScrollingTable
              minWidth={720}
              striped
              data-testid="trip-table"
              head={
                <>
                  <Table.Th>{t('wind:trips.started')}</Table.Th>
                  <Table.Th>{t('wind:trips.fault')}</Table.Th>
                  <Table.Th>{t('wind:trips.severity')}</Table.Th>
                  <Table.Th>{t('wind:trips.duration')}</Table.Th>
                  <Table.Th ta="end">{t('wind:trips.lost')}</Table.Th>
                </>
              }
            >
              {log.data.trips.map(row)}
            </ScrollingTable>
            {log.data.truncated && (
              <Text size="sm" c="dimmed" mt="xs">
                {t('wind:trips.truncated', { n: formatNumber(lng, log.data.trips.length) })}
              </Text>
            )}
          </>
        )
      ) : log.error ? (
        <Alert color="red" variant="light" role="alert">
          {t('wind:trips.loadError')}
        </Alert>
      ) : (
        <Skeleton h={120} radius="md" />
      )}
    </Card>
  );
}
