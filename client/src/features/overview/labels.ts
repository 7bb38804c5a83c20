// Fault codes and operating states in the reader's words: the code as the device reports it, with its
// meaning from shared/fleet's faultCodes.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUngrouped } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { faultName } from './inverterStatus.ts';

/** "Fault 101: over-temperature" (or just the code when its meaning is unknown). */
export function useFaultText(): (code: number) => string {
  const { t } = useTranslation(['overview', 'common']);
  const lng = useLanguage();
  return useCallback(
    (code: number) => {
      const name = faultName(code);
      const label = t('overview:faultCode', { code: formatUngrouped(lng, code) });
      return name ? `${label}: ${t(`overview:faults.${name}`)}` : label;
    },
    [t, lng],
  );
}

/** What a fault means for the plant and what to check, or null for an unknown code. */
export function useFaultAdvice(): (code: number) => string | null {
  const { t } = useTranslation(['overview', 'common']);
  return useCallback(
    (code: number) => {
      const name = faultName(code);
      return name ? t(`overview:faultAdvice.${name}`) : null;
    },
    [t],
  );
}
