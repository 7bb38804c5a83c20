// Event history (/event/history): every event of the user's sites (and, for those who may read them,
// the fleet's sign-ins and rule changes), filtered, sorted and paged by the server, exported as CSV;
// the URL holds the whole view so that a link shows the same rows.
import type { SiteEvent } from '@voltscope/shared/alarms';
import { useFleetDirectory } from '../../data/useFleetDirectory.ts';
import { LogPage, useHistoryText } from '../../logs/LogPage.tsx';
import type { LogSpec } from '../../logs/logQuery.ts';
import { useLogQuery } from '../../logs/useLogQuery.ts';
import { useEventChoices } from './eventChoices.ts';
import { eventKey, useEventColumns } from './eventColumns.tsx';

const SPEC: LogSpec = {
  lists: ['sites', 'devices', 'types', 'priorities'],
  sorts: ['ts', 'type', 'site', 'device'],
};

const rowAttributes = (e: SiteEvent) => ({ 'data-type': e.type });

export function EventHistoryPage() {
  const text = useHistoryText('events');
  const directory = useFleetDirectory();
  const history = useLogQuery('GET /api/events', SPEC);
  const columns = useEventColumns(directory, history.view.zone);
  const choices = useEventChoices();

  return (
    <LogPage
      route="GET /api/events"
      spec={SPEC}
      directory={directory}
      lists={choices}
      csvFileName="voltscope-events.csv"
      text={text}
      history={history}
      columns={columns}
      rowKey={eventKey}
      rowAttributes={rowAttributes}
      testId="event-table"
    />
  );
}
