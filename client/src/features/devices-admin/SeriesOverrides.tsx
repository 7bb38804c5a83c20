// A device's series with its type's unit, plausible range and period, and the admin's own range and
// period for any of them (left empty: the type's), then the type's default alarm rules.
import { List, Stack, Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { seriesName } from '../../i18n/seriesName.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import type { SeriesDraft } from './deviceDraft.ts';
import type { DeviceTypeInfo } from './fleetAdminApi.ts';

interface Props {
  series: SeriesDraft[];
  rules: DeviceTypeInfo['defaultRules'];
  onChange: (series: SeriesDraft[]) => void;
  /** The words for a series field's problem, by row and field. */
  error: (row: number, field: 'min' | 'max' | 'periodMs') => string | undefined;
}

export function SeriesOverrides({ series, rules, onChange, error }: Props) {
  const { t } = useTranslation(['devicesAdmin', 'common']);
  const lng = useLanguage();
  const num = (value: number | null) => (value === null ? '' : formatNumber(lng, value, 3));
  const input = (row: number, field: 'min' | 'max' | 'periodMs', placeholder: number | null) => (
    <TextInput
      size="xs"
      inputMode="decimal"
      aria-label={t(`devicesAdmin:series.${field}Of`, { key: series[row]?.key })}
      placeholder={num(placeholder)}
      value={series[row]?.[field] ?? ''}
      onChange={(e) => onChange(series.with(row, { ...(series[row] as SeriesDraft), [field]: e.currentTarget.value }))}
      error={error(row, field)}
      data-testid={`series-${field}`}
    />
  );

  return (
    <Stack gap="xs">
      <Text fw={600}>{t('devicesAdmin:series.title')}</Text>
      <Text size="sm" c="dimmed">
        {t('devicesAdmin:series.hint')}
      </Text>
      {series.length === 0 ? (
        <Text size="sm">{t('devicesAdmin:series.none')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table verticalSpacing={4} data-testid="series-table">
            <Table.Thead>
              <Table.Tr>
                {(['key', 'unit', 'min', 'max', 'periodMs'] as const).map((c) => (
                  <Table.Th key={c}>{t(`devicesAdmin:series.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {series.map((s, i) => (
                <Table.Tr key={s.key} data-testid="series-row">
                  <Table.Td>
                    <Text size="sm">{seriesName(lng, s.key)}</Text>
                    <Text component="code" size="xs" c="dimmed" ff="monospace" dir="ltr">
                      {s.key}
                    </Text>
                  </Table.Td>
                  <Table.Td dir="ltr">{s.unit}</Table.Td>
                  <Table.Td>{input(i, 'min', s.typeMin)}</Table.Td>
                  <Table.Td>{input(i, 'max', s.typeMax)}</Table.Td>
                  <Table.Td>{input(i, 'periodMs', s.typePeriodMs)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text fw={600}>{t('devicesAdmin:rules.title')}</Text>
      {rules.length === 0 ? (
        <Text size="sm">{t('devicesAdmin:rules.none')}</Text>
      ) : (
        <List size="sm" data-testid="default-rules">
          {rules.map((rule) => (
            <List.Item key={rule.name}>
              {t('devicesAdmin:rules.rule', {
                name: rule.name,
                series: rule.seriesKey ?? '—',
                threshold: rule.threshold === null ? '—' : num(rule.threshold),
                priority: t(`common:priority.${rule.priority}`),
              })}
            </List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
