// Over 400 lines for now: the uPlot set-up, zoom and the hub's re-query share the chart's one instance;
// the band and legend drawing are the parts to move out when the chart next changes.
// A history chart fed by GET /api/series/history: per series its mean as a line and each bucket's
// minimum to maximum as a band (so a spike survives downsampling), over a time range in a site's time
// zone. Dragging across the plot (or the zoom buttons) asks the hub for the zoomed span again, which
// answers with finer buckets; "reset zoom" goes back to the range given. Series sharing a unit share an
// axis (the first unit at the start, the second at the end). The legend under the plot gives latest,
// minimum, mean and maximum over what is shown, and a hidden sentence per series says the same with the
// trend, for screen readers. Time runs left to right in every language: the plot does not mirror.
// With `liveSiteId`, while the period reaches now, the samples since its last bucket are drawn as they
// arrive (a bucket still filling, or rollups behind the newest samples, would show a mean, not the value
// a live tile shows: the chart's "latest" is the tile's). `markers` (an alarm raised, returned to
// normal) are drawn across the plot in their priority's colour, named under it and in the tooltip.
// Why one file of about 560 lines: the model (paths, figures, zoom, formats, markers) already lives in
// historyView.ts, tested without uPlot or a DOM; what stays is one component whose plot, zoom controls,
// legend, live tail, markers and screen-reader sentences all read and change one load state (range, zoom,
// request, reply) and one uPlot instance. Split into components, each would take that state, the plot and
// their setters as props and the file would only move. (The alarm markers' drawing and list are ChartMarkers.tsx;
// the live tail is the next to leave, as a hook over the plot instance, if the file grows again.)
//
//   <HistoryChart
//     title="AC power" timeZone={site.timeZone} range={usePeriodRange(period, site.timeZone)}
//     series={[{ id: 42, label: 'AC power', unit: 'kW', format: (kw) => `${kw} kW` }]}
//   />
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Stack,
  Text,
  Tooltip,
  useComputedColorScheme,
  useDirection,
  VisuallyHidden,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { useLanguage } from '../i18n/useLanguage.ts';
import { liveStore } from '../live/liveStore.ts';
import { loadHistory } from '../live/loadHistory.ts';
import { api, call } from '../session/api.ts';
import { MarkerList, markerDrawer } from './ChartMarkers.tsx';
import { ChartTooltip, pointAtCursor, setTooltipLines } from './ChartTooltip.tsx';
import { chartColors } from './chartTheme.ts';
import {
  type ChartMarker,
  dayFormat,
  formatBucket,
  fullFormat,
  type HistoryChartProps,
  type HistorySeriesSpec,
  historyQuery,
  hourInZone,
  type LoadState,
  liveTailStart,
  MIN_ZOOM_MS,
  palettes,
  scaleView,
  selectionView,
  seriesStats,
  statColumns,
  type TimeRange,
  timeFormat,
  toColumns,
  withLiveTail,
} from './historyView.ts';
import { mountUplot } from './mountUplot.ts';

const noMarkers: readonly ChartMarker[] = [];

/** Sets an element's text if it differs. */
const writeText = (element: Element | null | undefined, text: string) => {
  if (element && element.textContent !== text) element.textContent = text;
};

