// What a refused or failed call on the registry says: one of this page's sentences by status (the server
// speaks English), and the error body, whose field reasons the form words at their fields.
import type { ErrorBody } from '@voltscope/shared/errors';
import { ApiError } from '../../session/api.ts';

export type FailureKey = 'network' | 'forbidden' | 'notFound' | 'invalid' | 'busy' | 'failed';

export interface SaveFailure {
  /** Under `displays:failure`. */
  key: FailureKey;
  body: ErrorBody | null;
}

export function saveFailure(caught: unknown): SaveFailure {
  if (!(caught instanceof ApiError)) return { key: 'network', body: null };
  const byStatus: Record<number, FailureKey> = {
    400: 'invalid',
    403: 'forbidden',
    404: 'notFound',
    422: 'invalid',
    429: 'busy',
  };
  return { key: byStatus[caught.status] ?? 'failed', body: caught.body };
}
