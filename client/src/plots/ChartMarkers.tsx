// A history chart's alarm marks: drawn across the plot in their priority's colour (a raise solid under a
// filled flag, a return to normal dashed under a hollow one), and listed under it with their time.
import { Box, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import uPlot from 'uplot';
import { PriorityIcon } from '../alarmFeed/PriorityIcon.tsx';
import { type ChartMarker, markerColors } from './historyView.ts';

/** uPlot's draw hook for the marks `markers()` returns, in the page's priority colours (else the defaults). */
export function markerDrawer(element: Element, markers: () => readonly ChartMarker[]) {
  const styles = getComputedStyle(element);
  const markColor = (p: ChartMarker['priority']) =>
    styles.getPropertyValue(`--vs-priority-${p}`).trim() || markerColors[p];
  return (u: uPlot) => {
    const { ctx } = u;
    const { left, top, width, height } = u.bbox;
    const px = uPlot.pxRatio;
    ctx.save();
    for (const m of markers()) {
      const x = Math.round(u.valToPos(m.ts / 1000, 'x', true));
      if (x < left || x > left + width) continue;
      const color = markColor(m.priority);
      ctx.strokeStyle = color;
      ctx.fillStyle = color;
      ctx.lineWidth = 2 * px;
      // Raised: a solid line under a filled flag; returned to normal: dashed under a hollow one.
      ctx.setLineDash(m.kind === 'raised' ? [] : [4 * px, 3 * px]);
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x, top + height);
      ctx.stroke();
      ctx.setLineDash([]);
      ctx.beginPath();
      ctx.moveTo(x, top);
      ctx.lineTo(x + 8 * px, top + 5 * px);
      ctx.lineTo(x, top + 10 * px);
      ctx.closePath();
      if (m.kind === 'raised') ctx.fill();
      else ctx.stroke();
    }
    ctx.restore();
  };
}

/** The marks shown, under the plot: time, raised or returned, priority and label. */
export function MarkerList({
  markers,
  words,
  format,
}: {
  markers: readonly ChartMarker[];
  words: Record<ChartMarker['kind'], string>;
  format: Intl.DateTimeFormat;
}) {
  const { t } = useTranslation(['devices', 'common']);
  if (markers.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label={t('devices:chart.marks')} data-testid="chart-markers">
      <Text size="xs" c="dimmed" fw={500}>
        {t('devices:chart.marks')}
      </Text>
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {markers.map((m) => (
          <Group
            component="li"
            key={`${m.alarmId}-${m.kind}`}
            gap={6}
            wrap="nowrap"
            fz="xs"
            data-testid="chart-marker"
            data-priority={m.priority}
            data-kind={m.kind}
            data-alarm-id={m.alarmId}
          >
            <PriorityIcon priority={m.priority} size={14} />
            <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {format.format(m.ts)}
            </Text>
            <Text span size="xs" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {words[m.kind]}
            </Text>
            <Text span size="xs" truncate>
              {t(`common:priority.${m.priority}`)} · {m.label}
            </Text>
          </Group>
        ))}
      </Box>
    </Stack>
  );
}
