// The result half of a history page (event or alarm log): the total, the loading, empty and table
// states, and the pager, for whichever rows the page's query brings.
import { Card, Text } from '@mantine/core';
import { formatNumber } from '../i18n/format.ts';
import { useLanguage } from '../i18n/useLanguage.ts';
import { LogPager } from './LogPager.tsx';
import { EmptyLog, LoadingRows } from './LogStates.tsx';
import { type Column, LogTable } from './LogTable.tsx';
import type { LogControls, LogData } from './useLogQuery.ts';

export interface LogResultsProps<T> {
  history: LogControls & LogData<T>;
  /** How many filters are set: an empty result then offers to clear them. */
  active: number;
  text: { title: string; total: (n: string) => string; empty: string; emptyFiltered: string };
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  rowAttributes?: (row: T) => { className?: string | undefined; [data: `data-${string}`]: string | undefined };
  minWidth?: number;
  testId: string;
}

export function LogResults<T>({
  history,
  active,
  text,
  columns,
  rowKey,
  rowAttributes,
  minWidth,
  testId,
}: LogResultsProps<T>) {
  const lng = useLanguage();
  const { page, view } = history;
  return (
    <Card padding="md">
      {page && (
        <Text size="sm" fw={600} mb="xs" data-testid="total">
          {text.total(formatNumber(lng, page.total))}
        </Text>
      )}
      {!page ? (
        history.loading && <LoadingRows />
      ) : page.items.length === 0 ? (
        <EmptyLog
          message={active > 0 ? text.emptyFiltered : text.empty}
          onReset={active > 0 ? history.reset : undefined}
        />
      ) : (
        <LogTable
          label={text.title}
          columns={columns}
          rows={page.items}
          rowKey={rowKey}
          sort={{ key: view.sort, order: view.order, onSort: history.sortBy }}
          busy={history.loading}
          {...(rowAttributes ? { rowAttributes } : {})}
          {...(minWidth ? { minWidth } : {})}
          testId={testId}
        />
      )}
      {page && page.total > 0 && (
        <LogPager page={page} onPage={history.goTo} onPageSize={(pageSize) => history.filter({ pageSize })} />
      )}
    </Card>
  );
}
