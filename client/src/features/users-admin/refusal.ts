// A refused or failed call, in the reader's words: the server's reason when it gave one (last admin,
// yourself, mail not configured...), else a sentence by status. The server's English is never shown.
import i18next from 'i18next';
import { reasonText } from '../../i18n/serverErrors.ts';
import { ApiError } from '../../session/api.ts';

export function refusalText(caught: unknown): string {
  if (!(caught instanceof ApiError)) return i18next.t('usersAdmin:failure.network');
  if (caught.body.reason) return reasonText(caught.body.reason);
  if (caught.status === 403) return i18next.t('usersAdmin:failure.forbidden');
  if (caught.status === 404) return i18next.t('usersAdmin:failure.notFound');
  return i18next.t('usersAdmin:failure.failed');
}
