// A fault code in words: the codes of shared/fleet.ts by name, any other one by its number.
import { faultCodes } from '@voltscope/shared/fleet';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { formatUngrouped } from '../../i18n/format.ts';
import { dynamicKey } from '../../i18n/namespaces.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';

const names = new Map<number, string>(Object.entries(faultCodes).map(([name, code]) => [code, name]));

export function useFaultLabel(): (code: number) => string {
  const { t } = useTranslation(['wind', 'common']);
  const lng = useLanguage();
  return useCallback(
    (code: number) => {
      const name = names.get(Math.round(code));
      const number = formatUngrouped(lng, Math.round(code));
      return name && name !== 'none'
        ? t('wind:fault', { name: t(dynamicKey('wind', `wind:faults.${name}`)), code: number })
        : t('wind:faultCode', { code: number });
    },
    [t, lng],
  );
}
