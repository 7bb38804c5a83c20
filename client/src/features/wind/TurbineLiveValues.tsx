// A turbine's values now, as tiles: state and fault, power and its share of the rating, wind speed and
// direction, rotor speed, blade pitch, yaw misalignment, nacelle temperature, energy today. Read from the
// live store once a second (useLiveSnapshot); stale values are hatched and say since when (StaleMark).
import { Group, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRelativeTime } from '../../i18n/format.ts';
import { liveStore } from '../../live/liveStore.ts';
import { StaleMark } from '../../ui/StaleMark.tsx';
import { useFaultLabel } from './faultLabel.ts';
import { yawMisalignment } from './liveValue.ts';
import { TurbineStatusBadge } from './TurbineStatusBadge.tsx';
import { readTurbine } from './turbineReading.ts';
import { useLiveSnapshot } from './useLiveSnapshot.ts';
import type { TurbineProps } from './useWindSite.ts';
import { WindArrow } from './WindArrow.tsx';

/** Past this misalignment a turbine loses noticeable output (cos² of the angle: 3 % at 10°). */
const YAW_WARNING_DEG = 10;

/** A value as its tile shows it: formatted, or a dash while the turbine has not sent it. */
const shown = (value: number | undefined, format: (value: number) => string) =>
  value === undefined ? '—' : format(value);

function Tile({ id, label, value, hint }: { id: string; label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <Paper withBorder p="md" data-testid={`live-${id}`}>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Text component="div" fz={20} fw={700} className="vs-tabular" data-testid={`live-${id}-value`}>
          {value}
        </Text>
        {hint && (
          <Text component="div" size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function TurbineLiveValues({
  siteId,
  turbine,
  format,
  timeZone,
}: TurbineProps & { timeZone?: string | undefined }) {
  const { t } = useTranslation(['wind', 'common']);
  const faultLabel = useFaultLabel();
  const reading = useLiveSnapshot((now) => readTurbine(liveStore, siteId, turbine, now), turbine);
  const v = reading.values;
  const rated = turbine.device.ratedKw;
  const share = v.active_power !== undefined && rated ? v.active_power / rated : null;
  const misalignment =
    v.yaw_angle !== undefined && v.wind_direction !== undefined ? yawMisalignment(v.yaw_angle, v.wind_direction) : null;
  const silent = reading.freshness !== 'live';

  return (
    <Stack gap="xs" data-testid="live-values" data-freshness={reading.freshness}>
      {silent && (
        <Text size="sm" c={reading.freshness === 'offline' ? 'dimmed' : 'yellow.8'} role="status">
          {reading.age === null
            ? t('wind:neverSeen')
            : t(reading.freshness === 'offline' ? 'wind:detail.offline' : 'wind:detail.stale', {
                when: formatRelativeTime(format.lng, -reading.age, 0),
              })}
        </Text>
      )}
      <StaleMark since={silent ? reading.newestTs : null} timeZone={timeZone}>
        <SimpleGrid
          type="container"
          cols={{ base: 1, '330px': 2, '720px': 3, '1000px': 4 }}
          spacing="sm"
          data-silent={silent || undefined}
        >
          <Tile
            id="state"
            label={t('wind:detail.state')}
            value={<TurbineStatusBadge status={reading.status} freshness={reading.freshness} size="lg" />}
            hint={
              v.fault_code !== undefined && v.fault_code !== 0 ? (
                <Text span c="red" fw={600} size="xs">
                  {faultLabel(v.fault_code)}
                </Text>
              ) : (
                t('wind:detail.noFault')
              )
            }
          />
          <Tile
            id="power"
            label={t('wind:detail.power')}
            value={shown(v.active_power, format.power)}
            hint={
              share === null ? null : (
                <Stack gap={4}>
                  <Progress value={Math.min(100, Math.max(0, share * 100))} size="sm" color="cyan" aria-hidden="true" />
                  {t('wind:ofRatingOf', {
                    share: format.percent(share),
                    rated: format.power(rated ?? 0),
                  })}
                </Stack>
              )
            }
          />
          <Tile
            id="wind"
            label={t('wind:detail.windSpeed')}
            value={shown(v.wind_speed, format.speed)}
            hint={
              v.wind_direction === undefined ? null : (
                <Group gap={4} wrap="nowrap">
                  <WindArrow direction={v.wind_direction} size={14} />
                  {t('wind:windFrom', { direction: format.direction(v.wind_direction) })}
                </Group>
              )
            }
          />
          <Tile id="rotor" label={t('wind:detail.rotorSpeed')} value={shown(v.rotor_speed, format.rpm)} />
          <Tile
            id="pitch"
            label={t('wind:detail.pitch')}
            value={shown(v.pitch_angle, format.degrees)}
            hint={t('wind:detail.pitchHint')}
          />
          <Tile
            id="yaw"
            label={t('wind:detail.yawMisalignment')}
            value={
              misalignment === null ? (
                '—'
              ) : (
                <Text span inherit c={Math.abs(misalignment) > YAW_WARNING_DEG ? 'orange.8' : 'inherit'}>
                  {format.signedDegrees(misalignment)}
                </Text>
              )
            }
            hint={
              v.yaw_angle === undefined ? null : t('wind:detail.nacelleHeading', { value: format.degrees(v.yaw_angle) })
            }
          />
          <Tile
            id="nacelle"
            label={t('wind:detail.nacelleTemperature')}
            value={shown(v.nacelle_temperature, format.temperature)}
          />
          <Tile
            id="energy"
            label={t('wind:detail.energyToday')}
            value={shown(v.energy_today, format.energy)}
            hint={t('wind:kpis.energyTodayHint')}
          />
        </SimpleGrid>
      </StaleMark>
    </Stack>
  );
}
