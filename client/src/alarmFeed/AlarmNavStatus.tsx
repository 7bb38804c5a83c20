// The navbar's alarm corner on every page: it keeps the alarm feed running while the user is signed in
// and may read alarms, shows the counts per priority, and, for those who may acknowledge, the annunciator;
// new critical and high alarms are also listed under the bell.
import { useAbility } from '../session/ability.ts';
import { AlarmCounts } from './AlarmCounts.tsx';
import { Annunciator } from './Annunciator.tsx';
import { useAlarmFeed } from './hooks.ts';
import { useAlarmNotifications } from './useAlarmNotifications.ts';

export function AlarmNavStatus() {
  const ability = useAbility();
  if (!ability.can('read', 'Alarm')) return null;
  return <FollowedAlarms annunciate={ability.can('acknowledge', 'Alarm')} />;
}

function FollowedAlarms({ annunciate }: { annunciate: boolean }) {
  useAlarmFeed();
  useAlarmNotifications();
  return (
    <>
      {annunciate && <Annunciator />}
      <AlarmCounts />
    </>
  );
}
