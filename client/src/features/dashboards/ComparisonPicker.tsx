// Choosing what to compare: whole sites (as chips, there are few), or inverters and turbines (searchable,
// grouped by site, with a shortcut for a whole block of inverters under one transformer). Only what the
// signed-in user may read is offered: the lists come from the hub, which filters them.
import { Chip, Group, MultiSelect, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import type { Device } from '@voltscope/shared/fleet';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { type CompareMode, MAX_ITEMS } from './comparisonQuery.ts';

export const isGenerator = (d: Device) => d.type === 'inverter' || d.type === 'wind_turbine';

export interface Block {
  id: string;
  label: string;
  deviceIds: string[];
}

/** Each transformer with generators beneath it: a block that is often compared as a whole. */
export function blocksOf(sites: readonly Site[], devices: ReadonlyMap<string, Device[]>): Block[] {
  return sites.flatMap((site) => {
    const list = devices.get(site.id) ?? [];
    return list
      .filter((d) => d.type === 'transformer')
      .map((tr) => ({
        id: tr.id,
        label: `${site.name} · ${tr.name}`,
        deviceIds: list.filter((d) => isGenerator(d) && d.parentId === tr.id).map((d) => d.id),
      }))
      .filter((b) => b.deviceIds.length > 0);
  });
}

export function ComparisonPicker({
  mode,
  onMode,
  sites,
  devices,
  chosen,
  onChoose,
}: {
  mode: CompareMode;
  onMode: (mode: CompareMode) => void;
  sites: readonly Site[];
  /** Null while the devices load (units mode only). */
  devices: ReadonlyMap<string, Device[]> | null;
  chosen: readonly string[];
  onChoose: (ids: string[]) => void;
}) {
  const { t } = useTranslation(['dashboards', 'common']);
  const lng = useLanguage();
  const blocks = devices ? blocksOf(sites, devices) : [];
  const groups = devices
    ? sites
        .map((site) => ({
          group: site.name,
          items: (devices.get(site.id) ?? [])
            .filter(isGenerator)
            .map((d) => ({ value: d.id, label: `${d.name} · ${site.name}` })),
        }))
        .filter((g) => g.items.length > 0)
    : [];

  return (
    <Stack gap="sm">
      <SegmentedControl
        value={mode}
        onChange={(value) => onMode(value === 'units' ? 'units' : 'sites')}
        aria-label={t('dashboards:compare.mode')}
        data={[
          { value: 'sites', label: t('dashboards:compare.sites') },
          { value: 'units', label: t('dashboards:compare.units') },
        ]}
        data-testid="compare-mode"
        w="fit-content"
      />
      {mode === 'sites' ? (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="compare-sites-label">
            {t('dashboards:compare.chooseSites')}
          </Text>
          <Chip.Group multiple value={[...chosen]} onChange={onChoose}>
            <Group gap="xs" role="group" aria-labelledby="compare-sites-label" data-testid="site-chips">
              {sites.map((site) => (
                <Chip key={site.id} value={site.id} variant="light" data-testid="site-chip">
                  {site.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      ) : (
        <Group align="flex-end" gap="sm" wrap="wrap">
          <MultiSelect
            label={t('dashboards:compare.chooseUnits')}
            description={t('dashboards:compare.max', { max: formatNumber(lng, MAX_ITEMS) })}
            placeholder={chosen.length === 0 ? t('dashboards:compare.search') : undefined}
            data={groups}
            value={[...chosen]}
            onChange={onChoose}
            maxValues={MAX_ITEMS}
            searchable
            clearable
            limit={200}
            disabled={!devices}
            miw={280}
            flex={1}
            data-testid="unit-picker"
          />
          {blocks.length > 0 && (
            <Select
              label={t('dashboards:compare.block')}
              placeholder={t('dashboards:compare.blockPlaceholder')}
              data={blocks.map((b) => ({ value: b.id, label: b.label }))}
              value={null}
              onChange={(id) => {
                const block = blocks.find((b) => b.id === id);
                if (block) onChoose(block.deviceIds.slice(0, MAX_ITEMS));
              }}
              w={260}
              data-testid="block-picker"
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
