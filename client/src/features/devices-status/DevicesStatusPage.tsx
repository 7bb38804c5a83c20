// Devices Status (seed menu): every device the reader may read, the worst first, with its state and
// last word live, its data quality and open alarms; filtered by site, type, state and words, sorted by
// any column, in pages of 5 to 100 (all kept in the address), exported as CSV as filtered. Operators
// put a device into maintenance with a reason, and back, from its row.
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { logPageSizes } from '@voltscope/shared/alarms';
import { type DeviceStatusState, deviceStatusStates } from '@voltscope/shared/contracts/fleetAdmin';
import { deviceTypes } from '@voltscope/shared/fleet';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePalette } from '../../app/settings/usePalette.ts';
import { putBackInService, putIntoMaintenance } from '../../data/deviceMaintenance.ts';
import { deviceName } from '../../data/deviceName.ts';
import { useSites } from '../../data/sites.ts';
import { formatRelativeTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { LogPager } from '../../logs/LogPager.tsx';
import { useAbility } from '../../session/ability.ts';
import { IconRefresh } from '../../ui/icons.tsx';
import { MaintenanceDialog, type MaintenanceRequest } from '../../ui/MaintenanceDialog.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { CsvButton } from './CsvButton.tsx';
import { StateCounts, StatusFilters } from './StatusFilters.tsx';
import { StatusTable } from './StatusTable.tsx';
import {
  filterRows,
  pageOf,
  type RowWords,
  type Sort,
  type SortKey,
  type StatusFilter,
  type StatusRow,
  sortKeys,
  sortRows,
} from './statusRows.ts';
import { useDevicesStatus } from './useDevicesStatus.ts';

const DEFAULT_SIZE = 25;
const pick = <T extends string>(value: string | null, allowed: readonly T[]): T | null =>
  allowed.find((v) => v === value) ?? null;

/** The choices kept in the address: `?site=&type=&state=&q=&sort=lastSeen.desc&page=2&size=50`. */
function readParams(params: URLSearchParams) {
  const [key, order] = (params.get('sort') ?? '').split('.');
  const sort: Sort = {
    key: pick(key ?? null, sortKeys) ?? 'state',
    order: order === 'desc' ? 'desc' : 'asc',
  };
  const filter: StatusFilter = {
    site: params.get('site'),
    type: pick(params.get('type'), deviceTypes),
    state: pick(params.get('state'), deviceStatusStates),
    text: params.get('q') ?? '',
  };
  const size = logPageSizes.find((s) => s === Number(params.get('size'))) ?? DEFAULT_SIZE;
  return { sort, filter, size, page: Math.max(1, Number(params.get('page')) || 1) };
}

export function DevicesStatusPage() {
  const { t } = useTranslation(['devicesStatus', 'common', 'events', 'validation']);
  const lng = useLanguage();
  const controlRoom = usePalette() === 'control-room';
  const mayMaintain = useAbility().can('outOfService', 'Device');
  const { data, error, receivedAt, refresh, series } = useDevicesStatus();
  const sites = useSites();
  const siteData = sites.status === 'ready' ? sites.data : null;
  const siteList = useMemo(() => siteData ?? [], [siteData]);
  const [params, setParams] = useSearchParams();
  const { sort, filter, size, page } = readParams(params);
  const [dialog, setDialog] = useState<MaintenanceRequest | null>(null);

  const set = (values: Record<string, string | null>) =>
    setParams(
      (p) => {
        for (const [k, v] of Object.entries(values)) {
          if (v === null || v === '') p.delete(k);
          else p.set(k, v);
        }
        return p;
      },
      { replace: true },
    );

  const words = useMemo((): RowWords => {
    const siteNames = new Map(siteList.map((s) => [s.id, s.name]));
    return {
      name: (row) => deviceName(row, lng),
      site: (row) => siteNames.get(row.siteId) ?? row.siteId,
      type: (row) => t(`devicesStatus:type.${row.type}`),
      collator: new Intl.Collator(lng, { numeric: true, sensitivity: 'base' }),
    };
  }, [siteList, lng, t]);

  const rows = data ?? [];
  const shown = useMemo(() => sortRows(filterRows(rows, filter, words), sort, words), [rows, filter, sort, words]);
  const current = pageOf(shown, page, size);
  const counts = useMemo(() => {
    const byState = Object.fromEntries(deviceStatusStates.map((s) => [s, 0])) as Record<DeviceStatusState, number>;
    for (const row of rows) byState[row.state]++;
    return byState;
  }, [rows]);
  const types = useMemo(() => new Set(rows.map((r) => r.type)), [rows]);

  // One function for every row (their lines are memoised).
  const openDialog = useCallback(
    (row: StatusRow) => setDialog({ kind: row.maintenance ? 'lift' : 'put', deviceId: row.id, name: words.name(row) }),
    [words],
  );
  const onSort = (key: SortKey) => {
    const order = sort.key === key && sort.order === 'asc' ? 'desc' : 'asc';
    set({ sort: key === 'state' && order === 'asc' ? null : `${key}.${order}`, page: null });
  };
  const onFilter = (next: Partial<StatusFilter>) => {
    const merged = { ...filter, ...next };
    set({ site: merged.site, type: merged.type, state: merged.state, q: merged.text, page: null });
  };
  // The list is read again when the dialog closes: after a change, or a refusal (someone else's change).
  const confirm = async (reason: string) => {
    if (!dialog) return;
    await (dialog.kind === 'put' ? putIntoMaintenance(dialog.deviceId, reason) : putBackInService(dialog.deviceId));
  };

  const actions = (
    <Group gap="sm">
      {receivedAt !== null && (
        <Text size="sm" c="dimmed" data-testid="read-at">
          {t('devicesStatus:readAt', { time: formatRelativeTime(lng, receivedAt) })}
        </Text>
      )}
      <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={refresh}>
        {t('devicesStatus:refresh')}
      </Button>
      <CsvButton rows={shown} series={series} words={words} lng={lng} disabled={shown.length === 0} />
    </Group>
  );

  return (
    <Stack gap="md">
      <PageHeader title={t('devicesStatus:title')} subtitle={t('devicesStatus:subtitle')} actions={actions} />
      {data === null && error !== null ? (
        <Alert color="red" role="alert" title={t('devicesStatus:loadError')}>
          <Button variant="default" onClick={refresh} mt="sm">
            {t('devicesStatus:retry')}
          </Button>
        </Alert>
      ) : data === null ? (
        <Group justify="center" p="xl">
          <Loader aria-label={t('devicesStatus:title')} />
        </Group>
      ) : (
        <>
          <StateCounts
            counts={counts}
            active={filter.state}
            onPick={(state) => onFilter({ state })}
            lng={lng}
            controlRoom={controlRoom}
          />
          <StatusFilters
            filter={filter}
            onChange={onFilter}
            sites={siteList.filter((s) => rows.some((r) => r.siteId === s.id))}
            siteName={(id) => siteList.find((s) => s.id === id)?.name ?? id}
            types={types}
          />
          {shown.length === 0 ? (
            <Text c="dimmed" py="lg" data-testid="status-empty">
              {t('devicesStatus:empty')}
            </Text>
          ) : (
            <StatusTable
              rows={current.items}
              series={series}
              words={words}
              lng={lng}
              sort={sort}
              onSort={onSort}
              onMaintenance={mayMaintain ? openDialog : null}
              controlRoom={controlRoom}
            />
          )}
          <LogPager
            page={{ items: current.items, total: shown.length, page: current.page, pageSize: size }}
            onPage={(p) => set({ page: p === 1 ? null : String(p) })}
            onPageSize={(s) => set({ size: s === DEFAULT_SIZE ? null : String(s), page: null })}
          />
        </>
      )}
      {dialog && (
        <MaintenanceDialog
          key={dialog.deviceId}
          request={dialog}
          onConfirm={confirm}
          onClose={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
    </Stack>
  );
}
