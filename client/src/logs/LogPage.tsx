// A whole history page (event or alarm log): the header with refresh and CSV export, the filters, a load
// failure, then the results. The page brings its query, its columns and its words.
import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetDirectory } from '../data/useFleetDirectory.ts';
import { IconRefresh } from '../ui/icons.tsx';
import { PageHeader } from '../ui/PageHeader.tsx';
import { RetryAlert } from '../ui/RetryAlert.tsx';
import { CsvExportButton } from './CsvExportButton.tsx';
import { type ListChoice, LogFilters } from './LogFilters.tsx';
import { LogResults, type LogResultsProps } from './LogResults.tsx';
import { activeFilters, csvQuery, type LogSpec } from './logQuery.ts';
import { type LogRoute, logCall } from './useLogQuery.ts';

type LogPageText = LogResultsProps<unknown>['text'] & {
  subtitle: string;
  refresh: string;
  loadError: string;
  searchPlaceholder?: string;
};

/** The words a history page keeps under `<namespace>:history` (its refresh button is the event history's). */
export function useHistoryText(ns: 'alarms' | 'events'): LogPageText {
  const { t } = useTranslation(['alarms', 'events', 'common']);
  return {
    title: t(`${ns}:history.title`),
    subtitle: t(`${ns}:history.subtitle`),
    refresh: t('events:history.refresh'),
    loadError: t(`${ns}:history.loadError`),
    total: (n) => t(`${ns}:history.total`, { n }),
    empty: t(`${ns}:history.empty`),
    emptyFiltered: t(`${ns}:history.emptyFiltered`),
  };
}

interface LogPageProps<T> extends Omit<LogResultsProps<T>, 'active' | 'text'> {
  /** The API the rows come from; its CSV is the same route with the view's query. */
  route: LogRoute;
  spec: LogSpec;
  directory: FleetDirectory;
  lists: readonly ListChoice[];
  csvFileName: string;
  text: LogPageText;
  /** What the page shows beside its results (a drawer, say). */
  children?: ReactNode;
}

export function LogPage<T>({
  route,
  spec,
  directory,
  lists,
  csvFileName,
  text,
  children,
  ...results
}: LogPageProps<T>) {
  const { history } = results;
  const { view } = history;
  const active = activeFilters(view, spec);
  return (
    <>
      <PageHeader
        title={text.title}
        subtitle={text.subtitle}
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={history.reload}
              data-testid="refresh"
            >
              {text.refresh}
            </Button>
            <CsvExportButton
              path={(lang) => logCall(route, csvQuery(view, spec, lang, Date.now())).path}
              fileName={csvFileName}
            />
          </Group>
        }
      />
      <LogFilters
        controls={history}
        directory={directory}
        lists={lists}
        active={active}
        {...(text.searchPlaceholder ? { searchPlaceholder: text.searchPlaceholder } : {})}
      />
      {history.error !== null && (
        <RetryAlert message={text.loadError} onRetry={history.reload} mb="md" testId="load-error" />
      )}
      <LogResults {...results} active={active} text={text} />
      {children}
    </>
  );
}
