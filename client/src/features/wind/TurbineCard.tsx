// One turbine on the farm overview: state, power (and its share of the rating), wind speed and direction,
// rotor speed, the fault if any, and how old the values are when they are not live. A link to its page.
import { Card, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { turbinePath } from '../../data/deviceLink.ts';
import { formatRelativeTime } from '../../i18n/format.ts';
import { StaleMark } from '../../ui/StaleMark.tsx';
import { useFaultLabel } from './faultLabel.ts';
import { TurbineStatusBadge } from './TurbineStatusBadge.tsx';
import type { TurbineReading } from './turbineReading.ts';
import type { WindFormat } from './useWindFormat.ts';
import type { Turbine } from './useWindSite.ts';
import { WindArrow } from './WindArrow.tsx';

export function TurbineCard({
  turbine,
  reading,
  format,
}: {
  turbine: Turbine;
  reading: TurbineReading;
  format: WindFormat;
}) {
  const { t } = useTranslation(['wind', 'common']);
  const faultLabel = useFaultLabel();
  const { device } = turbine;
  const { values, freshness, status } = reading;
  const power = values.active_power;
  const share = power !== undefined && device.ratedKw ? power / device.ratedKw : null;
  const silent = freshness !== 'live';
  const fault = values.fault_code;

  return (
    <StaleMark since={silent ? reading.newestTs : null}>
      <Card
        component={Link}
        to={turbinePath(device.id)}
        padding="md"
        data-testid="turbine-card"
        data-turbine-id={device.id}
        data-device={device.id}
        data-freshness={freshness}
        style={{ textDecoration: 'none', color: 'inherit' }}
      >
        <Group justify="space-between" gap={4}>
          <Text fw={700} dir="auto">
            <bdi>{device.name}</bdi>
          </Text>
          <TurbineStatusBadge status={status} freshness={freshness} size="sm" />
        </Group>
        <Stack gap={4} mt="sm" data-silent={silent || undefined}>
          <Group justify="space-between" align="baseline" gap={4}>
            <Text fz={22} fw={700} className="vs-tabular" data-testid="turbine-power" data-value={power ?? ''}>
              {power === undefined ? '—' : format.power(power)}
            </Text>
            {share !== null && (
              <Text size="sm" c="dimmed" className="vs-tabular">
                {t('wind:ofRating', { share: format.percent(share) })}
              </Text>
            )}
          </Group>
          <Progress
            value={share === null ? 0 : Math.min(100, Math.max(0, share * 100))}
            size="sm"
            color="cyan"
            aria-hidden="true"
          />
          <Group justify="space-between" gap={4} mt={4}>
            <Group gap={6} wrap="nowrap" miw={0}>
              {values.wind_direction !== undefined && <WindArrow direction={values.wind_direction} size={16} />}
              <Text size="sm" className="vs-tabular" truncate>
                {values.wind_speed === undefined ? '—' : format.speed(values.wind_speed)}
              </Text>
            </Group>
            {values.rotor_speed !== undefined && (
              <Text size="sm" c="dimmed" className="vs-tabular">
                {format.rpm(values.rotor_speed)}
              </Text>
            )}
          </Group>
          {values.wind_direction !== undefined && (
            <Text size="xs" c="dimmed" className="vs-tabular">
              {t('wind:windFrom', { direction: format.direction(values.wind_direction) })}
            </Text>
          )}
        </Stack>
        {fault !== undefined && fault !== 0 && status !== 'offline' && (
          <Text size="xs" c="red" fw={600} mt={6} data-testid="turbine-fault">
            {faultLabel(fault)}
          </Text>
        )}
        {silent && (
          <Text size="xs" c={freshness === 'offline' ? 'dimmed' : 'yellow.8'} mt={6} data-testid="turbine-age">
            {reading.age === null
              ? t('wind:neverSeen')
              : t('wind:lastUpdate', { when: formatRelativeTime(format.lng, -reading.age, 0) })}
          </Text>
        )}
      </Card>
    </StaleMark>
  );
}