export function HistoryChart({
  series,
  range,
  timeZone,
  title,
  height = 320,
  maxPoints,
  onViewChange,
  markers = noMarkers,
  liveSiteId,
}: HistoryChartProps) {
  const { t } = useTranslation(['overview', 'common', 'devices']);
  const lng = useLanguage();
  const scheme = useComputedColorScheme('light');
  const { dir } = useDirection();
  const summaryId = useId();
  const { ref: sizeRef, width } = useElementSize();
  const plotRef = useRef<HTMLDivElement | null>(null);
  const tooltipRef = useRef<HTMLDivElement | null>(null);
  const [zoom, setZoom] = useState<TimeRange | null>(null);
  const [state, setState] = useState<LoadState>({ status: 'loading', previous: null });
  const [attempt, setAttempt] = useState(0);

  // A zoom is kept while the range still contains it ("today" moving on each minute keeps it).
  const zoomInside = zoom && zoom.from >= range.from && zoom.to <= range.to + 60_000 ? zoom : null;
  const view = zoomInside ?? range;
  const zoomed = zoomInside !== null;
  const ids = useMemo(() => series.map((s) => s.id), [series]);
  const idsKey = ids.join(',');
  // One bucket per two pixels, in steps of 100 so a small resize does not reload.
  const points = maxPoints ?? (width > 0 ? Math.max(100, Math.round(width / 200) * 100) : 0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger.
  useEffect(() => {
    const asked = { from: view.from, to: view.to };
    if (!idsKey) {
      // Nothing to ask for (a device without these series): an empty chart, not an endless loader.
      setState({
        status: 'ready',
        data: { view: asked, reply: { resolution: 'raw', bucketMs: 0, ts: [], series: [] } },
      });
      return;
    }
    if (points === 0) return;
    const controller = new AbortController();
    setState((s) => ({ status: 'loading', previous: s.status === 'ready' ? s.data : s.previous }));
    const query = historyQuery(idsKey.split(',').map(Number), asked, points);
    api(call('GET /api/series/history', { query }), { signal: controller.signal }).then(
      // A reply that comes after the chart asked again (another view) is stale, even if it arrived whole:
      // replies need not come in the order asked (a larger one is compressed longer).
      (reply) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data: { view: asked, reply } });
      },
      () => {
        if (!controller.signal.aborted)
          setState((s) => ({ status: 'error', previous: s.status === 'ready' ? s.data : s.previous }));
      },
    );
    return () => controller.abort();
  }, [idsKey, view.from, view.to, points, attempt]);

  const shown = state.status === 'ready' ? state.data : state.previous;
  const onViewChangeRef = useRef(onViewChange);
  onViewChangeRef.current = onViewChange;
  useEffect(() => {
    if (state.status !== 'ready') return;
    const { view: v, reply } = state.data;
    onViewChangeRef.current?.({
      ...v,
      zoomed: zoomInside !== null,
      resolution: reply.resolution,
      bucketMs: reply.bucketMs,
    });
  }, [state, zoomInside]);

  // What the plot reads on each redraw; refs so that a load redraws without rebuilding the plot.
  const dataRef = useRef<uPlot.AlignedData>(toColumns(series, undefined));
  const viewRef = useRef<TimeRange>(view);
  const rangeRef = useRef<TimeRange>(range);
  rangeRef.current = range;
  const specsRef = useRef(series);
  specsRef.current = series;
  const chartRef = useRef<{ redraw: () => void } | null>(null);
  const markersRef = useRef(markers);
  markersRef.current = markers;
  const markerWords = { raised: t('devices:chart.raised'), cleared: t('devices:chart.cleared') };
  const markerWordsRef = useRef(markerWords);
  markerWordsRef.current = markerWords;
  // The newest live sample drawn (ms), when the chart draws a live tail: the time axis reaches it.
  const tailEndRef = useRef<number | null>(null);
  // The legend's "latest" cells: written here, not by React, as live samples arrive.
  const latestCells = useRef<(HTMLElement | null)[]>([]);

  const colors = useMemo(
    () => series.map((s, i) => s.color ?? palettes[scheme][i % palettes[scheme].length] ?? '#888'),
    [series, scheme],
  );
  const units = useMemo(() => [...new Set(series.map((s) => s.unit))], [series]);

  const stats = useMemo(() => {
    const byId = new Map(shown?.reply.series.map((s) => [s.id, s]));
    return series.map((spec) => {
      const s = byId.get(spec.id);
      return s ? seriesStats(s.avg, s.min, s.max) : seriesStats([], [], []);
    });
  }, [shown, series]);

  useEffect(() => {
    viewRef.current = shown?.view ?? view;
    const writeLatest = (values: readonly (number | null)[]) =>
      series.forEach((spec, i) => {
        const v = values[i];
        writeText(latestCells.current[i], v === null || v === undefined ? '—' : spec.format(v));
      });
    // A zoom stays as chosen: only the whole period, when it reaches now, grows a live tail.
    const tailFrom = shown && liveSiteId && !zoomed ? liveTailStart(shown.reply, shown.view, Date.now()) : null;
    if (!shown || !liveSiteId || tailFrom === null) {
      dataRef.current = toColumns(series, shown?.reply);
      tailEndRef.current = null;
      writeLatest(stats.map((s) => s.latest));
      chartRef.current?.redraw();
      return;
    }
    // The view reaches now: the samples since its last bucket are drawn one by one, as the live tiles
    // show them, first from the hub's raw samples (the live rings may not reach that far back), then as
    // frames arrive (at most once per animation frame, outside React).
    const draw = () => {
      const tail = withLiveTail(series, shown.reply, tailFrom, (id, since, visit) => liveStore.each(id, since, visit));
      dataRef.current = tail.columns;
      tailEndRef.current = tail.end;
      writeLatest(tail.latest);
      chartRef.current?.redraw();
    };
    let pending = 0;
    const schedule = () => {
      if (pending === 0)
        pending = requestAnimationFrame(() => {
          pending = 0;
          draw();
        });
    };
    draw();
    const controller = new AbortController();
    loadHistory(liveStore, liveSiteId, ids, { from: tailFrom, to: Date.now() }, { signal: controller.signal }).catch(
      () => {},
    );
    const stop = liveStore.onFrame(liveSiteId, schedule);
    return () => {
      stop();
      controller.abort();
      cancelAnimationFrame(pending);
    };
  }, [shown, series, view, liveSiteId, ids, stats, zoomed]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new marks are drawn on the plot as it is.
  useEffect(() => {
    chartRef.current?.redraw();
  }, [markers]);

  // The plot itself: rebuilt when the series, theme, language or zone change, not when data arrives.
  useEffect(() => {
    const element = plotRef.current;
    if (!element) return;
    const theme = chartColors(element, scheme);
    const specs = specsRef.current;
    const time = timeFormat(lng, timeZone);
    const day = dayFormat(lng, timeZone);
    const full = fullFormat(lng, timeZone);
    const hour = hourInZone(timeZone);
    // Narrow charts (phones) get narrower value axes.
    const axisSize = element.clientWidth < 500 ? 58 : 76;
    const axisFor = (unit: string, index: number): uPlot.Axis => {
      const first = specs.find((s) => s.unit === unit);
      return {
        scale: unit,
        side: index === 0 ? 3 : 1,
        stroke: theme.dimmed,
        grid: { show: index === 0, stroke: theme.grid, width: 1 },
        ticks: { stroke: theme.grid, width: 1 },
        size: axisSize,
        values: (_u, splits) => splits.map((v) => (first ? first.format(v) : String(v))),
      };
    };
    const scales: uPlot.Scales = {
      x: {
        time: true,
        range: () => [viewRef.current.from / 1000, Math.max(viewRef.current.to, tailEndRef.current ?? 0) / 1000],
      },
    };
    const drawMarkers = markerDrawer(element, () => markersRef.current);
    for (const unit of units) {
      const zero = specs.some((s) => s.unit === unit && s.zero !== false);
      scales[unit] = {
        range: (_u, min, max) => {
          if (min === null || max === null || !Number.isFinite(min) || !Number.isFinite(max)) return [0, 1];
          const lo = zero ? Math.min(0, min) : min;
          const hi = zero ? Math.max(0, max) : max;
          // A flat line (a night of zeros) still gets an axis: one unit above it, or 5 % of its value.
          const pad = hi > lo ? (hi - lo) * 0.05 : Math.max(1, Math.abs(hi) * 0.05);
          const bottom = zero && lo === 0 ? 0 : lo - pad;
          return [bottom, zero && hi === 0 && lo < 0 ? 0 : hi + pad];
        },
      };
    }
    const uSeries: uPlot.Series[] = [{}];
    const bands: uPlot.Band[] = [];
    specs.forEach((spec, i) => {
      const color = colors[i] ?? '#888';
      const base = 1 + i * 3;
      uSeries.push(
        {
          label: spec.label,
          scale: spec.unit,
          stroke: color,
          width: 2,
          dash: i % 2 ? [6, 4] : [],
          points: { show: false },
        },
        { scale: spec.unit, stroke: 'transparent', width: 0, points: { show: false }, show: spec.band !== false },
        { scale: spec.unit, stroke: 'transparent', width: 0, points: { show: false }, show: spec.band !== false },
      );
      if (spec.band !== false) bands.push({ series: [base + 2, base + 1], fill: `${color}33` });
    });
    const showTooltip = (u: uPlot) => {
      const el = tooltipRef.current;
      if (!el) return;
      const point = pointAtCursor(el, u);
      if (!point) return;
      const { i: idx, x } = point;
      const rows = [full.format(x * 1000)];
      specsRef.current.forEach((spec, i) => {
        const col = (k: number) => u.data[1 + i * 3 + k]?.[idx] as number | null | undefined;
        const mean = col(0);
        const lo = col(1);
        const hi = col(2);
        if (mean === null || mean === undefined) {
          rows.push(`${spec.label}: —`);
          return;
        }
        const extent =
          lo !== null && lo !== undefined && hi !== null && hi !== undefined && hi !== lo
            ? ` (${spec.format(lo)} – ${spec.format(hi)})`
            : '';
        rows.push(`${spec.label}: ${spec.format(mean)}${extent}`);
      });
      // The alarm marks under the cursor (within 4 pixels), named.
      const left = u.cursor.left ?? 0;
      for (const m of markersRef.current) {
        if (Math.abs(u.valToPos(m.ts / 1000, 'x') - left) <= 4)
          rows.push(`${markerWordsRef.current[m.kind]}: ${m.label}`);
      }
      setTooltipLines(el, rows);
      el.style.display = 'block';
      // Plot coordinates are physical (the plot does not mirror): place the box on the roomier side.
      el.style.left = `${left > u.width / 2 ? Math.max(0, left - el.offsetWidth - 12) : left + 70}px`;
    };
    const chart = mountUplot(
      element,
      (w, h) => ({
        width: w,
        height: h,
        legend: { show: false },
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
        cursor: { y: false, drag: { x: true, y: false, setScale: false }, points: { show: false } },
        select: { show: true, left: 0, top: 0, width: 0, height: 0 },
        scales,
        axes: [
          {
            stroke: theme.dimmed,
            grid: { stroke: theme.grid, width: 1 },
            ticks: { stroke: theme.grid, width: 1 },
            space: 64,
            // A tick at local midnight reads as the date, the others as the time of day.
            values: (_u, splits) =>
              splits.map((s) => {
                const at = s * 1000;
                return hour.format(at) === '00:00' ? day.format(at) : time.format(at);
              }),
          },
          ...units.map(axisFor),
        ],
        series: uSeries,
        bands,
        hooks: {
          draw: [drawMarkers],
          setCursor: [showTooltip],
          setSelect: [
            (u) => {
              if (u.select.width >= 4) {
                const from = u.posToVal(u.select.left, 'x') * 1000;
                const to = u.posToVal(u.select.left + u.select.width, 'x') * 1000;
                setZoom(selectionView(from, to, rangeRef.current));
              }
              u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
            },
          ],
        },
      }),
      () => dataRef.current,
    );
    chartRef.current = chart;
    chart.redraw();
    return () => {
      chartRef.current = null;
      chart.dispose();
    };
  }, [scheme, lng, timeZone, units, colors]);

  const hasData = stats.some((s) => s.latest !== null);
  const full = fullFormat(lng, timeZone);
  const shownView = shown?.view ?? view;
  const fromText = full.format(shownView.from);
  const toText = full.format(shownView.to);
  const show = (spec: HistorySeriesSpec, v: number | null) => (v === null ? '—' : spec.format(v));
  // The marks the plot shows (those of a moment after the view's end, on a live tail, included).
  const markersShown = markers.filter((m) => m.ts >= shownView.from && (zoomed ? m.ts <= shownView.to : true));
  const canZoomIn = view.to - view.from > MIN_ZOOM_MS * 1.5;

  return (
    <Stack gap="xs" data-testid="history-chart" data-state={state.status} data-zoomed={zoomed}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed" data-testid="history-resolution">
          {shown && hasData
            ? `${
                shown.reply.resolution === 'raw' && shown.reply.bucketMs <= 1000
                  ? t('overview:history.resolutionRaw')
                  : t('overview:history.resolution', { bucket: formatBucket(lng, shown.reply.bucketMs) })
              }${canZoomIn ? ` · ${t('overview:history.zoomHint')}` : ''}`
            : ' '}
        </Text>
        <Group gap={4} wrap="nowrap">
          {state.status === 'loading' && shown && <Loader size="xs" aria-label={t('overview:history.loading')} />}
          <Tooltip label={t('overview:history.zoomIn')}>
            <ActionIcon
              variant="default"
              aria-label={t('overview:history.zoomIn')}
              disabled={!canZoomIn}
              onClick={() => setZoom(scaleView(view, range, 0.5))}
            >
              <span aria-hidden="true">+</span>
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('overview:history.zoomOut')}>
            <ActionIcon
              variant="default"
              aria-label={t('overview:history.zoomOut')}
              disabled={!zoomed}
              onClick={() => {
                const next = scaleView(view, range, 2);
                setZoom(next.from <= range.from && next.to >= range.to ? null : next);
              }}
            >
              <span aria-hidden="true">−</span>
            </ActionIcon>
          </Tooltip>
          {zoomed && (
            <Button size="compact-sm" variant="light" onClick={() => setZoom(null)} data-testid="history-reset">
              {t('overview:history.resetZoom')}
            </Button>
          )}
        </Group>
      </Group>
      {zoomed && (
        <Text size="xs" c="dimmed">
          {t('overview:history.zoomed', { from: fromText, to: toText })}
        </Text>
      )}
      <Box ref={sizeRef} pos="relative" h={height}>
        <div
          ref={plotRef}
          dir="ltr"
          role="img"
          aria-label={title}
          aria-describedby={summaryId}
          style={{ width: '100%', height: '100%' }}
        />
        <ChartTooltip ref={tooltipRef} dir={dir} />
        {!shown && state.status === 'loading' && (
          <Group pos="absolute" inset={0} justify="center" bg="var(--mantine-color-body)" style={{ opacity: 0.8 }}>
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('overview:history.loading')}
            </Text>
          </Group>
        )}
        {shown && !hasData && state.status !== 'loading' && (
          <Group pos="absolute" inset={0} justify="center" style={{ pointerEvents: 'none' }}>
            <Text c="dimmed" data-testid="history-empty">
              {t('overview:history.empty')}
            </Text>
          </Group>
        )}
      </Box>
      {state.status === 'error' && (
        <Alert color="red" variant="light" role="alert">
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t('overview:history.error')}</Text>
            <Button size="compact-sm" variant="light" color="red" onClick={() => setAttempt((n) => n + 1)}>
              {t('overview:history.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {shown && hasData && (
        <Box
          component="table"
          fz="xs"
          style={{ borderCollapse: 'collapse', width: 'max-content', maxWidth: '100%' }}
          data-testid="history-legend"
        >
          <thead>
            <tr>
              <Box component="th" ta="start" />
              {statColumns.map((k) => (
                <Box component="th" key={k} ta="end" px="xs" c="dimmed" fw={500}>
                  {t(`overview:history.${k}`)}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {series.map((spec, i) => {
              const s = stats[i];
              return (
                <tr key={spec.id}>
                  <Box component="th" ta="start" fw={500} pe="xs">
                    <Group gap={6} wrap="nowrap">
                      <Box
                        aria-hidden="true"
                        w={16}
                        h={0}
                        style={{ borderTop: `2px ${i % 2 ? 'dashed' : 'solid'} ${colors[i]}` }}
                      />
                      {spec.label}
                    </Group>
                  </Box>
                  {statColumns.map((k) =>
                    k === 'latest' ? (
                      // Written by the data effect above (a live tail rewrites it as samples arrive).
                      <Box
                        component="td"
                        key={k}
                        ta="end"
                        px="xs"
                        style={{ whiteSpace: 'nowrap' }}
                        data-testid="history-latest"
                        data-series-id={spec.id}
                        ref={(el: HTMLElement | null) => {
                          latestCells.current[i] = el;
                          if (el && !el.textContent) writeText(el, show(spec, s?.latest ?? null));
                        }}
                      />
                    ) : (
                      <Box component="td" key={k} ta="end" px="xs" style={{ whiteSpace: 'nowrap' }}>
                        {show(spec, s?.[k] ?? null)}
                      </Box>
                    ),
                  )}
                </tr>
              );
            })}
          </tbody>
        </Box>
      )}
      <MarkerList markers={markersShown} words={markerWords} format={full} />
      <VisuallyHidden id={summaryId}>
        {series.map((spec, i) => {
          const s = stats[i];
          return (
            <span key={spec.id}>
              {s && s.latest !== null
                ? t('overview:history.summary', {
                    label: spec.label,
                    latest: show(spec, s.latest),
                    min: show(spec, s.min),
                    max: show(spec, s.max),
                    mean: show(spec, s.mean),
                    trend: t(`overview:history.${s.trend ?? 'steady'}`),
                    from: fromText,
                    to: toText,
                  })
                : t('overview:history.noValues', { label: spec.label, from: fromText, to: toText })}{' '}
            </span>
          );
        })}
      </VisuallyHidden>
    </Stack>
  );
}
