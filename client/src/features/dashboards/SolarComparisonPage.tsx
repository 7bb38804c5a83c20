// Sites or inverters side by side over a period: their power normalised to capacity on one chart, and
// their energy, specific yield and performance ratio in a table where an underperformer stands out.
// What is compared and over when lives in the address, so a link reproduces the view.
import { Alert, Card, Group, Skeleton, Stack, Text, useComputedColorScheme } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import type { Device } from '@voltscope/shared/fleet';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { sortSites, useSites } from '../../data/sites.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { IconAlertTriangle } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { type Period, PeriodPicker, type PeriodPreset, usePeriodRange } from '../../ui/PeriodPicker.tsx';
import { ComparisonChart } from './ComparisonChart.tsx';
import { ComparisonPicker, isGenerator } from './ComparisonPicker.tsx';
import { ComparisonTable } from './ComparisonTable.tsx';
import {
  type CompareMode,
  type ComparisonQuery,
  keepOffered,
  MAX_ITEMS,
  parseComparison,
  writeComparison,
} from './comparisonQuery.ts';
import { NoSolarData } from './NoSolarData.tsx';
import { useSitesDevices } from './siteDevices.ts';
import { judge } from './underperformance.ts';
import { comparisonCall, usePeriodComparison } from './usePeriodComparison.ts';

const PRESETS: readonly PeriodPreset[] = ['today', '7d', '30d', 'custom'];
const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** What the page compares when the address names nothing: every site, or the first block of inverters. */
function defaultIds(
  mode: CompareMode,
  sites: readonly Site[],
  devices: ReadonlyMap<string, Device[]> | null,
): string[] {
  if (mode === 'sites') return sites.slice(0, MAX_ITEMS).map((s) => s.id);
  const site = sites.find((s) => s.kind === 'solar') ?? sites[0];
  const generators = ((site && devices?.get(site.id)) || []).filter(isGenerator);
  const firstBlock = generators[0]?.parentId;
  const block = firstBlock ? generators.filter((d) => d.parentId === firstBlock) : generators;
  return block.slice(0, MAX_ITEMS).map((d) => d.id);
}

