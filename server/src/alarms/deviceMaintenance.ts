// A device taken into maintenance and back: its alarms follow it out of service (ISA-18.2 "out of
// service", the engine's own for alarm points, with the reason as comment) and back in service, and the
// event log records who did it and why. While it lasts the engine raises nothing for the device (it
// reads which devices are in maintenance whenever the fleet changes).
import { fillLocalised, type LocalisedText } from '@voltscope/shared/alarms';
import { type Device, localisedName } from '@voltscope/shared/fleet';
import type { Db } from '../store/db.ts';
import { alarmsOutOfServiceSince } from '../store/maintenance.ts';
import type { Actor } from './alarmMachine.ts';
import type { AlarmEngine } from './engine.ts';

const MESSAGES = {
  began: {
    en: '{who} put {device} into maintenance: {reason}',
    fr: '{who} a mis {device} en maintenance : {reason}',
    fa: '{who} {device} را به حالت تعمیر و نگهداری برد: {reason}',
    ar: '{who} وضع {device} في الصيانة: {reason}',
  },
  ended: {
    en: '{who} put {device} back in service after maintenance ({reason})',
    fr: '{who} a remis {device} en service après maintenance ({reason})',
    fa: '{who} {device} را پس از تعمیر و نگهداری به خدمت بازگرداند ({reason})',
    ar: '{who} أعاد {device} إلى الخدمة بعد الصيانة ({reason})',
  },
} satisfies Record<string, LocalisedText>;

/** After the store says the device is in maintenance and the engine has read it: its open alarms go out of service. */
export async function maintenanceBegan(
  engine: AlarmEngine,
  device: Device,
  actor: Actor,
  reason: string,
  now: number,
): Promise<void> {
  const ids = [...engine.openAlarms()].filter((a) => a.deviceId === device.id && !a.outOfService).map((a) => a.id);
  if (ids.length > 0) await engine.setOutOfService(ids, true, actor, reason, null, now);
  await record(engine, 'began', device, actor, reason, now);
}

/**
 * Back in service: the alarms the maintenance that began at `since` put out of service return (a point
 * an operator had put out of service before it stays as it was).
 */
export async function maintenanceEnded(
  engine: AlarmEngine,
  db: Db,
  device: Device,
  maintenance: { reason: string; since: number },
  actor: Actor,
  now: number,
): Promise<void> {
  const ids = await alarmsOutOfServiceSince(db, device, maintenance.since);
  if (ids.length > 0) await engine.setOutOfService(ids, false, actor, maintenance.reason, null, now);
  await record(engine, 'ended', device, actor, maintenance.reason, now);
}

function record(
  engine: AlarmEngine,
  what: keyof typeof MESSAGES,
  device: Device,
  actor: Actor,
  reason: string,
  ts: number,
) {
  return engine.record({
    siteId: device.siteId,
    deviceId: device.id,
    alarmId: null,
    type: 'device_maintenance',
    severity: 'info',
    // `{who}` stays in the message: it is filled with the user's current name when read.
    message: fillLocalised(MESSAGES[what], { device: localisedName(device), reason }),
    userId: actor.id,
    userName: actor.name,
    comment: reason,
    ts,
  });
}
