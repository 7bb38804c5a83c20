// The trend beside an alarm: its rule's series from 30 minutes before the raise to 30 minutes after (or
// up to now, read again each minute until the span is over), with the rule's limit drawn as a dashed line
// (high and low limits; a fault code or a rate has none in the series' unit) and the raise marked by a
// vertical line. Times in the reader's zone, as the console gives them. A chart through the plots'
// uPlot helpers: new data is a redraw of the same chart, never a React render per sample.
import { Group, Loader, Text } from '@mantine/core';
import type { Alarm, AlarmRule } from '@voltscope/shared/alarms';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type uPlot from 'uplot';
import { formatNumber, localDigits } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { myTimeZone } from '../../logs/logTime.ts';
import { themedAxis } from '../../plots/chartTheme.ts';
import { historyQuery, timeFormat } from '../../plots/historyView.ts';
import { PlotBox } from '../../plots/PlotBox.tsx';
import { useUplot } from '../../plots/useUplot.ts';
import type { Reply } from '../../session/api.ts';
import { api, call } from '../../session/api.ts';
import { useLatest } from '../../ui/useLatest.ts';

const SPAN_MS = 30 * 60_000;
const REREAD_MS = 60_000;
const POINTS = 240;

type DeviceDetail = Reply<'GET /api/devices/:id'>;
type SeriesInfo = DeviceDetail['series'][number];

/** A device's series, read once per device for the session (they do not change while it runs). */
const devices = new Map<string, Promise<DeviceDetail>>();
function deviceDetail(id: string): Promise<DeviceDetail> {
  let detail = devices.get(id);
  if (!detail) {
    detail = api(call('GET /api/devices/:id', { params: { id } }));
    detail.catch(() => devices.delete(id));
    devices.set(id, detail);
  }
  return detail;
}

type Trend =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'none' }
  | { status: 'ready'; series: SeriesInfo; ts: number[]; values: (number | null)[] };

/** The limit drawn: high and low limits are in the series' unit; a fault code or a rate is not. */
const limitOf = (rule: AlarmRule): number | null =>
  rule.kind === 'high' || rule.kind === 'low' ? rule.threshold : null;

