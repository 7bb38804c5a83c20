// The event log's record of the fleet's changes (`site_changed`, `device_changed`): who made, changed,
// decommissioned, restored or deleted which site or device, and what a CSV import did, worded in the four
// languages. `{who}` is filled with the admin's name as it stands when the event is read.
import { fillLocalised, type LocalisedText } from '@voltscope/shared/alarms';
import type { NewEvent } from '../alarms/store.ts';

const SITE_CHANGES = {
  created: {
    en: '{who} added the site “{name}”',
    fr: '{who} a ajouté le site « {name} »',
    fa: '{who} سایت «{name}» را افزود',
    ar: '{who} أضاف الموقع «{name}»',
  },
  changed: {
    en: '{who} changed the site “{name}” ({fields})',
    fr: '{who} a modifié le site « {name} » ({fields})',
    fa: '{who} سایت «{name}» را تغییر داد ({fields})',
    ar: '{who} عدّل الموقع «{name}» ({fields})',
  },
  decommissioned: {
    en: '{who} decommissioned the site “{name}”',
    fr: '{who} a mis hors service le site « {name} »',
    fa: '{who} سایت «{name}» را از بهره‌برداری خارج کرد',
    ar: '{who} أخرج الموقع «{name}» من الخدمة',
  },
  restored: {
    en: '{who} put the site “{name}” back in service',
    fr: '{who} a remis en service le site « {name} »',
    fa: '{who} سایت «{name}» را به بهره‌برداری بازگرداند',
    ar: '{who} أعاد الموقع «{name}» إلى الخدمة',
  },
  deleted: {
    en: '{who} deleted the site “{name}” ({id})',
    fr: '{who} a supprimé le site « {name} » ({id})',
    fa: '{who} سایت «{name}» ({id}) را حذف کرد',
    ar: '{who} حذف الموقع «{name}» ({id})',
  },
} satisfies Record<string, LocalisedText>;

const DEVICE_CHANGES = {
  created: {
    en: '{who} added the device “{name}” ({id})',
    fr: '{who} a ajouté l’équipement « {name} » ({id})',
    fa: '{who} دستگاه «{name}» ({id}) را افزود',
    ar: '{who} أضاف الجهاز «{name}» ({id})',
  },
  changed: {
    en: '{who} changed the device “{name}” ({fields})',
    fr: '{who} a modifié l’équipement « {name} » ({fields})',
    fa: '{who} دستگاه «{name}» را تغییر داد ({fields})',
    ar: '{who} عدّل الجهاز «{name}» ({fields})',
  },
  decommissioned: {
    en: '{who} decommissioned the device “{name}”',
    fr: '{who} a mis hors service l’équipement « {name} »',
    fa: '{who} دستگاه «{name}» را از بهره‌برداری خارج کرد',
    ar: '{who} أخرج الجهاز «{name}» من الخدمة',
  },
  restored: {
    en: '{who} put the device “{name}” back in service',
    fr: '{who} a remis en service l’équipement « {name} »',
    fa: '{who} دستگاه «{name}» را به بهره‌برداری بازگرداند',
    ar: '{who} أعاد الجهاز «{name}» إلى الخدمة',
  },
  deleted: {
    en: '{who} deleted the device “{name}” ({id}) and its history',
    fr: '{who} a supprimé l’équipement « {name} » ({id}) et son historique',
    fa: '{who} دستگاه «{name}» ({id}) و سابقه‌اش را حذف کرد',
    ar: '{who} حذف الجهاز «{name}» ({id}) وسجلّه',
  },
  imported: {
    en: '{who} imported devices from a CSV file: {created} added, {updated} changed',
    fr: '{who} a importé des équipements d’un fichier CSV : {created} ajoutés, {updated} modifiés',
    fa: '{who} دستگاه‌ها را از فایل CSV وارد کرد: {created} افزوده، {updated} تغییر یافته',
    ar: '{who} استورد أجهزة من ملف CSV: {created} مضاف، {updated} معدّل',
  },
} satisfies Record<string, LocalisedText>;

export type SiteChange = keyof typeof SITE_CHANGES;
export type DeviceChange = keyof typeof DEVICE_CHANGES;

/** Who acted. */
export interface Author {
  id: number;
  name: string;
}

const base = (by: Author, detail: object) => ({
  alarmId: null,
  severity: 'info' as const,
  userId: by.id,
  userName: by.name,
  comment: JSON.stringify(detail),
  ts: Date.now(),
});

/** A site's change; its deletion is fleet-wide (the site and its log are gone). */
export function siteEvent(
  change: SiteChange,
  site: { id: string; name: string },
  by: Author,
  fields: readonly string[] = [],
): NewEvent {
  return {
    ...base(by, { siteId: site.id, ...(fields.length > 0 ? { fields } : {}) }),
    siteId: change === 'deleted' ? null : site.id,
    deviceId: null,
    type: 'site_changed',
    message: fillLocalised(SITE_CHANGES[change], { name: site.name, id: site.id, fields: fields.join(', ') }),
  };
}

export function deviceEvent(
  change: Exclude<DeviceChange, 'imported'>,
  device: { id: string; siteId: string; name: string },
  by: Author,
  fields: readonly string[] = [],
): NewEvent {
  return {
    ...base(by, { deviceId: device.id, ...(fields.length > 0 ? { fields } : {}) }),
    siteId: device.siteId,
    deviceId: change === 'deleted' ? null : device.id,
    type: 'device_changed',
    message: fillLocalised(DEVICE_CHANGES[change], { name: device.name, id: device.id, fields: fields.join(', ') }),
  };
}

export function importEvent(siteId: string, counts: { created: number; updated: number }, by: Author): NewEvent {
  return {
    ...base(by, { siteId, ...counts }),
    siteId,
    deviceId: null,
    type: 'device_changed',
    message: fillLocalised(DEVICE_CHANGES.imported, counts),
  };
}
