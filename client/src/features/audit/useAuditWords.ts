// How the page words an entry: its action (or its raw name when the page does not know it), its actor
// (the system for retention), and its target's kind.
import { useTranslation } from 'react-i18next';
import type { AuditEntry } from './auditApi.ts';
import { actionKey, isTargetType } from './auditView.ts';

export function useAuditWords() {
  const { t } = useTranslation(['audit']);
  return {
    action: (action: string) => {
      const key = actionKey(action);
      return key ? t(`audit:${key}`) : action;
    },
    actor: (entry: AuditEntry) =>
      entry.actorId === null && entry.actorName === 'system' ? t('audit:system') : entry.actorName,
    targetType: (type: string | null) => (isTargetType(type) ? t(`audit:targets.${type}`) : (type ?? '')),
  };
}
