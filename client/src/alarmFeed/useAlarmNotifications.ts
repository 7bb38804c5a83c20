// New critical and high alarms also go to the navbar's bell, so that one raised while the operator was
// away from the console (or had silenced the sound) is still listed there, with a link to the console.
// They are handed over at most every FLUSH_MS: in a storm each alarm arrives in a socket message of its
// own, and one render per alarm would stall the page.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppNotification, pushNotifications } from '../app/shell/notificationsStore.ts';
import { useLanguage } from '../i18n/useLanguage.ts';
import { alarmFeed } from './alarmFeed.ts';
import { audiblePriorities } from './alarmView.ts';

const FLUSH_MS = 250;

export function useAlarmNotifications(): void {
  const { t } = useTranslation(['alarms', 'common']);
  const lng = useLanguage();
  const latest = useRef({ t, lng });
  latest.current = { t, lng };

  useEffect(() => {
    let waiting: AppNotification[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      timer = null;
      pushNotifications(waiting.reverse());
      waiting = [];
    };
    const stop = alarmFeed.onEvent((event, alarm) => {
      if (event.type !== 'alarm_raised' || !alarm || alarm.suppressed) return;
      if (!audiblePriorities.includes(alarm.priority)) return;
      const { t, lng } = latest.current;
      const site = alarmFeed.store.getState().sites.find((s) => s.id === alarm.siteId)?.name ?? alarm.siteId;
      waiting.push({
        id: `alarm-${alarm.id}`,
        title: alarm.message[lng] || alarm.message.en,
        text: t('alarms:notification', { priority: t(`common:priority.${alarm.priority}`), site }),
        at: event.ts,
        read: false,
        url: `/alarm/realtime?site=${encodeURIComponent(alarm.siteId)}`,
      });
      timer ??= setTimeout(flush, FLUSH_MS);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
      flush();
    };
  }, []);
}
