// A series named as a person reads it: its metric in the reader's language, with the index a device with
// several of them gives it ("MPPT voltage 2" for `mppt_voltage:2`). The key stays the series' id in data.
import type { Language } from '@voltscope/shared/i18n';
import i18next from 'i18next';
import { formatNumber } from './format.ts';
import { dynamicKey } from './namespaces.ts';

export function seriesName(lng: Language, key: string): string {
  const [metric = key, index] = key.split(':');
  const name = i18next.t(dynamicKey('common', `common:metric.${metric}`), { lng, defaultValue: metric });
  return index === undefined ? name : `${name} ${formatNumber(lng, Number(index))}`;
}
