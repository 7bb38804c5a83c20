// Alarm history (/alarm/history): every alarm occurrence of the user's sites, open or closed, filtered by
// site, device, priority, state, period and text, sorted and paged by the server, exported as CSV, and
// each one's timeline (raised, acknowledged by whom and why, returned, closed, shelved...) in a drawer.
// The URL holds the whole view, the open alarm included, so that a link shows the same thing.
import { type Alarm, alarmPriorities, alarmStates } from '@voltscope/shared/alarms';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFleetDirectory } from '../../data/useFleetDirectory.ts';
import type { ListChoice } from '../../logs/LogFilters.tsx';
import { LogPage, useHistoryText } from '../../logs/LogPage.tsx';
import type { LogSpec } from '../../logs/logQuery.ts';
import { useLogQuery } from '../../logs/useLogQuery.ts';
import { useAlarmColumns } from './AlarmHistoryColumns.tsx';
import { AlarmHistoryTimeline } from './AlarmHistoryTimeline.tsx';

const SPEC: LogSpec = {
  lists: ['sites', 'devices', 'priorities', 'states'],
  sorts: ['raisedAt', 'priority', 'state', 'site', 'device'],
};

const alarmKey = (a: Alarm) => String(a.id);

function useAlarmChoices(): ListChoice[] {
  const { t } = useTranslation(['alarms', 'events', 'common']);
  return [
    {
      key: 'priorities',
      label: t('alarms:history.priorities'),
      placeholder: t('alarms:history.allPriorities'),
      options: alarmPriorities.map((p) => ({ value: p, label: t(`common:priority.${p}`) })),
    },
    {
      key: 'states',
      label: t('alarms:history.states'),
      placeholder: t('alarms:history.allStates'),
      options: alarmStates.map((s) => ({ value: s, label: t(`alarms:history.state.${s}`) })),
    },
  ];
}

/** The alarm whose timeline is open, kept in `?alarm=`. */
function useOpenAlarm(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('alarm'));
  const open = useCallback(
    (id: number | null) =>
      setParams(
        (p) => {
          if (id === null) p.delete('alarm');
          else p.set('alarm', String(id));
          return p;
        },
        { preventScrollReset: true },
      ),
    [setParams],
  );
  return [Number.isInteger(raw) && raw > 0 ? raw : null, open];
}

export function AlarmHistoryPage() {
  const { t } = useTranslation(['alarms', 'events', 'common']);
  const directory = useFleetDirectory();
  const history = useLogQuery('GET /api/alarms/history', SPEC);
  const { view } = history;
  const [openId, openAlarm] = useOpenAlarm();
  const onOpen = useCallback((alarm: Alarm) => openAlarm(alarm.id), [openAlarm]);
  const columns = useAlarmColumns(directory, view.zone, onOpen);
  const choices = useAlarmChoices();
  const text = useHistoryText('alarms');
  const rowAttributes = useCallback((a: Alarm) => ({ 'data-alarm-id': String(a.id), 'data-state': a.state }), []);

  return (
    <LogPage
      route="GET /api/alarms/history"
      spec={SPEC}
      directory={directory}
      lists={choices}
      csvFileName="voltscope-alarms.csv"
      text={{ ...text, searchPlaceholder: t('alarms:history.searchPlaceholder') }}
      history={history}
      columns={columns}
      rowKey={alarmKey}
      rowAttributes={rowAttributes}
      minWidth={1180}
      testId="alarm-table"
    >
      <AlarmHistoryTimeline alarmId={openId} onClose={() => openAlarm(null)} directory={directory} zone={view.zone} />
    </LogPage>
  );
}
