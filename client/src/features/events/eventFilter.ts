// The live tail's filters, applied in the browser to the events it holds, with the same meaning as the
// history API's: a chosen site excludes fleet-wide events; the text is looked for, case-insensitively,
// in the message (in the reader's language), the user and the comment. Sign-ins are left out unless
// asked for (they are an admin's audit, not news from the sites), or unless the types filter names them.
import type { SiteEvent } from '@voltscope/shared/alarms';
import type { Language } from '@voltscope/shared/i18n';
import type { LogView } from '../../logs/logQuery.ts';

export type EventPredicate = (event: SiteEvent) => boolean;

export function eventFilter(
  view: Pick<LogView, 'lists' | 'q'>,
  lng: Language,
  { signIns }: { signIns: boolean } = { signIns: true },
): EventPredicate {
  const withSignIns = signIns || view.lists.types.includes('sign_in');
  const sites = new Set(view.lists.sites);
  const devices = new Set(view.lists.devices);
  const types = new Set(view.lists.types);
  const severities = new Set(view.lists.priorities);
  const text = view.q.trim().toLocaleLowerCase(lng);
  return (e) =>
    (withSignIns || e.type !== 'sign_in') &&
    (sites.size === 0 || (e.siteId !== null && sites.has(e.siteId))) &&
    (devices.size === 0 || (e.deviceId !== null && devices.has(e.deviceId))) &&
    (types.size === 0 || types.has(e.type)) &&
    (severities.size === 0 || severities.has(e.severity)) &&
    (!text ||
      [e.message[lng], e.userName, e.comment].some((field) => field?.toLocaleLowerCase(lng).includes(text) ?? false));
}
