// The console's views and filters: the working list or the alarms set aside (shelved, suppressed by design,
// out of service), each view with its count always in sight; then sites, priorities and ISA-18.2 states,
// each chip with the count it would show. They live in the address (consoleFilter.ts); the counts come
// through a context (FacetCount.tsx), so that a storm redraws the counts and not the filters.

import { Button, Chip, Group, MultiSelect, SegmentedControl, Stack, Text } from '@mantine/core';
import { alarmPriorities } from '@voltscope/shared/alarms';
import type { Site } from '@voltscope/shared/domain';
import { memo, type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmStatesShown, alarmViews } from '../../alarmFeed/alarmView.ts';
import { PriorityIcon } from '../../alarmFeed/PriorityIcon.tsx';
import classes from './AlarmConsole.module.css';
import { type ConsoleFilter, isFiltered } from './consoleFilter.ts';
import { FacetCount, type FacetValue, ViewLabel } from './FacetCount.tsx';

/** A labelled row of chips, one a value with the count it would show, any number of them chosen. */
function ChipFilter<F extends 'priorities' | 'states', V extends FacetValue<F>>({
  label,
  facet,
  values,
  chosen,
  onChange,
  testId,
  content,
}: {
  label: string;
  facet: F;
  values: readonly V[];
  chosen: readonly V[];
  onChange: (chosen: V[]) => void;
  /** Each chip's test id is this, a dash and its value. */
  testId: string;
  content: (value: V) => ReactNode;
}) {
  const labelId = useId();
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-labelledby={labelId}>
      <Text size="sm" fw={500} id={labelId} className={classes.filterLabel}>
        {label}
      </Text>
      <Chip.Group multiple value={[...chosen]} onChange={(value) => onChange(value as V[])}>
        {values.map((v) => (
          <Chip key={v} value={v} size="sm" variant="outline" data-testid={`${testId}-${v}`}>
            <span className={classes.chipContent}>
              {content(v)}
              <FacetCount facet={facet} value={v} />
            </span>
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}

export const ConsoleFilters = memo(function ConsoleFilters({
  filter,
  sites,
  onChange,
}: {
  filter: ConsoleFilter;
  sites: readonly Site[];
  onChange: (filter: ConsoleFilter) => void;
}) {
  const { t } = useTranslation(['alarms', 'common']);
  const viewsLabel = useId();
  const siteData = useMemo(() => sites.map((s) => ({ value: s.id, label: s.name })), [sites]);
  return (
    <Stack gap="sm" className={classes.filters} data-testid="alarm-filters">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500} id={viewsLabel} className={classes.filterLabel}>
          {t('alarms:console.views')}
        </Text>
        <SegmentedControl
          aria-labelledby={viewsLabel}
          value={filter.view}
          onChange={(view) => onChange({ ...filter, view: view as ConsoleFilter['view'] })}
          data-testid="alarm-views"
          className={classes.views}
          data={alarmViews.map((v) => ({
            value: v,
            label: <ViewLabel view={v}>{t(`alarms:console.view.${v}`)}</ViewLabel>,
          }))}
        />
      </Group>
      <Group gap="md" align="flex-end" wrap="wrap">
        <MultiSelect
          label={t('alarms:filters.sites')}
          placeholder={filter.sites.length === 0 ? t('alarms:filters.allSites') : undefined}
          data={siteData}
          value={[...filter.sites]}
          onChange={(value) => onChange({ ...filter, sites: value })}
          searchable
          clearable
          className={classes.siteFilter}
          data-testid="filter-sites"
          comboboxProps={{ withinPortal: true }}
          nothingFoundMessage={t('alarms:filters.noSite')}
        />
        {isFiltered(filter) && (
          <Button
            variant="subtle"
            onClick={() => onChange({ view: filter.view, sites: [], priorities: [], states: [] })}
            data-testid="filter-clear"
          >
            {t('alarms:filters.clear')}
          </Button>
        )}
      </Group>
      <ChipFilter
        label={t('alarms:filters.priorities')}
        content={(p) => (
          <>
            <PriorityIcon priority={p} size={14} />
            {t(`common:priority.${p}`)}
          </>
        )}
        facet="priorities"
        values={alarmPriorities}
        chosen={filter.priorities}
        onChange={(priorities) => onChange({ ...filter, priorities })}
        testId="filter-priority"
      />
      <ChipFilter
        label={t('alarms:filters.states')}
        content={(c) => t(`alarms:category.${c}`)}
        facet="states"
        values={alarmStatesShown}
        chosen={filter.states}
        onChange={(states) => onChange({ ...filter, states })}
        testId="filter-state"
      />
    </Stack>
  );
});
