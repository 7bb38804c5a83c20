// Why the hub refused an action of this page, in the reader's language: its reason when the client knows
// the code, else a sentence by status. A conflict (409: a site that still has devices, a device with open
// alarms) also quotes the hub's own explanation, which names what stands in the way.
import i18next from 'i18next';
import { reasonText } from '../../i18n/serverErrors.ts';
import { ApiError } from '../../session/api.ts';

export function refusalText(caught: unknown): string {
  if (!(caught instanceof ApiError)) return i18next.t('devicesAdmin:failure.network');
  const { status, body } = caught;
  if (status === 409) return i18next.t('devicesAdmin:failure.conflict', { message: body.message });
  if (body.reason) return reasonText(body.reason);
  if (status === 403) return i18next.t('devicesAdmin:failure.forbidden');
  if (status === 404) return i18next.t('devicesAdmin:failure.notFound');
  if (status === 400) return i18next.t('devicesAdmin:failure.invalid');
  return i18next.t('devicesAdmin:failure.failed');
}
