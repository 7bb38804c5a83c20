// The daily figures in their titled card, one row per day and site (or generator): sortable on every
// column (aria-sort on the header), paged (5 to 100 rows), with the period's totals and averages in the
// footer. Numbers are aligned at the end of their cells so that digits line up in either direction.
// Just over 300 lines: its columns are a table of definitions (label, value, total, format) that reads
// best in one place beside the sorting and paging that use them.
import { ActionIcon, Card, Group, NativeSelect, Table, Text, Title, Tooltip } from '@mantine/core';
import { logPageSizes } from '@voltscope/shared/alarms';
import type { DailyKpis } from '@voltscope/shared/kpis';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPageFirst, IconPageLast, IconPageNext, IconPagePrevious } from '../../logs/logIcons.tsx';
import { SortButton } from '../../logs/SortButton.tsx';
import classes from './analysis.module.css';
import type { AnalysisFormat } from './analysisFormat.ts';
import { type Figures, ratioOf, type SortKey, type SortOrder, sortRows } from './dailyFigures.ts';

interface Column {
  key: SortKey;
  header: string;
  numeric: boolean;
  cell: (row: DailyKpis) => ReactNode;
  total: (figures: Figures) => string;
}

/** The sort keys that are KPIs, named under analysis:kpi. */
type Kpi = Exclude<SortKey, 'day' | 'name'>;
/** The figures a day's row and the period's footer both hold. */
type FigureField = keyof Figures & keyof DailyKpis;

/** What the page knows of each row beyond its figures. */
export interface RowFacts {
  /** Rows are generators of one site, not sites. */
  byGenerator: boolean;
  /** A row's site or generator name. */
  nameOf: (row: DailyKpis) => string;
  /** Whether a row's site is solar: its yield is per kWp (peak watts), a wind farm's per kW. */
  isSolar: (row: DailyKpis) => boolean;
  /** Whether a row's day is still going on at its site (its figures so far). */
  isToday: (row: DailyKpis) => boolean;
}

interface KpiTableProps {
  rows: readonly DailyKpis[];
  figures: Figures;
  facts: RowFacts;
  format: AnalysisFormat;
  busy: boolean;
  /** What the rows answer (the query): another one starts the table at its first page. */
  queryKey: string;
}

function SortHeader({
  column,
  sort,
  onSort,
}: {
  column: Column;
  sort: { key: SortKey; order: SortOrder };
  onSort: (key: SortKey) => void;
}) {
  const { t } = useTranslation(['analysis', 'common']);
  const active = sort.key === column.key;
  return (
    <SortButton
      order={active ? sort.order : null}
      said={
        active
          ? t(sort.order === 'asc' ? 'analysis:table.ascending' : 'analysis:table.descending')
          : t('analysis:table.sortBy')
      }
      onClick={() => onSort(column.key)}
      testId={`sort-${column.key}`}
    >
      {column.header}
    </SortButton>
  );
}

