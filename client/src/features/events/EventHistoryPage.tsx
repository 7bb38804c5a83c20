// Event history (/event/history): every event of the user's sites (and, for those who may read them,
// the fleet's sign-ins and rule changes), filtered, sorted and paged by the server, exported as CSV;
// the URL holds the whole view so that a link shows the same rows.
import { Button, Card, Group, Text } from '@mantine/core';
import type { SiteEvent } from '@voltscope/shared/alarms';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { IconRefresh } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { CsvExportButton } from './CsvExportButton.tsx';
import { useEventChoices } from './eventChoices.ts';
import { eventKey, useEventColumns } from './eventColumns.tsx';
import { HistoryFilters } from './HistoryFilters.tsx';
import { HistoryPager } from './HistoryPager.tsx';
import { EmptyLog, LoadFailed, LoadingRows } from './HistoryStates.tsx';
import { HistoryTable } from './HistoryTable.tsx';
import { activeFilters, csvQuery, type HistorySpec } from './historyQuery.ts';
import { useFleetDirectory } from './useFleetDirectory.ts';
import { useHistoryQuery } from './useHistoryQuery.ts';

const SPEC: HistorySpec = {
  lists: ['sites', 'devices', 'types', 'priorities'],
  sorts: ['ts', 'type', 'site', 'device'],
};

const rowAttributes = (e: SiteEvent) => ({ 'data-type': e.type });

export function EventHistoryPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const directory = useFleetDirectory();
  const history = useHistoryQuery<SiteEvent>('/api/events', SPEC);
  const { view, page } = history;
  const columns = useEventColumns(directory, view.zone);
  const choices = useEventChoices();
  const active = activeFilters(view, SPEC);

  return (
    <>
      <PageHeader
        title={t('eventLog.history.title')}
        subtitle={t('eventLog.history.subtitle')}
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={history.reload}
              data-testid="refresh"
            >
              {t('eventLog.history.refresh')}
            </Button>
            <CsvExportButton
              path={(lang) => `/api/events?${csvQuery(view, SPEC, lang, Date.now())}`}
              fileName="voltscope-events.csv"
            />
          </Group>
        }
      />
      <HistoryFilters controls={history} directory={directory} lists={choices} active={active} />
      {history.error !== null && <LoadFailed message={t('eventLog.history.loadError')} onRetry={history.reload} />}
      <Card padding="md">
        {page && (
          <Text size="sm" fw={600} mb="xs" data-testid="total">
            {t('eventLog.history.total', { n: formatNumber(lng, page.total) })}
          </Text>
        )}
        {!page ? (
          history.loading && <LoadingRows />
        ) : page.items.length === 0 ? (
          <EmptyLog
            message={t(active > 0 ? 'eventLog.history.emptyFiltered' : 'eventLog.history.empty')}
            onReset={active > 0 ? history.reset : undefined}
          />
        ) : (
          <HistoryTable
            label={t('eventLog.history.title')}
            columns={columns}
            rows={page.items}
            rowKey={eventKey}
            sort={{ key: view.sort, order: view.order, onSort: history.sortBy }}
            busy={history.loading}
            rowAttributes={rowAttributes}
            testId="event-table"
          />
        )}
        {page && page.total > 0 && (
          <HistoryPager page={page} onPage={history.goTo} onPageSize={(pageSize) => history.filter({ pageSize })} />
        )}
      </Card>
    </>
  );
}
