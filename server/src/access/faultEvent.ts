// The event log's record of a door forced on demand on the simulator (`simulated_fault`), worded like the
// grid outage's (server/src/http/sldEvents.ts): `{who}` is filled by the page from the event's user.
import { fillLocalised, type LocalisedText } from '@voltscope/shared/alarms';
import type { NewEvent } from '../alarms/store.ts';
import type { Author } from '../http/fleetEvents.ts';

const SWITCHES = {
  started: {
    en: '{who} forced the main gate open on the simulator for {minutes} min',
    fr: '{who} a forcé le portail principal sur le simulateur pour {minutes} min',
    fa: '{who} درِ اصلی را در شبیه‌ساز به مدت {minutes} دقیقه به زور باز کرد',
    ar: '{who} فتح البوابة الرئيسية عنوةً على المحاكي لمدة {minutes} دقيقة',
  },
  ended: {
    en: '{who} ended the simulated forced door',
    fr: '{who} a mis fin à la porte forcée simulée',
    fa: '{who} باز شدن به زورِ شبیه‌سازی‌شدهٔ در را پایان داد',
    ar: '{who} أنهى فتح الباب عنوةً المحاكى',
  },
} satisfies Record<string, LocalisedText>;

/** The main gate forced on demand (minutes > 0), or no longer. */
export function doorForcedEvent(siteId: string, minutes: number, by: Author): NewEvent {
  const started = minutes > 0;
  return {
    alarmId: null,
    severity: 'info',
    userId: by.id,
    userName: by.name,
    comment: JSON.stringify({ siteId, fault: 'doorForced', minutes, ...(started ? {} : { ended: true }) }),
    ts: Date.now(),
    siteId,
    deviceId: null,
    type: 'simulated_fault',
    message: fillLocalised(started ? SWITCHES.started : SWITCHES.ended, { minutes }),
  };
}
