// A refused CSV row's reason in the reader's language: the seed's rules and the hub's other known codes
// as everywhere, the import's own codes (an unknown type, a duplicate id) from this page's namespace, and
// the hub's English sentence only for a code this client does not know yet. The fields an update changes,
// by the names the device form gives them.
import { type Reason, reasonCodes } from '@voltscope/shared/errors';
import i18next from 'i18next';
import { dynamicKey } from '../../i18n/namespaces.ts';
import { reasonText } from '../../i18n/serverErrors.ts';
import type { ImportPreview } from './fleetAdminApi.ts';

type ImportError = ImportPreview['errors'][number];

const known = (code: string): code is Reason['code'] => (reasonCodes as readonly string[]).includes(code);

export function importReasonText({ reason, message }: ImportError): string {
  const params = reason.params ?? {};
  if (known(reason.code)) return reasonText({ code: reason.code, params });
  const key = dynamicKey('devicesAdmin', `devicesAdmin:import.reasons.${reason.code}`);
  return i18next.exists(key) ? String(i18next.t(key, params)) : message;
}

/** The fields an update changes, by the names the device form gives them. */
export function changedFields(changes: readonly string[]): string {
  return changes
    .map((field) => {
      const key = dynamicKey('devicesAdmin', `devicesAdmin:device.${field === 'parentId' ? 'parent' : field}`);
      return i18next.exists(key) ? String(i18next.t(key, {})) : field;
    })
    .join(String(i18next.t('devicesAdmin:import.separator')));
}
