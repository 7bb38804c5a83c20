// The key to the irradiance chart's lines: a swatch drawn as the line is (solid, dashed, dotted), its
// name and its unit; the inverters' AC rating with its value.
import { Box, Group, Text } from '@mantine/core';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { formatPower, isolate } from './formatCharts.ts';
import type { IrradianceColors, IrradianceLabels } from './irradianceSeries.ts';

function Item({ color, dash, text }: { color: string; dash: 'solid' | 'dashed' | 'dotted'; text: string }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Box aria-hidden w={18} h={0} style={{ borderTop: `2.5px ${dash} ${color}` }} />
      <Text size="xs">{text}</Text>
    </Group>
  );
}

export function IrradianceLegend({
  colors,
  labels,
  acRatingKw,
}: {
  colors: IrradianceColors;
  labels: IrradianceLabels;
  acRatingKw: number | null;
}) {
  const lng = useLanguage();
  return (
    <Group gap="lg" wrap="wrap" data-testid="irradiance-legend">
      <Item color={colors.power} dash="solid" text={labels.power} />
      <Item color={colors.irradiance} dash="dashed" text={`${labels.irradiance} (${isolate('W/m²')})`} />
      {acRatingKw !== null && (
        <Item color={colors.rating} dash="dashed" text={`${labels.rating}: ${formatPower(lng, acRatingKw)}`} />
      )}
      <Item color={colors.module} dash="solid" text={`${labels.module} (${isolate('°C')})`} />
      <Item color={colors.ambient} dash="dotted" text={`${labels.ambient} (${isolate('°C')})`} />
    </Group>
  );
}
