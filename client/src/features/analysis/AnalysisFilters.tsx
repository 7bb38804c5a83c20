// The page's filters: the sites (those the user may read), per site or per generator of one site, and
// the days (the last 7, 30 or 90, or a custom range of whole days). The shared PeriodPicker offers
// today / 24 hours / 7 / 30 days, not 90: this bar has its own day presets and reuses its day helpers.
import { Group, MultiSelect, NativeSelect, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Site } from '@voltscope/shared/domain';
import type { Device } from '@voltscope/shared/fleet';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dayIn, isDay } from '../../ui/PeriodPicker.tsx';
import type { AnalysisFormat } from './analysisFormat.ts';
import { type AnalysisView, type DayRange, type Preset, presets } from './analysisQuery.ts';

/** The custom range's two ends, each a day input. */
const dayInputs = [
  { end: 'from', label: 'firstDay' },
  { end: 'to', label: 'lastDay' },
] as const;

/** A control under a label that names it (a SegmentedControl has no label of its own), maybe with a hint. */
function LabelledControl({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={id}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

interface AnalysisFiltersProps {
  view: AnalysisView;
  onChange: (view: AnalysisView) => void;
  sites: readonly Site[];
  /** The generators of the one chosen site (empty while loading or with several sites). */
  generators: readonly Device[];
  range: DayRange;
  timeZone: string;
  format: AnalysisFormat;
}

export function AnalysisFilters({ view, onChange, sites, generators, range, timeZone, format }: AnalysisFiltersProps) {
  const { t } = useTranslation(['analysis', 'common']);
  const today = dayIn(timeZone, Date.now());
  const oneSite = view.sites.length === 1;
  const narrow = useMediaQuery('(max-width: 36em)');
  const presetChoices = presets.map((p) => ({ value: p, label: t(`analysis:filters.presets.${p}`) }));

  const setSites = (next: string[]) =>
    onChange({ ...view, sites: next, byGenerator: view.byGenerator && next.length === 1, devices: [] });
  const setPreset = (preset: string) => {
    const chosen = presets.find((p) => p === preset) as Preset | undefined;
    if (!chosen) return;
    // A custom range starts as the range shown, to be moved from there.
    onChange(
      chosen === 'custom'
        ? { ...view, preset: chosen, from: view.from ?? range.from, to: view.to ?? range.to }
        : { ...view, preset: chosen, from: null, to: null },
    );
  };
  const setDay = (which: 'from' | 'to', day: string) => {
    if (!isDay(day)) return;
    let from = which === 'from' ? day : (view.from ?? range.from);
    let to = which === 'to' ? day : (view.to ?? range.to);
    // Keep the range the right way round whichever end moved.
    if (from > to) {
      if (which === 'from') to = from;
      else from = to;
    }
    onChange({ ...view, preset: 'custom', from, to });
  };

  return (
    <Stack gap="sm" mb="md" component="section" aria-label={t('analysis:filters.title')} data-testid="analysis-filters">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <MultiSelect
          label={t('analysis:filters.sites')}
          placeholder={view.sites.length ? undefined : t('analysis:filters.allSites')}
          data={sites.map((s) => ({ value: s.id, label: s.name }))}
          value={view.sites}
          onChange={setSites}
          clearable
          searchable
          data-testid="filter-sites"
        />
        <LabelledControl id="analysis-breakdown" label={t('analysis:filters.breakdown')}>
          <SegmentedControl
            aria-labelledby="analysis-breakdown"
            value={view.byGenerator ? 'generator' : 'site'}
            onChange={(value) => onChange({ ...view, byGenerator: value === 'generator' && oneSite, devices: [] })}
            data={[
              { value: 'site', label: t('analysis:filters.perSite') },
              { value: 'generator', label: t('analysis:filters.perGenerator'), disabled: !oneSite },
            ]}
            data-testid="filter-breakdown"
          />
          {!oneSite && (
            <Text size="xs" c="dimmed">
              {t('analysis:filters.oneSiteHint')}
            </Text>
          )}
        </LabelledControl>
        {view.byGenerator && (
          <MultiSelect
            label={t('analysis:filters.generators')}
            placeholder={view.devices.length ? undefined : t('analysis:filters.allGenerators')}
            data={generators.map((d) => ({ value: d.id, label: d.name }))}
            value={view.devices}
            onChange={(devices) => onChange({ ...view, devices })}
            clearable
            searchable
            limit={200}
            data-testid="filter-generators"
          />
        )}
      </SimpleGrid>
      <Group gap="sm" align="flex-end" wrap="wrap">
        {narrow ? (
          // Four presets do not fit a phone's width side by side: the phone's own list instead.
          <NativeSelect
            label={t('analysis:filters.period')}
            value={view.preset}
            onChange={(e) => setPreset(e.currentTarget.value)}
            data={presetChoices}
            data-testid="filter-period-select"
          />
        ) : (
          <LabelledControl id="analysis-period" label={t('analysis:filters.period')}>
            <SegmentedControl
              aria-labelledby="analysis-period"
              value={view.preset}
              onChange={setPreset}
              data={presetChoices}
              data-testid="filter-period"
            />
          </LabelledControl>
        )}
        {view.preset === 'custom' && (
          <Group gap="xs" wrap="nowrap">
            {dayInputs.map(({ end, label }) => (
              <TextInput
                key={end}
                type="date"
                label={t(`analysis:filters.${label}`)}
                value={view[end] ?? range[end]}
                max={today}
                onChange={(e) => setDay(end, e.currentTarget.value)}
                w={160}
                data-testid={`filter-${end}`}
              />
            ))}
          </Group>
        )}
      </Group>
      <Text size="sm" c="dimmed" data-testid="range-label">
        {t('analysis:filters.range', {
          from: format.day(range.from),
          to: format.day(range.to),
          days: format.number(range.days),
        })}
      </Text>
    </Stack>
  );
}
