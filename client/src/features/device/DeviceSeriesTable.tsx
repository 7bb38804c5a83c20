// A device's series with their latest values and units, live: each value is read from the live store
// once a second (the shared clock), never per sample, falling back to what the page was given.
import { Table, Text } from '@mantine/core';
import type { Language } from '@voltscope/shared/i18n';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatRelativeTime } from '../../i18n/format.ts';
import { seriesName } from '../../i18n/seriesName.ts';
import { liveStore } from '../../live/liveStore.ts';
import { useSecondClock } from '../../live/secondClock.ts';
import { ScrollingTable } from '../../ui/ScrollingTable.tsx';

export interface SeriesLine {
  id: number;
  key: string;
  unit: string;
  latest: { ts: number; value: number } | null;
}

function newest(line: SeriesLine) {
  const live = liveStore.latest(line.id);
  return live && (!line.latest || live.ts >= line.latest.ts) ? live : line.latest;
}

function LiveValue({ line, lng }: { line: SeriesLine; lng: Language }) {
  const { t } = useTranslation(['device']);
  const now = useSecondClock();
  const sample = newest(line);
  if (!sample) {
    return (
      <>
        <Table.Td c="dimmed">{t('device:series.noValue')}</Table.Td>
        <Table.Td />
      </>
    );
  }
  const digits = Math.abs(sample.value) >= 100 || Number.isInteger(sample.value) ? 0 : 2;
  return (
    <>
      <Table.Td data-testid="series-value" style={{ fontVariantNumeric: 'tabular-nums', textAlign: 'end' }}>
        <bdi>
          {formatNumber(lng, sample.value, digits)}
          {line.unit ? ` ${line.unit}` : ''}
        </bdi>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatRelativeTime(lng, Math.min(sample.ts, now), now)}</Table.Td>
    </>
  );
}

export function DeviceSeriesTable({ lines, lng }: { lines: readonly SeriesLine[]; lng: Language }) {
  const { t } = useTranslation(['device']);
  if (lines.length === 0) return <Text c="dimmed">{t('device:series.none')}</Text>;
  return (
    <ScrollingTable
      minWidth={420}
      striped
      verticalSpacing={4}
      data-testid="device-series"
      head={
        <>
          <Table.Th>{t('device:series.key')}</Table.Th>
          <Table.Th style={{ textAlign: 'end' }}>{t('device:series.value')}</Table.Th>
          <Table.Th>{t('device:series.time')}</Table.Th>
        </>
      }
    >
      {lines.map((line) => (
        <Table.Tr key={line.id} data-series={line.key}>
          <Table.Td>
            <Text size="sm" data-testid="series-name">
              {seriesName(lng, line.key)}
            </Text>
            <Text component="code" size="xs" c="dimmed" ff="monospace" dir="ltr">
              {line.key}
            </Text>
          </Table.Td>
          <LiveValue line={line} lng={lng} />
        </Table.Tr>
      ))}
    </ScrollingTable>
  );
}
