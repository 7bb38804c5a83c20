// Analysis history (/analysis/history): an operator or asset manager reviews a period. The daily KPIs the
// hub's scheduled job keeps (energy against expected, specific yield, IEC 61724 performance ratio,
// insolation, availability, capacity factor), per site or per generator of one site, as totals, charts
// and a sortable table exported as CSV; then the alarm system's own health over the same days. What is
// shown lives in the address, so that a link reproduces the view.
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import type { DailyKpis } from '@voltscope/shared/kpis';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { sortSites, useSites } from '../../data/sites.ts';
import { useKept } from '../../data/useKept.ts';
import { formatRelativeTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { useAbility } from '../../session/ability.ts';
import { api, call } from '../../session/api.ts';
import { IconFileSearch, IconRefresh } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { dayIn } from '../../ui/PeriodPicker.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { AlarmHealthSection } from './AlarmHealthSection.tsx';
import { AnalysisFilters } from './AnalysisFilters.tsx';
import { useAnalysisFormat } from './analysisFormat.ts';
import { IconCalculator } from './analysisIcons.tsx';
import {
  type AnalysisView,
  dailyQuery,
  dayRange,
  healthQuery,
  instantsOf,
  listDays,
  parseView,
  writeView,
} from './analysisQuery.ts';
import { CsvExportButton } from './CsvExportButton.tsx';
import { figuresOf, hasFigures } from './dailyFigures.ts';
import { KpiTable, type RowFacts } from './KpiTable.tsx';
import { PerformanceCharts, PeriodTiles } from './PerformanceCharts.tsx';
import { useRulePriorities, useSiteDevices } from './useAnalysisData.ts';

const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** A page left open follows the hub's job (every 15 minutes) and the clock. */
const REFRESH_MS = 5 * 60_000;

function NoFigures({
  kind,
  canRecompute,
  onRecompute,
  onRetry,
  recomputing,
}: {
  kind: 'notComputed' | 'noMeasurements';
  canRecompute: boolean;
  onRecompute: () => void;
  onRetry: () => void;
  recomputing: boolean;
}) {
  const { t } = useTranslation(['analysis', 'common']);
  return (
    <Paper withBorder p="xl" radius="md" mb="md" data-testid="daily-empty" data-kind={kind}>
      <Stack align="center" gap="xs">
        <IconFileSearch size={28} />
        <Text fw={600} ta="center">
          {t('analysis:empty.title')}
        </Text>
        <Text size="sm" ta="center" maw={560}>
          {t(`analysis:empty.${kind}`)}
        </Text>
        <Group gap="sm">
          <Button variant="default" size="sm" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
            {t('analysis:empty.checkAgain')}
          </Button>
          {canRecompute && kind === 'notComputed' && (
            <Button size="sm" leftSection={<IconCalculator />} loading={recomputing} onClick={onRecompute}>
              {t('analysis:recompute.action')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

export function AnalysisHistoryPage() {
  const { t } = useTranslation(['analysis', 'common']);
  const lng = useLanguage();
  const format = useAnalysisFormat();
  const canRecompute = useAbility().can('update', 'Alarm');
  const [params, setParams] = useSearchParams();
  const paramsKey = params.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `paramsKey` stands for `params`
  const view = useMemo(() => parseView(params), [paramsKey]);
  const setView = (next: AnalysisView) => setParams(writeView(next), { replace: true });

  const sites = useSites();
  const siteData = sites.status === 'ready' ? sites.data : null;
  const siteList = useMemo(() => (siteData ? sortSites(siteData, lng) : null), [siteData, lng]);
  const siteById = useMemo(() => new Map((siteList ?? []).map((s) => [s.id, s])), [siteList]);
  // Sites named in a link that the user may not read are left out rather than asked for.
  const chosen = siteList ? view.sites.filter((id) => siteById.has(id)) : view.sites;
  const oneSite: Site | undefined = chosen.length === 1 ? siteById.get(chosen[0] as string) : undefined;
  const zone = oneSite?.timeZone ?? viewerZone;

  const [asOf, setAsOf] = useState(() => Date.now());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view's fields that make its range
  const range = useMemo(() => dayRange(view, zone, asOf), [view.preset, view.from, view.to, zone, asOf]);
  const days = useMemo(() => listDays(range), [range]);
  const span = useMemo(() => instantsOf(range, zone, asOf), [range, zone, asOf]);

  const allIds = useMemo(() => (siteList ?? []).map((s) => s.id), [siteList]);
  const devices = useSiteDevices(allIds, lng);
  const generators = useMemo(() => (oneSite ? devices.generatorsOf(oneSite.id) : []), [oneSite, devices]);
  const byGenerator = view.byGenerator && oneSite !== undefined;
  const generatorIds = byGenerator ? (view.devices.length > 0 ? view.devices : generators.map((d) => d.id)) : null;
  const dailyReady = siteList !== null && (!byGenerator || (devices.ready && (generatorIds?.length ?? 0) > 0));
  const dailyCall = dailyReady
    ? call('GET /api/analysis/daily', { query: dailyQuery(chosen, generatorIds, range) })
    : null;
  const daily = useKept(dailyCall);
  const csvPath = dailyReady
    ? call('GET /api/analysis/daily', { query: dailyQuery(chosen, generatorIds, range, 'csv') }).path
    : null;
  const health = useKept(
    siteList ? call('GET /api/analysis/alarm-health', { query: healthQuery(chosen, span) }) : null,
  );
  const priorities = useRulePriorities();

  const { reload: reloadDaily } = daily;
  const { reload: reloadHealth } = health;
  const refresh = useCallback(() => {
    setAsOf(Date.now());
    reloadDaily();
    reloadHealth();
  }, [reloadDaily, reloadHealth]);
  useEffect(() => {
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  const [recompute, setRecompute] = useState<'idle' | 'busy' | 'failed'>('idle');
  const runRecompute = () => {
    setRecompute('busy');
    api(call('POST /api/analysis/recompute')).then(
      () => {
        setRecompute('idle');
        refresh();
      },
      () => setRecompute('failed'),
    );
  };

  const rows = daily.data ?? [];
  const figures = useMemo(() => figuresOf(rows), [rows]);
  const nameOf = useCallback(
    (row: DailyKpis) =>
      row.deviceId
        ? (devices.byId.get(row.deviceId)?.name ?? row.deviceId)
        : (siteById.get(row.siteId)?.name ?? row.siteId),
    [devices, siteById],
  );
  const isSolar = useCallback((row: DailyKpis) => siteById.get(row.siteId)?.kind === 'solar', [siteById]);
  const isToday = useCallback(
    (row: DailyKpis) => row.day === dayIn(siteById.get(row.siteId)?.timeZone ?? zone, asOf),
    [siteById, zone, asOf],
  );
  const facts = useMemo<RowFacts>(
    () => ({ byGenerator, nameOf, isSolar, isToday }),
    [byGenerator, nameOf, isSolar, isToday],
  );
  const computedAt = rows.reduce((latest, r) => Math.max(latest, r.computedAt), 0);
  const empty = daily.data !== null && (rows.length === 0 || !hasFigures(rows));

  return (
    <>
      <PageHeader
        title={t('analysis:title')}
        subtitle={t('analysis:subtitle')}
        actions={
          <Group gap="sm" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={refresh}
              loading={daily.loading && daily.data === null}
              data-testid="refresh"
            >
              {t('analysis:refresh')}
            </Button>
            {canRecompute && (
              <Button
                variant="default"
                leftSection={<IconCalculator />}
                onClick={runRecompute}
                loading={recompute === 'busy'}
                data-testid="recompute"
              >
                {t('analysis:recompute.action')}
              </Button>
            )}
            <CsvExportButton path={csvPath} disabled={empty || daily.data === null} />
          </Group>
        }
      />
      {recompute === 'failed' && (
        <RetryAlert message={t('analysis:recompute.failed')} onRetry={runRecompute} testId="recompute-error" mb="md" />
      )}
      {sites.status === 'error' ? (
        <RetryAlert message={t('analysis:sitesError')} onRetry={sites.reload} testId="sites-error" mb="md" />
      ) : !siteList ? (
        <Skeleton h={96} mb="md" aria-label={t('analysis:loading')} aria-busy="true" />
      ) : (
        <AnalysisFilters
          view={view}
          onChange={setView}
          sites={siteList}
          generators={generators}
          range={range}
          timeZone={zone}
          format={format}
        />
      )}

      <section aria-labelledby="analysis-daily-title" data-testid="daily-section">
        <Group justify="space-between" align="baseline" gap="sm" mb="sm">
          <Title order={2} size="h3" id="analysis-daily-title">
            {t('analysis:daily.title')}
          </Title>
          {computedAt > 0 && (
            <Text size="xs" c="dimmed" data-testid="computed-at">
              {t('analysis:daily.computedAt', {
                when: formatRelativeTime(lng, computedAt),
                at: format.dateTime(computedAt, zone),
              })}
            </Text>
          )}
        </Group>
        {daily.error !== null && (
          <RetryAlert message={t('analysis:daily.loadError')} onRetry={daily.reload} testId="daily-error" mb="md" />
        )}
        {daily.data === null ? (
          daily.error === null && (
            <Stack gap="md" mb="md" aria-busy="true" aria-label={t('analysis:loading')}>
              <Skeleton h={84} />
              <Skeleton h={300} />
            </Stack>
          )
        ) : empty ? (
          <NoFigures
            kind={rows.length === 0 ? 'notComputed' : 'noMeasurements'}
            canRecompute={canRecompute}
            onRecompute={runRecompute}
            onRetry={refresh}
            recomputing={recompute === 'busy'}
          />
        ) : (
          <div aria-busy={daily.loading}>
            <PeriodTiles figures={figures} format={format} />
            <PerformanceCharts rows={rows} days={days} format={format} />
            <KpiTable
              rows={rows}
              figures={figures}
              facts={facts}
              format={format}
              busy={daily.loading}
              queryKey={dailyCall?.path ?? ''}
            />
          </div>
        )}
      </section>

      <AlarmHealthSection
        health={health.data}
        loading={health.loading}
        error={health.error}
        onRetry={health.reload}
        sites={siteById}
        devices={devices.byId}
        priorities={priorities}
        scope={chosen}
        timeZone={zone}
        format={format}
      />
    </>
  );
}
