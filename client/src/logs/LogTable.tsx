// The table of a log (event history, alarm history, the realtime tail): columns given by the page,
// headers that sort on the server when the column allows it (with aria-sort), rows kept in place and
// dimmed while the next page loads, and on a phone one card per row instead of a table wider than it.
import { Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './logs.module.css';
import { SortButton } from './SortButton.tsx';

export interface Column<T> {
  key: string;
  header: string;
  /** The server's sort key of this column, if it sorts. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  /** Not repeated on a phone's card (say, a column whose content another one already shows). */
  hideOnCard?: boolean;
}

export interface SortState {
  key: string;
  order: 'asc' | 'desc';
  onSort: (key: string) => void;
}

interface LogTableProps<T> {
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  sort?: SortState;
  /** A newer set is on its way: the rows shown dim, and the table says it is busy. */
  busy?: boolean;
  /** Extra attributes of a row (a class for a fresh row on the live tail, test ids); keep it stable. */
  rowAttributes?: (row: T) => { className?: string | undefined; [data: `data-${string}`]: string | undefined };
  minWidth?: number;
  testId?: string;
}

function SortHeader({ column, sort }: { column: Column<unknown>; sort: SortState }) {
  const { t } = useTranslation(['events', 'common']);
  const active = sort.key === column.sortKey;
  return (
    <SortButton
      order={active ? sort.order : null}
      said={
        active
          ? t(sort.order === 'asc' ? 'events:table.ascending' : 'events:table.descending')
          : t('events:table.sortBy', { column: column.header })
      }
      onClick={() => column.sortKey && sort.onSort(column.sortKey)}
    >
      {column.header}
    </SortButton>
  );
}

type Attributes = (row: unknown) => Record<string, string | undefined>;

interface RowProps {
  row: unknown;
  columns: readonly Column<unknown>[];
  /** Stable across renders (a callback the page memoises), or the row re-renders each time. */
  attributes: Attributes | undefined;
}

// Memoised on the row object: a new event on the live tail mounts one row, the others stay as they are.
const Row = memo(function Row({ row, columns, attributes }: RowProps) {
  return (
    <Table.Tr {...attributes?.(row)}>
      {columns.map((c) => (
        <Table.Td key={c.key}>{c.render(row)}</Table.Td>
      ))}
    </Table.Tr>
  );
});

/** A card leaves out what a table cell would show as empty: a phone's screen is short. */
const isBlank = (value: ReactNode) => value === null || value === undefined || value === '' || value === '—';

const Card = memo(function Card({ row, columns, attributes }: RowProps) {
  const cells = columns
    .filter((c) => !c.hideOnCard)
    .map((c) => ({ key: c.key, header: c.header, value: c.render(row) }))
    .filter((c) => !isBlank(c.value));
  return (
    <li {...attributes?.(row)}>
      <dl className={classes.card}>
        {cells.map((c) => (
          <div key={c.key} style={{ display: 'contents' }}>
            <dt>{c.header}</dt>
            <dd>{c.value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
});

export function LogTable<T>({
  label,
  columns,
  rows,
  rowKey,
  sort,
  busy = false,
  rowAttributes,
  minWidth = 960,
  testId,
}: LogTableProps<T>) {
  const phone = useMediaQuery('(max-width: 48em)');
  const cols = columns as readonly Column<unknown>[];
  const attributes = rowAttributes as Attributes | undefined;

  if (phone) {
    return (
      <ul
        className={`${classes.cards} ${busy ? classes.loading : ''}`}
        aria-label={label}
        aria-busy={busy}
        data-testid={testId}
      >
        {rows.map((row) => (
          <Card key={rowKey(row)} row={row} columns={cols} attributes={attributes} />
        ))}
      </ul>
    );
  }

  return (
    // Focusable, so that a keyboard can scroll a table wider than the screen (WCAG 2.1.1).
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} role="region" aria-label={label}>
      <Table
        striped
        highlightOnHover
        verticalSpacing="xs"
        aria-label={label}
        aria-busy={busy}
        className={busy ? classes.loading : undefined}
        data-testid={testId}
      >
        <Table.Thead>
          <Table.Tr>
            {cols.map((c) => (
              <Table.Th
                key={c.key}
                scope="col"
                aria-sort={
                  sort && c.sortKey
                    ? sort.key === c.sortKey
                      ? sort.order === 'asc'
                        ? 'ascending'
                        : 'descending'
                      : 'none'
                    : undefined
                }
              >
                {sort && c.sortKey ? <SortHeader column={c} sort={sort} /> : c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Row key={rowKey(row)} row={row} columns={cols} attributes={attributes} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
