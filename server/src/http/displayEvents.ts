// The event log's record of the wall displays' registry (`display_changed`, of no site): who registered,
// edited, gave a pairing code to, revoked or removed which display, and when a wall was paired, worded
// in the four languages. `{who}` is filled with the admin's name as it stands when the event is read.
import { fillLocalised, type LocalisedText } from '@voltscope/shared/alarms';
import type { NewEvent } from '../alarms/store.ts';

const DISPLAY_CHANGES = {
  registered: {
    en: '{who} registered the wall display “{name}”',
    fr: '{who} a enregistré l’écran mural « {name} »',
    fa: '{who} نمایشگر دیواری «{name}» را ثبت کرد',
    ar: '{who} سجّل شاشة العرض الجدارية «{name}»',
  },
  changed: {
    en: '{who} changed the wall display “{name}”',
    fr: '{who} a modifié l’écran mural « {name} »',
    fa: '{who} نمایشگر دیواری «{name}» را تغییر داد',
    ar: '{who} عدّل شاشة العرض الجدارية «{name}»',
  },
  pairingCode: {
    en: '{who} made a pairing code for the wall display “{name}”',
    fr: '{who} a créé un code d’appairage pour l’écran mural « {name} »',
    fa: '{who} برای نمایشگر دیواری «{name}» کد جفت‌سازی ساخت',
    ar: '{who} أنشأ رمز إقران لشاشة العرض الجدارية «{name}»',
  },
  paired: {
    en: 'The wall display “{name}” was paired with a browser',
    fr: 'L’écran mural « {name} » a été appairé à un navigateur',
    fa: 'نمایشگر دیواری «{name}» با یک مرورگر جفت شد',
    ar: 'تم إقران شاشة العرض الجدارية «{name}» بمتصفح',
  },
  revoked: {
    en: '{who} revoked the wall display “{name}”',
    fr: '{who} a révoqué l’écran mural « {name} »',
    fa: '{who} دسترسی نمایشگر دیواری «{name}» را لغو کرد',
    ar: '{who} ألغى شاشة العرض الجدارية «{name}»',
  },
  deleted: {
    en: '{who} removed the wall display “{name}”',
    fr: '{who} a supprimé l’écran mural « {name} »',
    fa: '{who} نمایشگر دیواری «{name}» را حذف کرد',
    ar: '{who} حذف شاشة العرض الجدارية «{name}»',
  },
} satisfies Record<string, LocalisedText>;

export type DisplayChange = keyof typeof DISPLAY_CHANGES;

/** The event of one change; `by` is the admin (none when the wall paired itself with a code). */
export function displayEvent(
  change: DisplayChange,
  display: { id: number; name: string },
  by: { id: number; name: string } | null,
  detail: unknown = null,
): NewEvent {
  return {
    siteId: null,
    deviceId: null,
    alarmId: null,
    type: 'display_changed',
    severity: 'info',
    message: fillLocalised(DISPLAY_CHANGES[change], { name: display.name }),
    userName: by?.name ?? null,
    userId: by?.id ?? null,
    comment: JSON.stringify({ displayId: display.id, ...(detail === null ? {} : { change: detail }) }),
    ts: Date.now(),
  };
}
