// A site's equipment apart from its generators (breakers, busbar, transformers, grid meter, weather
// station, combiner boxes, cameras, gates, motion sensors), by type: each device's name, its open alarms
// (the worst priority and how many, from the live alarm feed) and its latest key reading, live (stale
// readings dimmed and labelled). Every device is reachable: a link to a device without a page of its own
// lands here, scrolled to its line and highlighted (`?device=`, useDeviceHighlight).
import { Alert, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { Alarm, AlarmPriority } from '@voltscope/shared/alarms';
import { alarmPriorities } from '@voltscope/shared/alarms';
import type { Site } from '@voltscope/shared/domain';
import { type Device, type DeviceType, deviceTypes } from '@voltscope/shared/fleet';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlarmFeed, useAlarmFeedState } from '../../alarmFeed/hooks.ts';
import { PriorityIcon } from '../../alarmFeed/PriorityIcon.tsx';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { type PlantFormats, plantFormats } from './format.ts';
import { useDeviceHighlight } from './highlight.ts';
import { LiveText } from './LiveParts.tsx';
import type { LiveBinder } from './liveBinding.ts';
import classes from './overview.module.css';
import { byName, type SiteIndex } from './siteData.ts';

type DevicesT = TFunction<readonly ['devices', 'common']>;

/** The key reading of each type, as text, from its series (`read` gives a metric's newest value or null). */
export function keyReading(
  type: DeviceType,
  siteKind: Site['kind'],
  read: (key: string) => number | null,
  f: PlantFormats,
  t: DevicesT,
): string | null {
  const yesNo = (key: string, words: 'online' | 'door' | 'motion') => {
    const v = read(key);
    return v === null ? null : t(`devices:equipment.${words}.${v >= 0.5 ? 'yes' : 'no'}`);
  };
  const value = (key: string, format: (v: number) => string) => {
    const v = read(key);
    return v === null ? null : format(v);
  };
  switch (type) {
    case 'breaker': {
      const position = read('position');
      if (position === null) return null;
      const current = read('current');
      const state = t(`devices:equipment.position.${position >= 0.5 ? 'closed' : 'open'}`);
      return current === null ? state : `${state} · ${f.amps(current)}`;
    }
    case 'meter':
      return value('active_power', f.power);
    case 'transformer':
      return value('load', (v) => f.percent(v / 100));
    case 'busbar':
      return value('grid_voltage', f.kilovolts);
    case 'weather_station':
      return siteKind === 'wind' ? value('wind_speed', f.windSpeed) : value('irradiance_poa', f.irradiance);
    case 'combiner_box': {
      const currents = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => read(`string_current:${n}`)).filter((v) => v !== null);
      if (currents.length === 0) return null;
      return t('devices:equipment.strings', { min: f.amps(Math.min(...currents)), max: f.amps(Math.max(...currents)) });
    }
    case 'camera':
      return yesNo('online', 'online');
    case 'door_reader':
      return yesNo('door_open', 'door');
    case 'motion_sensor':
      return yesNo('motion', 'motion');
    case 'inverter':
    case 'wind_turbine':
      return null;
  }
}

/** The worst priority of a device's open alarms and how many there are. */
function worstOf(alarms: readonly Alarm[]): { priority: AlarmPriority; count: number } | null {
  let worst: AlarmPriority | null = null;
  for (const a of alarms) {
    if (worst === null || alarmPriorities.indexOf(a.priority) < alarmPriorities.indexOf(worst)) worst = a.priority;
  }
  return worst === null ? null : { priority: worst, count: alarms.length };
}

