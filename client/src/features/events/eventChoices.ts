// The choices of the event filters: every event type and severity, named in the reader's language.
// Sign-ins, rule and display changes belong to no site: they are offered only to a user who may read them.

import { asSubject } from '@voltscope/shared/abilities';
import { alarmPriorities, type EventSeverity, eventTypes } from '@voltscope/shared/alarms';
import { useTranslation } from 'react-i18next';
import type { ListChoice } from '../../logs/LogFilters.tsx';
import { useAbility } from '../../session/ability.ts';

const FLEET_TYPES = new Set<string>(['sign_in', 'rule_changed', 'display_changed']);
export const severities: readonly EventSeverity[] = [...alarmPriorities, 'info'];

export function useEventChoices(): ListChoice[] {
  const { t } = useTranslation(['events', 'common']);
  const fleet = useAbility().can('read', asSubject('Event', { siteId: null }));
  return [
    {
      key: 'types',
      label: t('events:filters.types'),
      placeholder: t('events:filters.allTypes'),
      options: eventTypes
        .filter((type) => fleet || !FLEET_TYPES.has(type))
        .map((type) => ({ value: type, label: t(`common:eventType.${type}`) })),
    },
    {
      key: 'priorities',
      label: t('events:filters.severities'),
      placeholder: t('events:filters.allSeverities'),
      options: severities.map((s) => ({ value: s, label: t(`common:priority.${s}`) })),
    },
  ];
}