function useTrend(alarm: Alarm, rule: AlarmRule): Trend {
  const [trend, setTrend] = useState<Trend>({ status: 'loading' });
  const [tick, setTick] = useState(0);
  const end = alarm.raisedAt + SPAN_MS;
  const seriesKey = rule.seriesKey;

  // Until the span is over, read again each minute: the line grows towards its end.
  useEffect(() => {
    if (Date.now() >= end) return;
    const timer = setInterval(() => setTick((n) => n + 1), REREAD_MS);
    return () => clearInterval(timer);
  }, [end]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` is the re-read trigger.
  useEffect(() => {
    if (seriesKey === null) {
      setTrend({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    const { signal } = controller;
    const from = alarm.raisedAt - SPAN_MS;
    const to = Math.min(end, Date.now());
    deviceDetail(alarm.deviceId)
      .then(async (device) => {
        const series = device.series.find((s) => s.key === seriesKey);
        if (!series) return setTrend({ status: 'none' });
        const query = historyQuery([series.id], { from, to }, POINTS);
        const reply = await api(call('GET /api/series/history', { query }), { signal });
        setTrend({ status: 'ready', series, ts: reply.ts, values: reply.series[0]?.avg ?? [] });
      })
      .catch(() => {
        if (!signal.aborted) setTrend((t) => (t.status === 'ready' ? t : { status: 'error' }));
      });
    return () => controller.abort();
  }, [alarm.id, alarm.deviceId, alarm.raisedAt, end, seriesKey, tick]);

  return trend;
}

export function AlarmTrend({ alarm, rule }: { alarm: Alarm; rule: AlarmRule }) {
  const { t } = useTranslation(['alarmDetail']);
  const lng = useLanguage();
  const trend = useTrend(alarm, rule);
  const limit = limitOf(rule);

  if (trend.status === 'none') {
    return (
      <Text size="sm" c="dimmed" data-testid="detail-trend-none">
        {t('alarmDetail:trend.noSeries')}
      </Text>
    );
  }
  return (
    <section data-testid="detail-trend" data-state={trend.status}>
      <Text component="h3" size="sm" fw={700} m={0} mb={4}>
        {t('alarmDetail:trend.title')}
      </Text>
      {trend.status === 'loading' && (
        <Group gap="xs" h={160} justify="center">
          <Loader size="xs" />
        </Group>
      )}
      {trend.status === 'error' && (
        <Text size="sm" c="dimmed" role="alert">
          {t('alarmDetail:trend.error')}
        </Text>
      )}
      {trend.status === 'ready' && (
        <TrendChart
          key={`${alarm.id}|${trend.series.id}`}
          raisedAt={alarm.raisedAt}
          ts={trend.ts}
          values={trend.values}
          limit={limit}
          unit={trend.series.unit}
          ariaLabel={t('alarmDetail:trend.label', { alarm: localDigits(lng, alarm.message[lng] || alarm.message.en) })}
          limitLabel={
            limit === null
              ? ''
              : t('alarmDetail:trend.limit', { value: `${formatNumber(lng, limit, 1)} ${trend.series.unit}` })
          }
          raisedLabel={t('alarmDetail:trend.raised')}
          emptyLabel={t('alarmDetail:trend.empty')}
        />
      )}
    </section>
  );
}

interface ChartProps {
  raisedAt: number;
  ts: number[];
  values: (number | null)[];
  limit: number | null;
  unit: string;
  ariaLabel: string;
  limitLabel: string;
  raisedLabel: string;
  emptyLabel: string;
}

function TrendChart({ raisedAt, ts, values, limit, unit, ariaLabel, limitLabel, raisedLabel, emptyLabel }: ChartProps) {
  const lng = useLanguage();
  const latest = useLatest({ lng, ts, values, limit, limitLabel, raisedLabel });
  const points = values.filter((v) => v !== null).length;

  const { redraw, container } = useUplot(
    ({ colors }) => {
      const time = timeFormat(latest.current.lng, myTimeZone());
      /** A labelled line across the plot: the limit (horizontal) or the raise (vertical). */
      const mark = (u: uPlot, at: number, axis: 'x' | 'y', label: string) => {
        const { ctx, bbox } = u;
        const pos = Math.round(u.valToPos(at, axis, true));
        ctx.save();
        ctx.strokeStyle = colors.text;
        ctx.fillStyle = colors.text;
        ctx.lineWidth = 1.5 * devicePixelRatio;
        ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
        ctx.beginPath();
        if (axis === 'x') {
          ctx.moveTo(pos, bbox.top);
          ctx.lineTo(pos, bbox.top + bbox.height);
        } else {
          ctx.moveTo(bbox.left, pos);
          ctx.lineTo(bbox.left + bbox.width, pos);
        }
        ctx.stroke();
        ctx.font = `${11 * devicePixelRatio}px system-ui, sans-serif`;
        ctx.textBaseline = 'bottom';
        ctx.fillText(
          label,
          axis === 'x' ? pos + 4 * devicePixelRatio : bbox.left + 4 * devicePixelRatio,
          axis === 'x' ? bbox.top + 14 * devicePixelRatio : pos - 2 * devicePixelRatio,
        );
        ctx.restore();
      };
      return {
        options: {
          cursor: { y: false, points: { show: false } },
          scales: {
            x: { time: true, range: () => [(raisedAt - SPAN_MS) / 1000, (raisedAt + SPAN_MS) / 1000] },
            y: {
              // The limit always in view, with the values around it.
              range: (_u, min, max) => {
                const { limit: l } = latest.current;
                const lo = Math.min(min ?? l ?? 0, l ?? min ?? 0);
                const hi = Math.max(max ?? l ?? 1, l ?? max ?? 1);
                const pad = hi > lo ? (hi - lo) * 0.1 : Math.max(1, Math.abs(hi) * 0.1);
                return [lo - pad, hi + pad];
              },
            },
          },
          axes: [
            themedAxis(colors, (s) => time.format(s * 1000), { space: 60 }),
            themedAxis(colors, (v) => `${formatNumber(latest.current.lng, v, 1)} ${unit}`, { size: 72 }),
          ],
          series: [{}, { stroke: colors.primary, width: 2, points: { show: false }, spanGaps: false }],
          hooks: {
            draw: [
              (u) => {
                const { limit: l, limitLabel: ll, raisedLabel: rl } = latest.current;
                if (l !== null) mark(u, l, 'y', ll);
                mark(u, raisedAt / 1000, 'x', rl);
              },
            ],
          },
        },
        read: () => [latest.current.ts.map((t) => t / 1000), latest.current.values],
      };
    },
    [raisedAt, unit],
  );

  // A new reading of the span redraws the chart there is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the data is read through `latest`.
  useEffect(() => redraw(), [ts, values, limit, redraw]);

  return (
    <PlotBox
      container={container}
      height={160}
      ariaLabel={points === 0 ? `${ariaLabel}. ${emptyLabel}` : ariaLabel}
      ltr
      data-testid="detail-trend-chart"
      data-points={points}
      data-limit={limit ?? ''}
    >
      {points === 0 && (
        <Text size="xs" c="dimmed" pos="absolute" top={8} left={8} data-testid="detail-trend-empty">
          {emptyLabel}
        </Text>
      )}
    </PlotBox>
  );
}