function Reading({
  device,
  site,
  index,
  formats,
}: {
  device: Device;
  site: Site;
  index: SiteIndex;
  formats: PlantFormats | undefined;
}) {
  const { t } = useTranslation(['devices', 'common']);
  const lng = useLanguage();
  const compute = (binder: LiveBinder, now: number): string | null => {
    const read = (key: string) => binder.read(index.series(device.id, key)?.id, now)?.value ?? null;
    return keyReading(device.type, site.kind, read, formats ?? plantFormats(lng), t);
  };
  // The series the reading is made of: those keyReading asks for (it is stale when any of them is).
  const sources = useMemo(() => {
    const keys: string[] = [];
    const record = (key: string) => {
      keys.push(key);
      return 1;
    };
    keyReading(device.type, site.kind, record, plantFormats(lng), t);
    return keys.map((key) => index.series(device.id, key));
  }, [device, site.kind, index, lng, t]);
  return <LiveText compute={compute} series={sources} size="sm" testId="equipment-reading" />;
}

/** The equipment of a site that is not a generator, by type. */
export function EquipmentList({
  site,
  index,
  formats,
}: {
  site: Site;
  index: SiteIndex;
  /** The page's formats (the wind pages word units in the reader's language); the plant's by default. */
  formats?: PlantFormats | undefined;
}) {
  const { t } = useTranslation(['devices', 'common']);
  const lng = useLanguage();
  useAlarmFeed();
  const feed = useAlarmFeedState((s) => s.alarms);
  const alarmsOf = useMemo(() => {
    const map = new Map<string, Alarm[]>();
    for (const a of feed) if (a.siteId === site.id) map.set(a.deviceId, [...(map.get(a.deviceId) ?? []), a]);
    return map;
  }, [feed, site.id]);
  const groups = useMemo(
    () =>
      deviceTypes
        .filter((type) => type !== 'inverter' && type !== 'wind_turbine')
        .map((type) => ({ type, devices: index.devices.filter((d) => d.type === type).sort(byName) }))
        .filter((g) => g.devices.length > 0),
    [index],
  );
  const { device: asked, found } = useDeviceHighlight(true);
  const generators = t(site.kind === 'wind' ? 'common:deviceType.wind_turbine' : 'common:deviceType.inverter');

  return (
    <Card component="section" aria-labelledby="equipment-title" data-testid="equipment">
      <Stack gap="xs">
        <Title order={3} fz="lg" fw={600} id="equipment-title">
          {t('devices:equipment.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('devices:equipment.intro', { generators: generators.toLocaleLowerCase(lng) })}
        </Text>
        {asked && found === false && (
          <Alert color="gray" variant="light" role="status" data-testid="equipment-not-found">
            {t('devices:equipment.notFound', { id: asked })}
          </Alert>
        )}
        <div style={{ overflowX: 'auto' }}>
          <table className={classes.equipment}>
            <thead>
              <tr>
                <th scope="col">{t('devices:equipment.name')}</th>
                <th scope="col">{t('devices:equipment.state')}</th>
                <th scope="col">{t('devices:equipment.reading')}</th>
              </tr>
            </thead>
            {groups.map(({ type, devices }) => (
              <tbody key={type}>
                <tr>
                  <th colSpan={3} scope="colgroup">
                    {t(`common:deviceType.${type}`)} ({formatNumber(lng, devices.length)})
                  </th>
                </tr>
                {devices.map((d) => {
                  const worst = worstOf(alarmsOf.get(d.id) ?? []);
                  return (
                    <tr
                      key={d.id}
                      data-testid="equipment-row"
                      data-device={d.id}
                      data-type={type}
                      title={d.id === asked ? t('devices:equipment.linked') : undefined}
                    >
                      <th scope="row" style={{ fontWeight: 500 }}>
                        <bdi>{d.name}</bdi>
                      </th>
                      <td data-testid="equipment-alarms" data-priority={worst?.priority ?? ''}>
                        {worst ? (
                          <Group gap={6} wrap="nowrap">
                            <PriorityIcon priority={worst.priority} size={16} />
                            <span>
                              {t(`common:priority.${worst.priority}`)} · {formatNumber(lng, worst.count)}
                            </span>
                          </Group>
                        ) : (
                          <Text span size="sm" c="dimmed">
                            {t('devices:equipment.normal')}
                          </Text>
                        )}
                      </td>
                      <td>
                        <Reading device={d} site={site} index={index} formats={formats} />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            ))}
          </table>
        </div>
      </Stack>
    </Card>
  );
}