export function KpiTable({
  rows,
  figures,
  facts: { byGenerator, nameOf, isSolar, isToday },
  format,
  busy,
  queryKey,
}: KpiTableProps) {
  const { t } = useTranslation(['analysis', 'common']);
  const [sort, setSort] = useState<{ key: SortKey; order: SortOrder }>({ key: 'day', order: 'desc' });
  const [pageSize, setPageSize] = useState(25);
  const [page, setPage] = useState(1);

  const allSolar = rows.every(isSolar);
  const columns = useMemo<Column[]>(() => {
    /** A column of a figure that a row and the footer hold under the same name, written the same way. */
    const figure = (key: Kpi, field: FigureField, show: (v: number | null) => string): Column => ({
      key,
      header: t(`analysis:kpi.${key}`),
      numeric: true,
      cell: (r) => show(r[field]),
      total: (f) => show(f[field]),
    });
    return [
      {
        key: 'day',
        header: t('analysis:table.day'),
        numeric: false,
        cell: (r) => (
          <>
            <span className={classes.nowrap}>{format.day(r.day)}</span>
            {isToday(r) && (
              <Text span size="xs" c="dimmed" className={classes.soFar} data-testid="so-far">
                {t('analysis:table.soFar')}
              </Text>
            )}
          </>
        ),
        total: () => '',
      },
      {
        key: 'name',
        header: t(byGenerator ? 'analysis:table.generator' : 'analysis:table.site'),
        numeric: false,
        cell: (r) => <span className={classes.nowrap}>{nameOf(r)}</span>,
        total: () => '',
      },
      figure('energy', 'energyKwh', format.energy),
      figure('expected', 'expectedKwh', format.energy),
      {
        key: 'ratio',
        header: t('analysis:kpi.ratio'),
        numeric: true,
        cell: (r) => format.percent(ratioOf(r), 0),
        total: (f) => format.percent(f.ratio, 0),
      },
      {
        key: 'specificYield',
        header: t('analysis:kpi.specificYield'),
        numeric: true,
        cell: (r) => format.specificYield(r.specificYield, isSolar(r)),
        total: (f) => format.specificYield(f.specificYield, allSolar),
      },
      figure('performanceRatio', 'performanceRatio', format.percent),
      figure('insolation', 'insolationKwhM2', format.insolation),
      figure('availability', 'availability', format.percent),
      figure('capacityFactor', 'capacityFactor', format.percent),
    ];
  }, [t, format, nameOf, byGenerator, isSolar, isToday, allSolar]);

  const sorted = useMemo(
    () => sortRows(rows, sort.key, sort.order, nameOf, format.lng),
    [rows, sort, nameOf, format.lng],
  );
  const pages = Math.max(1, Math.ceil(sorted.length / pageSize));
  // Other filters start at the first page; a refresh of the same query stays where the reader is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `queryKey` is the trigger
  useEffect(() => setPage(1), [queryKey]);
  const current = Math.min(page, pages);
  const shown = sorted.slice((current - 1) * pageSize, current * pageSize);
  const onSort = (key: SortKey) =>
    setSort((s) =>
      s.key === key
        ? { key, order: s.order === 'asc' ? 'desc' : 'asc' }
        : { key, order: key === 'name' ? 'asc' : 'desc' },
    );
  const n = (v: number) => format.number(v);

  return (
    <Card padding="md" mb="xl" component="section" aria-labelledby="analysis-table-title">
      <Title order={3} size="h5" mb="xs" id="analysis-table-title">
        {t('analysis:table.title')}
      </Title>
      <Table.ScrollContainer minWidth={1080} type="native">
        <Table
          striped
          highlightOnHover
          verticalSpacing="xs"
          aria-label={t('analysis:table.title')}
          aria-busy={busy}
          className={busy ? classes.busy : undefined}
          data-testid="kpi-table"
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th
                  key={c.key}
                  scope="col"
                  ta={c.numeric ? 'end' : undefined}
                  aria-sort={sort.key === c.key ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
                >
                  <SortHeader column={c} sort={sort} onSort={onSort} />
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={`${row.day}|${row.siteId}|${row.deviceId ?? ''}`} data-testid="kpi-row">
                {columns.map((c) => (
                  <Table.Td
                    key={c.key}
                    ta={c.numeric ? 'end' : undefined}
                    className={c.numeric ? classes.number : undefined}
                  >
                    {c.numeric ? <bdi>{c.cell(row)}</bdi> : c.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot className={classes.totals}>
            <Table.Tr data-testid="kpi-totals">
              <Table.Th scope="row" colSpan={2}>
                {t('analysis:table.period', { n: n(rows.length) })}
              </Table.Th>
              {columns.slice(2).map((c) => (
                <Table.Td key={c.key} ta="end" className={classes.number}>
                  <bdi>{c.total(figures)}</bdi>
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt="xs">
        {t('analysis:table.footnote')}
      </Text>
      <Group
        justify="space-between"
        gap="sm"
        wrap="wrap"
        mt="sm"
        component="nav"
        aria-label={t('analysis:table.pager')}
      >
        <Group gap="sm" wrap="nowrap">
          <NativeSelect
            size="sm"
            label={t('analysis:table.pageSize')}
            data={logPageSizes.map((s) => ({ value: String(s), label: n(s) }))}
            value={String(pageSize)}
            onChange={(e) => {
              setPageSize(Number(e.currentTarget.value));
              setPage(1);
            }}
            data-testid="page-size"
            styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { marginBottom: 0 } }}
          />
          <Text size="sm" aria-live="polite" data-testid="page-range">
            {t('analysis:table.range', {
              from: n(sorted.length === 0 ? 0 : (current - 1) * pageSize + 1),
              to: n((current - 1) * pageSize + shown.length),
              total: n(sorted.length),
            })}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          {(
            [
              ['first', 1, current <= 1, <IconPageFirst key="i" />],
              ['previous', current - 1, current <= 1, <IconPagePrevious key="i" />],
              null,
              ['next', current + 1, current >= pages, <IconPageNext key="i" />],
              ['last', pages, current >= pages, <IconPageLast key="i" />],
            ] as const
          ).map((control) =>
            control === null ? (
              <Text key="page" size="sm" px={4} data-testid="page-number">
                {t('analysis:table.page', { page: n(current), pages: n(pages) })}
              </Text>
            ) : (
              <Tooltip key={control[0]} label={t(`analysis:table.${control[0]}`)}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t(`analysis:table.${control[0]}`)}
                  disabled={control[2]}
                  onClick={() => setPage(control[1])}
                  data-testid={`page-${control[0]}`}
                >
                  {control[3]}
                </ActionIcon>
              </Tooltip>
            ),
          )}
        </Group>
      </Group>
    </Card>
  );
}
