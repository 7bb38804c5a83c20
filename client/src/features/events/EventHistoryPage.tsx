// Event history (/event/history): every event of the user's sites (and, for those who may read them,
// the fleet's sign-ins and rule changes), filtered, sorted and paged by the server, exported as CSV;
// the URL holds the whole view so that a link shows the same rows.
import { Button, Group } from '@mantine/core';
import type { SiteEvent } from '@voltscope/shared/alarms';
import { useTranslation } from 'react-i18next';
import { useFleetDirectory } from '../../data/useFleetDirectory.ts';
import { CsvExportButton } from '../../history/CsvExportButton.tsx';
import { HistoryFilters } from '../../history/HistoryFilters.tsx';
import { HistoryResults } from '../../history/HistoryResults.tsx';
import { LoadFailed } from '../../history/HistoryStates.tsx';
import { activeFilters, csvQuery, type HistorySpec } from '../../history/historyQuery.ts';
import { useHistoryQuery } from '../../history/useHistoryQuery.ts';
import { IconRefresh } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useEventChoices } from './eventChoices.ts';
import { eventKey, useEventColumns } from './eventColumns.tsx';

const SPEC: HistorySpec = {
  lists: ['sites', 'devices', 'types', 'priorities'],
  sorts: ['ts', 'type', 'site', 'device'],
};

const rowAttributes = (e: SiteEvent) => ({ 'data-type': e.type });

export function EventHistoryPage() {
  const { t } = useTranslation(['events', 'common']);
  const directory = useFleetDirectory();
  const history = useHistoryQuery<SiteEvent>('/api/events', SPEC);
  const { view } = history;
  const columns = useEventColumns(directory, view.zone);
  const choices = useEventChoices();
  const active = activeFilters(view, SPEC);

  return (
    <>
      <PageHeader
        title={t('events:history.title')}
        subtitle={t('events:history.subtitle')}
        actions={
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={history.reload}
              data-testid="refresh"
            >
              {t('events:history.refresh')}
            </Button>
            <CsvExportButton
              path={(lang) => `/api/events?${csvQuery(view, SPEC, lang, Date.now())}`}
              fileName="voltscope-events.csv"
            />
          </Group>
        }
      />
      <HistoryFilters controls={history} directory={directory} lists={choices} active={active} />
      {history.error !== null && <LoadFailed message={t('events:history.loadError')} onRetry={history.reload} />}
      <HistoryResults
        history={history}
        active={active}
        text={{
          title: t('events:history.title'),
          total: (n) => t('events:history.total', { n }),
          empty: t('events:history.empty'),
          emptyFiltered: t('events:history.emptyFiltered'),
        }}
        columns={columns}
        rowKey={eventKey}
        rowAttributes={rowAttributes}
        testId="event-table"
      />
    </>
  );
}
