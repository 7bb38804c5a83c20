// The status grid's table: a row per device of the page, its state and last word live (read once a
// second by the shared clock, each live cell on its own: the table itself re-renders only when the list
// is read again, filtered, sorted or paged), its name leading to its own page, and its maintenance
// action for those who may.
import { Button, Table, Text, Tooltip } from '@mantine/core';
import type { Language } from '@voltscope/shared/i18n';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { devicePath } from '../../data/deviceLink.ts';
import {
  formatDateTimeSeconds,
  formatNumber,
  formatPercent,
  formatRelativeTime,
  localDigits,
} from '../../i18n/format.ts';
import { type DeviceSeriesInfo, liveStatus } from '../../live/deviceStatus.ts';
import { liveStore } from '../../live/liveStore.ts';
import { useSecondClock } from '../../live/secondClock.ts';
import { SeverityBadge } from '../../logs/SeverityBadge.tsx';
import { SortButton } from '../../logs/SortButton.tsx';
import { DeviceStatusBadge } from '../../ui/DeviceStatusBadge.tsx';
import { ScrollingTable } from '../../ui/ScrollingTable.tsx';
import classes from './devicesStatus.module.css';
import type { RowWords, Sort, SortKey, StatusRow } from './statusRows.ts';

export interface TableProps {
  rows: readonly StatusRow[];
  series: ReadonlyMap<string, DeviceSeriesInfo>;
  words: RowWords;
  lng: Language;
  sort: Sort;
  onSort: (key: SortKey) => void;
  /** Null when the reader may not put devices into maintenance. */
  onMaintenance: ((row: StatusRow) => void) | null;
  controlRoom: boolean;
}

const columns: { key: SortKey | null; label: string }[] = [
  { key: 'state', label: 'state' },
  { key: 'name', label: 'name' },
  { key: 'site', label: 'site' },
  { key: 'type', label: 'type' },
  { key: 'model', label: 'model' },
  { key: 'lastSeen', label: 'lastSeen' },
  { key: 'quality', label: 'quality' },
  { key: 'alarms', label: 'alarms' },
];

