// The console's filters: sites, priorities and states (shelved, suppressed and out of service are states
// of their own here), each chip with the count it would show. They live in the address (consoleFilter.ts).

import { Button, Chip, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { type AlarmPriority, alarmPriorities } from '@voltscope/shared/alarms';
import type { Site } from '@voltscope/shared/domain';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type AlarmCategory, alarmCategories } from '../../alarmFeed/alarmView.ts';
import { PriorityIcon } from '../../alarmFeed/PriorityIcon.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import classes from './AlarmConsole.module.css';
import { type ConsoleFilter, isFiltered } from './consoleFilter.ts';

export const ConsoleFilters = memo(function ConsoleFilters({
  filter,
  sites,
  counts,
  onChange,
}: {
  filter: ConsoleFilter;
  sites: readonly Site[];
  counts: { priorities: Record<AlarmPriority, number>; categories: Record<AlarmCategory, number> };
  onChange: (filter: ConsoleFilter) => void;
}) {
  const { t } = useTranslation(['alarms', 'common']);
  const lng = useLanguage();
  const priorityLabel = useId();
  const stateLabel = useId();
  const n = (value: number) => formatNumber(lng, value);
  return (
    <Stack gap="sm" className={classes.filters} data-testid="alarm-filters">
      <Group gap="md" align="flex-end" wrap="wrap">
        <MultiSelect
          label={t('alarms:filters.sites')}
          placeholder={filter.sites.length === 0 ? t('alarms:filters.allSites') : undefined}
          data={sites.map((s) => ({ value: s.id, label: s.name }))}
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
            onClick={() => onChange({ sites: [], priorities: [], categories: [] })}
            data-testid="filter-clear"
          >
            {t('alarms:filters.clear')}
          </Button>
        )}
      </Group>
      <Group gap="xs" wrap="wrap" role="group" aria-labelledby={priorityLabel}>
        <Text size="sm" fw={500} id={priorityLabel} className={classes.filterLabel}>
          {t('alarms:filters.priorities')}
        </Text>
        <Chip.Group
          multiple
          value={[...filter.priorities]}
          onChange={(value) => onChange({ ...filter, priorities: value as AlarmPriority[] })}
        >
          {alarmPriorities.map((p) => (
            <Chip key={p} value={p} size="sm" variant="outline" data-testid={`filter-priority-${p}`}>
              <span className={classes.chipContent}>
                <PriorityIcon priority={p} size={14} />
                {t(`common:priority.${p}`)}
                <span className={classes.chipCount}>{n(counts.priorities[p])}</span>
              </span>
            </Chip>
          ))}
        </Chip.Group>
      </Group>
      <Group gap="xs" wrap="wrap" role="group" aria-labelledby={stateLabel}>
        <Text size="sm" fw={500} id={stateLabel} className={classes.filterLabel}>
          {t('alarms:filters.states')}
        </Text>
        <Chip.Group
          multiple
          value={[...filter.categories]}
          onChange={(value) => onChange({ ...filter, categories: value as AlarmCategory[] })}
        >
          {alarmCategories.map((c) => (
            <Chip key={c} value={c} size="sm" variant="outline" data-testid={`filter-state-${c}`}>
              <span className={classes.chipContent}>
                {t(`alarms:category.${c}`)}
                <span className={classes.chipCount}>{n(counts.categories[c])}</span>
              </span>
            </Chip>
          ))}
        </Chip.Group>
      </Group>
    </Stack>
  );
});
