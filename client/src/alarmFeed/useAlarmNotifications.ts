// New critical and high alarms also go to the navbar's bell, so that one raised while the operator was
// away from the console (or had silenced the sound) is still listed there, with a link to the console,
// and with what to do about it: the corrective action of its rule (ISA-18.2 rationalization), read from
// the rules as the client holds them (one request for a whole storm, not one per alarm).
// They are handed over at most every FLUSH_MS: in a storm each alarm arrives in a socket message of its
// own, and one render per alarm would stall the page.
import type { Alarm } from '@voltscope/shared/alarms';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type AppNotification, KEPT, pushNotifications } from '../app/shell/notificationsStore.ts';
import { ruleById } from '../features/alarm-rules/ruleCache.ts';
import { localDigits } from '../i18n/format.ts';
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
    let waiting: { alarm: Alarm; at: number }[] = [];
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = async () => {
      timer = null;
      // Only the newest the bell keeps: a storm's batch holds thousands, each worded for nothing.
      const batch = waiting.slice(-KEPT);
      waiting = [];
      // The rules of the batch: known ones at once, the list read once for any unknown.
      const rules = await Promise.all(batch.map(({ alarm }) => ruleById(alarm.ruleId)));
      const { t, lng } = latest.current;
      const items = batch.map(({ alarm, at }, i): AppNotification => {
        const site = alarmFeed.store.getState().sites.find((s) => s.id === alarm.siteId)?.name ?? alarm.siteId;
        const action = rules[i]?.action;
        const todo = action ? action[lng] || action.en : '';
        const about = t('alarms:notification', { priority: t(`common:priority.${alarm.priority}`), site });
        return {
          id: `alarm-${alarm.id}`,
          title: localDigits(lng, alarm.message[lng] || alarm.message.en),
          text: todo ? `${about} · ${localDigits(lng, todo)}` : about,
          at,
          read: false,
          url: `/alarm/realtime?site=${encodeURIComponent(alarm.siteId)}`,
        };
      });
      pushNotifications(items.reverse());
    };
    const stop = alarmFeed.onEvent((event, alarm) => {
      if (event.type !== 'alarm_raised' || !alarm || alarm.suppressed) return;
      if (!audiblePriorities.includes(alarm.priority)) return;
      waiting.push({ alarm, at: event.ts });
      timer ??= setTimeout(() => void flush(), FLUSH_MS);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
      if (waiting.length > 0) void flush();
    };
  }, []);
}
