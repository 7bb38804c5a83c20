// What a failed save says: the server speaks English, so its answer becomes one of our sentences (by
// status), and a 400's field errors become the names of the fields the form marks.
import { ApiError } from '../../session/api.ts';

export type SaveErrorKey = 'network' | 'forbidden' | 'notFound' | 'conflict' | 'invalid' | 'busy' | 'failed';

export interface SaveError {
  /** Under `alarmRules:errors`. */
  key: SaveErrorKey;
  /** The server's field names that it refused. */
  fields: string[];
}

export function saveError(caught: unknown): SaveError {
  if (!(caught instanceof ApiError)) return { key: 'network', fields: [] };
  const fields = Object.keys(caught.body.errors ?? {});
  const byStatus: Record<number, SaveErrorKey> = {
    400: 'invalid',
    403: 'forbidden',
    404: 'notFound',
    409: 'conflict',
    429: 'busy',
  };
  return { key: byStatus[caught.status] ?? 'failed', fields };
}