export function SolarComparisonPage() {
  const { t } = useTranslation(['dashboards', 'common']);
  const lng = useLanguage();
  const scheme = useComputedColorScheme('light');
  const [params, setParams] = useSearchParams();
  const query = parseComparison(params);
  const sites = useSites();
  const siteList = useMemo(() => (sites.status === 'ready' ? sortSites(sites.data, lng) : null), [sites, lng]);
  const devices = useSitesDevices(query.mode === 'units' && siteList ? siteList.map((s) => s.id) : null);
  const deviceMap = query.mode === 'units' && devices.status === 'ready' ? devices.data : null;

  // Where each offered item belongs: a site is its own; a generator is its site's.
  const siteOfItem = useMemo(() => {
    const map = new Map<string, Site>();
    if (!siteList) return null;
    if (query.mode === 'sites') {
      for (const s of siteList) map.set(s.id, s);
      return map;
    }
    if (!deviceMap) return null;
    for (const s of siteList) for (const d of deviceMap.get(s.id) ?? []) if (isGenerator(d)) map.set(d.id, s);
    return map;
  }, [siteList, deviceMap, query.mode]);

  const wanted = query.ids ?? (siteList ? defaultIds(query.mode, siteList, deviceMap) : []);
  const { kept, dropped } = siteOfItem ? keepOffered(wanted, new Set(siteOfItem.keys())) : { kept: [], dropped: 0 };
  const zoneSite = kept[0] ? siteOfItem?.get(kept[0]) : undefined;
  const timeZone = zoneSite?.timeZone ?? viewerZone;
  const range = usePeriodRange(query.period, timeZone);
  const request =
    siteOfItem && kept.length > 0
      ? comparisonCall(query.mode === 'sites' ? kept : [], query.mode === 'units' ? kept : [], range)
      : null;
  const comparison = usePeriodComparison(request);

  const update = (next: Partial<ComparisonQuery>) =>
    setParams((p) => writeComparison(p, { ...query, ids: kept, ...next }), { replace: true });
  // The address always says what is on screen: defaults are written into it once known.
  const defaultsKnown = siteOfItem !== null && query.ids === null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the defaults are known.
  useEffect(() => {
    if (defaultsKnown) setParams((p) => writeComparison(p, { ...query, ids: kept }), { replace: true });
  }, [defaultsKnown]);

  const judgements = useMemo(
    () =>
      judge(
        (comparison.data?.items ?? []).map((item) => ({
          id: item.id,
          yieldGroup: item.siteId,
          ratioGroup: siteList?.find((s) => s.id === item.siteId)?.kind ?? 'other',
          specificYield: item.specificYield,
          performanceRatio: item.performanceRatio,
        })),
      ),
    [comparison.data, siteList],
  );
  const data = comparison.data;
  const empty = data?.items.every((i) => i.energyKwh === null && i.normalisedPower.every((v) => v === null));

  return (
    <>
      <PageHeader title={t('dashboards:compare.title')} subtitle={t('dashboards:compare.subtitle')} />
      <Stack gap="lg">
        <Card>
          {!siteList ? (
            sites.status === 'error' ? (
              <Alert color="red" variant="light" role="alert">
                {t('dashboards:loadError')}
              </Alert>
            ) : (
              <Skeleton h={90} />
            )
          ) : (
            <Stack gap="md">
              <ComparisonPicker
                mode={query.mode}
                onMode={(mode) =>
                  setParams((p) => writeComparison(p, { ...query, mode, ids: null }), { replace: true })
                }
                sites={siteList}
                devices={deviceMap}
                chosen={kept}
                onChoose={(ids) => update({ ids: ids.slice(0, MAX_ITEMS) })}
              />
              <Stack gap={4}>
                <PeriodPicker
                  value={query.period}
                  onChange={(period: Period) => update({ period })}
                  timeZone={timeZone}
                  presets={PRESETS}
                />
                <Text size="xs" c="dimmed" data-testid="period-zone">
                  {zoneSite
                    ? t('dashboards:compare.zone', { site: zoneSite.name, zone: timeZone.replaceAll('_', ' ') })
                    : t('dashboards:compare.zoneViewer')}
                </Text>
              </Stack>
            </Stack>
          )}
        </Card>

        {dropped > 0 && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} role="status" data-testid="dropped">
            {t('dashboards:compare.dropped', { formatted: formatNumber(lng, dropped) })}
          </Alert>
        )}
        {query.mode === 'units' && devices.status === 'error' && (
          <Alert color="red" variant="light" role="alert">
            {t('dashboards:compare.devicesError')}
          </Alert>
        )}
        {siteOfItem && kept.length === 0 && (
          <Text c="dimmed" data-testid="nothing-chosen">
            {t('dashboards:compare.nothingChosen')}
          </Text>
        )}
        {comparison.error !== null && (
          <Alert color="red" variant="light" role="alert" data-testid="comparison-error">
            {t('dashboards:compare.loadError')}
          </Alert>
        )}
        {request !== null && !data && comparison.loading && (
          <Stack gap="lg" aria-busy="true">
            <Skeleton h={400} radius="md" />
            <Skeleton h={240} radius="md" />
          </Stack>
        )}
        {data && request !== null && (
          <>
            {comparison.loading && (
              <Group gap="xs">
                <Text size="sm" c="dimmed" role="status">
                  {t('dashboards:compare.updating')}
                </Text>
              </Group>
            )}
            {empty ? (
              <NoSolarData what="comparison" />
            ) : (
              <>
                <ComparisonChart data={data} timeZone={timeZone} />
                <ComparisonTable
                  items={data.items}
                  judgements={judgements}
                  scheme={scheme}
                  kindOf={(siteId) => siteList?.find((s) => s.id === siteId)?.kind ?? 'solar'}
                />
              </>
            )}
          </>
        )}
      </Stack>
    </>
  );
}