export function StatusTable(props: TableProps) {
  const { t } = useTranslation(['devicesStatus']);
  const { sort, onSort } = props;
  const said = (key: SortKey) =>
    sort.key === key
      ? t(`devicesStatus:sort.${sort.order === 'asc' ? 'ascending' : 'descending'}`)
      : t('devicesStatus:sort.none');
  const head = (
    <>
      {columns.map(({ key, label }) => (
        <Table.Th
          key={label}
          aria-sort={key && sort.key === key ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
        >
          {key ? (
            <SortButton
              order={sort.key === key ? sort.order : null}
              said={said(key)}
              onClick={() => onSort(key)}
              testId={`sort-${key}`}
            >
              {t(`devicesStatus:columns.${label as 'state'}`)}
            </SortButton>
          ) : null}
        </Table.Th>
      ))}
      {props.onMaintenance && <Table.Th>{t('devicesStatus:columns.actions')}</Table.Th>}
    </>
  );
  return (
    <ScrollingTable
      minWidth={1100}
      head={head}
      striped
      highlightOnHover
      verticalSpacing="xs"
      data-testid="status-table"
    >
      {props.rows.map((row) => (
        <StatusLine
          key={row.id}
          row={row}
          info={props.series.get(row.id)}
          words={props.words}
          lng={props.lng}
          onMaintenance={props.onMaintenance}
          controlRoom={props.controlRoom}
        />
      ))}
    </ScrollingTable>
  );
}

type LineProps = Omit<TableProps, 'rows' | 'series' | 'sort' | 'onSort'> & {
  row: StatusRow;
  info: DeviceSeriesInfo | undefined;
};

const StatusLine = memo(function StatusLine({ row, info, words, lng, onMaintenance, controlRoom }: LineProps) {
  const { t } = useTranslation(['devicesStatus', 'common']);
  const name = words.name(row);
  const quality = row.dataQuality;
  return (
    <Table.Tr data-testid="status-row" data-device={row.id}>
      <Table.Td>
        <LiveState row={row} info={info} controlRoom={controlRoom} />
      </Table.Td>
      <Table.Td>
        <Link to={devicePath(row.id)} className={classes.name} data-testid="device-link">
          {name}
        </Link>
        <Text size="xs" c="dimmed" className={classes.id}>
          {row.id}
        </Text>
      </Table.Td>
      <Table.Td>{words.site(row)}</Table.Td>
      <Table.Td>{words.type(row)}</Table.Td>
      <Table.Td>
        <Text size="sm">{row.model || '—'}</Text>
        {row.firmware && (
          <Text size="xs" c="dimmed">
            {localDigits(lng, row.firmware)}
          </Text>
        )}
      </Table.Td>
      <Table.Td className={classes.time}>
        <LiveLastSeen row={row} info={info} lng={lng} />
      </Table.Td>
      <Table.Td className={classes.number} data-testid="quality">
        {quality === null ? (
          <Text size="sm" c="dimmed">
            {t('devicesStatus:quality.none')}
          </Text>
        ) : (
          <Tooltip label={t('devicesStatus:quality.label', { value: formatPercent(lng, quality) })}>
            <span>{formatPercent(lng, quality)}</span>
          </Tooltip>
        )}
      </Table.Td>
      <Table.Td data-testid="alarms">
        {row.alarms.highest ? (
          <span className={classes.alarms}>
            <SeverityBadge severity={row.alarms.highest} />
            <span>{formatNumber(lng, row.alarms.open)}</span>
          </span>
        ) : (
          <Text size="sm" c="dimmed">
            {t('devicesStatus:alarms.none')}
          </Text>
        )}
      </Table.Td>
      {onMaintenance && (
        <Table.Td>
          <Button
            size="compact-sm"
            variant={row.maintenance ? 'light' : 'default'}
            onClick={() => onMaintenance(row)}
            aria-label={`${t(row.maintenance ? 'devicesStatus:maintenance.lift' : 'devicesStatus:maintenance.put')} — ${name}`}
            data-testid={row.maintenance ? 'maintenance-lift' : 'maintenance-put'}
          >
            {t(row.maintenance ? 'devicesStatus:maintenance.lift' : 'devicesStatus:maintenance.put')}
          </Button>
          {row.maintenance && (
            <Text size="xs" c="dimmed" lineClamp={2} className={classes.reason} data-testid="maintenance-reason-text">
              {row.maintenance.reason}
            </Text>
          )}
        </Table.Td>
      )}
    </Table.Tr>
  );
});

function LiveState({
  row,
  info,
  controlRoom,
}: {
  row: StatusRow;
  info: DeviceSeriesInfo | undefined;
  controlRoom: boolean;
}) {
  const now = useSecondClock();
  return <DeviceStatusBadge state={liveStatus(row, info, liveStore, now).state} controlRoom={controlRoom} />;
}

/** "12 seconds ago", ticking; the exact time in its tooltip. */
export function LiveLastSeen({
  row,
  info,
  lng,
}: {
  row: StatusRow;
  info: DeviceSeriesInfo | undefined;
  lng: Language;
}) {
  const { t } = useTranslation(['devicesStatus']);
  const now = useSecondClock();
  const { lastSeen } = liveStatus(row, info, liveStore, now);
  if (lastSeen === null)
    return (
      <Text size="sm" c="dimmed">
        {t('devicesStatus:lastSeen.never')}
      </Text>
    );
  return (
    <Tooltip label={formatDateTimeSeconds(lng, lastSeen)}>
      <time dateTime={new Date(lastSeen).toISOString()} data-testid="last-seen">
        {formatRelativeTime(lng, Math.min(lastSeen, now), now)}
      </time>
    </Tooltip>
  );
}
