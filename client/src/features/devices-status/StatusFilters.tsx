// The status grid's filters: a count per state (a button each, the worst first: a shift starts there),
// then site, type, state and words, kept in the address by the page.
import { Button, Group, Select, TextInput } from '@mantine/core';
import { type DeviceStatusState, deviceStatusStates } from '@voltscope/shared/contracts/fleetAdmin';
import { statusRank } from '@voltscope/shared/deviceStatus';
import type { Site } from '@voltscope/shared/domain';
import { type DeviceType, deviceTypes } from '@voltscope/shared/fleet';
import type { Language } from '@voltscope/shared/i18n';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { DeviceStatusBadge } from '../../ui/DeviceStatusBadge.tsx';
import { IconSearch } from '../../ui/icons.tsx';
import classes from './devicesStatus.module.css';
import type { StatusFilter } from './statusRows.ts';

const byRank = [...deviceStatusStates].sort((a, b) => statusRank[a] - statusRank[b]);

export function StateCounts({
  counts,
  active,
  onPick,
  lng,
  controlRoom,
}: {
  counts: Record<DeviceStatusState, number>;
  active: DeviceStatusState | null;
  onPick: (state: DeviceStatusState | null) => void;
  lng: Language;
  controlRoom: boolean;
}) {
  const { t } = useTranslation(['devicesStatus']);
  return (
    <fieldset className={classes.counts} aria-label={t('devicesStatus:counts.label')}>
      {byRank.map((state) => (
        <button
          key={state}
          type="button"
          className={classes.count}
          data-active={active === state || undefined}
          aria-pressed={active === state}
          onClick={() => onPick(active === state ? null : state)}
          data-testid={`count-${state}`}
        >
          <DeviceStatusBadge state={state} size="sm" controlRoom={controlRoom} />
          <span className={classes.countValue}>{formatNumber(lng, counts[state])}</span>
        </button>
      ))}
    </fieldset>
  );
}

export function StatusFilters({
  filter,
  onChange,
  sites,
  siteName,
  types,
}: {
  filter: StatusFilter;
  onChange: (next: Partial<StatusFilter>) => void;
  sites: readonly Site[];
  siteName: (id: string) => string;
  /** The types present in the list. */
  types: ReadonlySet<DeviceType>;
}) {
  const { t } = useTranslation(['devicesStatus']);
  const filtered = filter.site || filter.type || filter.state || filter.text;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label={t('devicesStatus:filters.label')}>
      <Select
        label={t('devicesStatus:filters.site')}
        placeholder={t('devicesStatus:filters.allSites')}
        data={sites.map((s) => ({ value: s.id, label: siteName(s.id) }))}
        value={filter.site}
        onChange={(site) => onChange({ site })}
        clearable
        w={200}
        data-testid="filter-site"
      />
      <Select
        label={t('devicesStatus:filters.type')}
        placeholder={t('devicesStatus:filters.allTypes')}
        data={deviceTypes
          .filter((type) => types.has(type))
          .map((type) => ({ value: type, label: t(`devicesStatus:type.${type}`) }))}
        value={filter.type}
        onChange={(type) => onChange({ type: type as DeviceType | null })}
        clearable
        w={200}
        data-testid="filter-type"
      />
      <Select
        label={t('devicesStatus:filters.state')}
        placeholder={t('devicesStatus:filters.allStates')}
        data={byRank.map((state) => ({ value: state, label: t(`devicesStatus:state.${state}`) }))}
        value={filter.state}
        onChange={(state) => onChange({ state: state as DeviceStatusState | null })}
        clearable
        w={170}
        data-testid="filter-state"
      />
      <TextInput
        label={t('devicesStatus:filters.search')}
        placeholder={t('devicesStatus:filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={filter.text}
        onChange={(e) => onChange({ text: e.currentTarget.value })}
        w={260}
        data-testid="filter-text"
      />
      {filtered && (
        <Button variant="subtle" onClick={() => onChange({ site: null, type: null, state: null, text: '' })}>
          {t('devicesStatus:filters.clear')}
        </Button>
      )}
    </Group>
  );
}
