// The filter bar of a log: free text, sites, devices (of the chosen sites, grouped by site), the page's
// own lists (event types and severities, or priorities and states), a period (presets or a custom range
// in the reader's time zone), and whether times read in the reader's zone or each site's. The realtime
// tail uses it too, without the period: its filters apply to what is already on screen.
import {
  Button,
  Collapse,
  Group,
  MultiSelect,
  NativeSelect,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FleetDirectory } from '../data/useFleetDirectory.ts';
import { formatNumber } from '../i18n/format.ts';
import { useLanguage } from '../i18n/useLanguage.ts';
import { IconChevronDown, IconSearch, IconX } from '../ui/icons.tsx';
import type { ListFilter, LogView, Period, TimeZoneMode } from './logQuery.ts';
import { periods } from './logQuery.ts';
import { formatOffset, fromInputValue, myTimeZone, toInputValue } from './logTime.ts';

export interface ListChoice {
  key: ListFilter;
  label: string;
  placeholder: string;
  options: { value: string; label: string }[];
}

export interface FilterControls {
  view: LogView;
  filter: (patch: Partial<Pick<LogView, 'period' | 'from' | 'to' | 'q' | 'zone'>>) => void;
  setLists: (patch: Partial<Record<ListFilter, string[]>>) => void;
  reset: () => void;
}

interface LogFiltersProps {
  controls: FilterControls;
  directory: FleetDirectory;
  lists: readonly ListChoice[];
  active: number;
  /** The realtime tail filters what it holds: no period there. */
  withPeriod?: boolean;
  searchPlaceholder?: string;
}

const SEARCH_DELAY_MS = 350;

function SearchField({
  value,
  onChange,
  placeholder,
}: {
  value: string;
  onChange: (q: string) => void;
  placeholder: string;
}) {
  const { t } = useTranslation(['events', 'common']);
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // A reset or a link changes the view: the field follows.
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current ?? undefined);
    timer.current = setTimeout(() => onChange(next), SEARCH_DELAY_MS);
  };
  return (
    <TextInput
      type="search"
      label={t('events:filters.search')}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={text}
      maxLength={200}
      onChange={(e) => change(e.currentTarget.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          clearTimeout(timer.current ?? undefined);
          onChange(text);
        }
      }}
      data-testid="filter-search"
    />
  );
}

function PeriodFields({ controls }: { controls: FilterControls }) {
  const { t } = useTranslation(['events', 'common']);
  const lng = useLanguage();
  const { view, filter } = controls;
  const offset = formatOffset(lng, myTimeZone(), Date.now());
  const choose = (period: Period) => {
    if (period !== 'custom') return filter({ period, from: null, to: null });
    // A custom range starts as the last 24 hours, to be narrowed.
    const now = Date.now();
    filter({ period, from: view.from ?? now - 86_400_000, to: view.to ?? null });
  };
  return (
    <>
      <NativeSelect
        label={t('events:filters.period')}
        data={periods.map((p) => ({ value: p, label: t(`events:filters.periods.${p}`) }))}
        value={view.period}
        onChange={(e) => choose(e.currentTarget.value as Period)}
        data-testid="filter-period"
      />
      {view.period === 'custom' && (
        <Group gap="xs" grow wrap="nowrap">
          {(['from', 'to'] as const).map((end) => {
            const at = view[end];
            return (
              <TextInput
                key={end}
                type="datetime-local"
                label={`${t(`events:filters.${end}`)} (${offset})`}
                value={at === null ? '' : toInputValue(at)}
                onChange={(e) => filter({ [end]: fromInputValue(e.currentTarget.value) })}
                data-testid={`filter-${end}`}
              />
            );
          })}
        </Group>
      )}
    </>
  );
}

