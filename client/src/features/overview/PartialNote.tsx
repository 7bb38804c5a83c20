// The note under a figure computed from partial data: "Partial", how much of the day is missing and
// whose data (coverage.ts). Nothing while the data is whole or not yet checked. A data-quality note, not
// an alarm: drawn in neutral tones.
import { Badge, Group, Text } from '@mantine/core';
import type { Language } from '@voltscope/shared/i18n';
import { useTranslation } from 'react-i18next';
import { formatList, formatNumber } from '../../i18n/format.ts';
import { intlLocales } from '../../i18n/language.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import type { Coverage } from './coverage.ts';

/** A span in hours (one decimal) from an hour on, else in whole minutes: "2.5 hours", "40 minutes". */
export function formatSpan(lng: Language, ms: number): string {
  const hours = ms >= 3_600_000;
  return new Intl.NumberFormat(intlLocales[lng], {
    style: 'unit',
    unit: hours ? 'hour' : 'minute',
    unitDisplay: 'long',
    maximumFractionDigits: hours ? 1 : 0,
  }).format(hours ? ms / 3_600_000 : Math.round(ms / 60_000));
}

/** Who is missing data: up to three names, then how many more. */
const MAX_NAMES = 3;

export function PartialNote({
  coverage,
  testId,
  period = false,
}: {
  coverage: Coverage | null;
  testId: string;
  /** Missing from a chosen period rather than from today. */
  period?: boolean;
}) {
  const { t } = useTranslation(['devices', 'common']);
  const lng = useLanguage();
  if (!coverage || coverage.missingMs === 0) return null;
  const names = coverage.missing.slice(0, MAX_NAMES);
  const more = coverage.missing.length - names.length;
  const who = formatList(lng, more > 0 ? [...names, `+${formatNumber(lng, more)}`] : names);
  return (
    <Group gap={6} mt={4} wrap="nowrap" align="flex-start" data-testid={testId} title={t('devices:partial.hint')}>
      <Badge variant="outline" color="gray" size="xs" style={{ flex: 'none' }}>
        {t('devices:partial.label')}
      </Badge>
      <Text size="xs" c="dimmed">
        {t(period ? 'devices:partial.missingPeriod' : 'devices:partial.missing', {
          missing: formatSpan(lng, coverage.missingMs),
          devices: who,
        })}
      </Text>
    </Group>
  );
}
