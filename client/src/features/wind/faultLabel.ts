// A fault code in words: its meaning from the fault-code catalogue (shared/faultCodes.ts) with the code,
// or "Unknown fault code N" for one the catalogue does not have; the number in the language's digits.
import { capitalised, decodeFault, faultText } from '@voltscope/shared/faultCodes';
import { useCallback } from 'react';
import { localDigits } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';

/** `model`: the device's model, where known (a code its model does not have is unknown). */
export function useFaultLabel(): (code: number, model?: string | null) => string {
  const lng = useLanguage();
  return useCallback(
    (code: number, model?: string | null) =>
      localDigits(lng, capitalised(faultText(decodeFault(code, model), lng), lng)),
    [lng],
  );
}
