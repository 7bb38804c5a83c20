// Fault codes in the reader's words: the code as the device reports it, with its meaning and what to do
// from the fault-code catalogue (shared/faultCodes.ts).
import { decodeFault } from '@voltscope/shared/faultCodes';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUngrouped, localDigits } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';

/** "Fault 101: over-temperature shutdown" (or just the code when its meaning is unknown). */
export function useFaultText(): (code: number, model?: string | null) => string {
  const { t } = useTranslation(['overview', 'common']);
  const lng = useLanguage();
  return useCallback(
    (code: number, model?: string | null) => {
      const fault = decodeFault(code, model);
      const label = t('overview:faultCode', { code: formatUngrouped(lng, code) });
      return fault.known ? `${label}: ${localDigits(lng, fault.meaning[lng])}` : label;
    },
    [t, lng],
  );
}

/** What to do about a fault, or null for an unknown code. */
export function useFaultAdvice(): (code: number, model?: string | null) => string | null {
  const lng = useLanguage();
  return useCallback(
    (code: number, model?: string | null) => {
      const fault = decodeFault(code, model);
      return fault.known ? fault.advice[lng] : null;
    },
    [lng],
  );
}
