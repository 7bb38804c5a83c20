// The event log's record of single-line diagrams published or restored (`diagram_changed`) and of faults
// switched on the simulator (`simulated_fault`): who, what, worded in the four languages.
import { fillLocalised, type LocalisedText } from '@voltscope/shared/alarms';
import type { NewEvent } from '../alarms/store.ts';
import type { Author } from './fleetEvents.ts';

const DIAGRAM_CHANGES = {
  published: {
    en: '{who} published version {version} of the single-line diagram{note}',
    fr: '{who} a publié la version {version} du schéma unifilaire{note}',
    fa: '{who} نسخهٔ {version} نمودار تک‌خطی را منتشر کرد{note}',
    ar: '{who} نشر الإصدار {version} من المخطط أحادي الخط{note}',
  },
  restored: {
    en: '{who} restored version {from} of the single-line diagram as version {version}{note}',
    fr: '{who} a rétabli la version {from} du schéma unifilaire comme version {version}{note}',
    fa: '{who} نسخهٔ {from} نمودار تک‌خطی را به‌عنوان نسخهٔ {version} بازگرداند{note}',
    ar: '{who} استعاد الإصدار {from} من المخطط أحادي الخط بوصفه الإصدار {version}{note}',
  },
} satisfies Record<string, LocalisedText>;

const FAULT_SWITCHES = {
  started: {
    en: '{who} started a simulated grid outage of {minutes} min',
    fr: '{who} a déclenché une coupure réseau simulée de {minutes} min',
    fa: '{who} قطعی شبیه‌سازی‌شدهٔ شبکه به مدت {minutes} دقیقه را آغاز کرد',
    ar: '{who} بدأ انقطاعًا محاكى للشبكة مدته {minutes} دقيقة',
  },
  ended: {
    en: '{who} ended the simulated grid outage',
    fr: '{who} a mis fin à la coupure réseau simulée',
    fa: '{who} قطعی شبیه‌سازی‌شدهٔ شبکه را پایان داد',
    ar: '{who} أنهى انقطاع الشبكة المحاكى',
  },
} satisfies Record<string, LocalisedText>;

const base = (siteId: string, by: Author, detail: object) => ({
  alarmId: null,
  severity: 'info' as const,
  userId: by.id,
  userName: by.name,
  comment: JSON.stringify({ siteId, ...detail }),
  ts: Date.now(),
  siteId,
  deviceId: null,
});

/** A version published (`from` null) or restored from an older one. */
export function diagramEvent(
  siteId: string,
  saved: { version: number; note: string; from: number | null },
  by: Author,
): NewEvent {
  const n = saved.note.trim();
  const note = n === '' ? '' : { en: `: “${n}”`, fr: ` : « ${n} »`, fa: `: «${n}»`, ar: `: «${n}»` };
  const text = saved.from === null ? DIAGRAM_CHANGES.published : DIAGRAM_CHANGES.restored;
  return {
    ...base(siteId, by, { version: saved.version, restoredFrom: saved.from, note: saved.note }),
    type: 'diagram_changed',
    message: fillLocalised(text, { version: saved.version, from: saved.from ?? '', note }),
  };
}

/** A simulated grid outage started (minutes > 0) or ended. */
export function faultEvent(siteId: string, minutes: number, by: Author): NewEvent {
  const started = minutes > 0;
  return {
    ...base(siteId, by, { fault: 'gridOutage', minutes, ...(started ? {} : { ended: true }) }),
    type: 'simulated_fault',
    message: fillLocalised(started ? FAULT_SWITCHES.started : FAULT_SWITCHES.ended, { minutes }),
  };
}