export function LogFilters({
  controls,
  directory,
  lists,
  active,
  withPeriod = true,
  searchPlaceholder,
}: LogFiltersProps) {
  const { t } = useTranslation(['events', 'common']);
  const lng = useLanguage();
  const { view, setLists, filter, reset } = controls;
  // On a phone the filters fold away, so that the log starts on the first screen.
  const phone = useMediaQuery('(max-width: 48em)');
  const [open, setOpen] = useState(false);
  const chosenSites = view.lists.sites;
  const deviceSites =
    chosenSites.length > 0 ? directory.sites.filter((s) => chosenSites.includes(s.id)) : directory.sites;
  const deviceGroups = deviceSites.map((s) => ({
    group: s.name,
    items: directory.devicesOf(s.id).map((d) => ({ value: d.id, label: d.name })),
  }));

  const setSites = (sites: string[]) => {
    // Devices of a site no longer chosen would silently empty the log: they go with it.
    const devices = view.lists.devices.filter((id) => {
      const site = directory.deviceById.get(id)?.siteId;
      return sites.length === 0 || (site !== undefined && sites.includes(site));
    });
    setLists({ sites, devices });
  };

  const grid = (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
      <SearchField
        value={view.q}
        onChange={(q) => filter({ q })}
        placeholder={searchPlaceholder ?? t('events:filters.searchPlaceholder')}
      />
      <MultiSelect
        label={t('events:filters.sites')}
        placeholder={chosenSites.length ? undefined : t('events:filters.allSites')}
        data={directory.sites.map((s) => ({ value: s.id, label: s.name }))}
        value={chosenSites}
        onChange={setSites}
        clearable
        searchable
        data-testid="filter-sites"
      />
      <MultiSelect
        label={t('events:filters.devices')}
        placeholder={view.lists.devices.length ? undefined : t('events:filters.allDevices')}
        data={deviceGroups}
        value={view.lists.devices}
        onChange={(devices) => setLists({ devices })}
        clearable
        searchable
        limit={200}
        data-testid="filter-devices"
      />
      {lists.map((list) => (
        <MultiSelect
          key={list.key}
          label={list.label}
          placeholder={view.lists[list.key].length ? undefined : list.placeholder}
          data={list.options}
          value={view.lists[list.key]}
          onChange={(values) => setLists({ [list.key]: values })}
          clearable
          data-testid={`filter-${list.key}`}
        />
      ))}
      {withPeriod && <PeriodFields controls={controls} />}
    </SimpleGrid>
  );

  return (
    <Stack gap="sm" mb="md" component="section" aria-label={t('events:filters.title')}>
      {phone ? (
        <>
          <Button
            variant="default"
            justify="space-between"
            rightSection={<IconChevronDown size={16} style={open ? { transform: 'rotate(180deg)' } : undefined} />}
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            data-testid="filters-toggle"
          >
            {active > 0 ? t('events:filters.active', { n: formatNumber(lng, active) }) : t('events:filters.title')}
          </Button>
          <Collapse expanded={open}>{grid}</Collapse>
        </>
      ) : (
        grid
      )}
      <Group justify="space-between" gap="sm" wrap="wrap">
        <ZoneChoice value={view.zone} onChange={(zone) => filter({ zone })} />
        {active > 0 && (
          <Group gap="xs">
            <Text size="sm" data-testid="filters-active">
              {t('events:filters.active', { n: formatNumber(lng, active) })}
            </Text>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconX size={14} />}
              onClick={reset}
              data-testid="filters-reset"
            >
              {t('events:filters.reset')}
            </Button>
          </Group>
        )}
      </Group>
    </Stack>
  );
}

function ZoneChoice({ value, onChange }: { value: TimeZoneMode; onChange: (zone: TimeZoneMode) => void }) {
  const { t } = useTranslation(['events', 'common']);
  const lng = useLanguage();
  const zone = myTimeZone();
  return (
    <Group gap="sm" wrap="wrap">
      <SegmentedControl
        size="xs"
        value={value}
        onChange={(v) => onChange(v === 'site' ? 'site' : 'mine')}
        aria-label={t('events:zone.label')}
        data={[
          { value: 'mine', label: t('events:zone.mine') },
          { value: 'site', label: t('events:zone.site') },
        ]}
        data-testid="zone-choice"
      />
      <Text size="sm" data-testid="zone-note">
        {value === 'mine'
          ? t('events:zone.mineNote', { zone, offset: formatOffset(lng, zone, Date.now()) })
          : t('events:zone.siteNote')}
      </Text>
    </Group>
  );
}
