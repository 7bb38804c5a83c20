// The plant's inverters as a grid of tiles: name, AC power now and as a share of rating, status (and
// fault code with its meaning), tinted by status and output. Each tile is a link to the inverter's
// page. Tiles render once; the binder rewrites their text and attributes as frames arrive.
import { Card, Group, Text } from '@mantine/core';
import type { Device, DeviceState } from '@voltscope/shared/fleet';
import { type MutableRefObject, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inverterPath } from '../../data/deviceLink.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { DEFAULT_PERIOD_MS, staleAfterMs } from '../../live/ageWatchdog.ts';
import { useSeriesStaleSince } from '../../live/staleness.ts';
import { StaleMark } from '../../ui/StaleMark.tsx';
import { useLatest } from '../../ui/useLatest.ts';
import { plantFormats } from './format.ts';
import { type InverterStatus, type InverterView, inverterStatuses, inverterView } from './inverterStatus.ts';
import { useBinder, useLiveTimeZone } from './LiveParts.tsx';
import { useFaultText } from './labels.ts';
import { type LiveBinder, setAttr, setText } from './liveBinding.ts';
import classes from './overview.module.css';
import { byName, type SiteIndex } from './siteData.ts';

/** The hub's status of each device, from the KPIs: read by the tiles on their next update, not rendered. */
export type DeviceStates = MutableRefObject<Map<string, DeviceState>>;

/** An inverter's view now, from its live series and the hub's status of it. */
export function readInverter(
  binder: LiveBinder,
  index: SiteIndex,
  device: Device,
  deviceState: DeviceState | null,
  now: number,
): InverterView & { powerKw: number | null } {
  const power = index.series(device.id, 'ac_power');
  const reading = binder.read(power?.id, now);
  const view = inverterView({
    power: reading,
    state: binder.read(index.series(device.id, 'state')?.id, now),
    fault: binder.read(index.series(device.id, 'fault_code')?.id, now),
    ratedKw: device.ratedKw,
    deviceState,
    staleAfterMs: staleAfterMs(power?.periodMs ?? DEFAULT_PERIOD_MS),
  });
  return { ...view, powerKw: reading?.value ?? null };
}

/**
 * Runs `update` with the inverter's view after each frame of its site (and once a second), outside React:
 * the latest `update` is called, so that it may use this render's words and formats.
 */
export function useInverterUpdates(
  device: Device,
  index: SiteIndex,
  states: DeviceStates,
  update: (view: ReturnType<typeof readInverter>) => void,
): void {
  const binder = useBinder();
  const latest = useLatest(update);
  useEffect(
    () =>
      binder?.add((now) =>
        latest.current(readInverter(binder, index, device, states.current.get(device.id) ?? null, now)),
      ),
    [binder, index, device, states, latest],
  );
}

function InverterTile({ device, index, states }: { device: Device; index: SiteIndex; states: DeviceStates }) {
  const { t } = useTranslation(['overview', 'common']);
  const lng = useLanguage();
  const faultText = useFaultText();
  const timeZone = useLiveTimeZone();
  const root = useRef<HTMLAnchorElement | null>(null);
  const power = useRef<HTMLSpanElement | null>(null);
  const share = useRef<HTMLSpanElement | null>(null);
  const status = useRef<HTMLSpanElement | null>(null);
  const fault = useRef<HTMLSpanElement | null>(null);

  const powerSeries = index.series(device.id, 'ac_power');
  const since = useSeriesStaleSince(useBinder()?.siteId, powerSeries?.id, powerSeries?.periodMs);
  useInverterUpdates(device, index, states, (view) => {
    const f = plantFormats(lng);
    setAttr(root.current, 'data-status', view.status);
    root.current?.style.setProperty('--load', view.load === null ? '0' : view.load.toFixed(3));
    setText(power.current, view.powerKw === null ? '—' : f.power(view.powerKw));
    setText(share.current, view.load === null ? '' : f.percent(view.load));
    setText(status.current, t(`overview:status.${view.status}`));
    setText(fault.current, view.faultCode === null ? '' : faultText(view.faultCode));
    if (fault.current) fault.current.hidden = view.faultCode === null;
  });

  return (
    <li>
      <StaleMark since={since} timeZone={timeZone}>
        <Link
          ref={root}
          to={inverterPath(device.id)}
          className={`${classes.tile} ${classes.status}`}
          data-status="noData"
          data-testid="inverter-tile"
          data-device={device.id}
        >
          <span className={classes.tileName}>{device.name}</span>
          <span ref={power} className={classes.tilePower} data-testid="tile-power">
            —
          </span>
          <span className={classes.bar} aria-hidden="true">
            <span />
          </span>
          <span className={classes.tileMeta}>
            <span ref={status} className={classes.tileState} data-testid="tile-state">
              {t('overview:status.noData')}
            </span>
            <span ref={share} data-testid="tile-share" />
          </span>
          <span ref={fault} className={classes.tileFault} data-testid="tile-fault" hidden />
        </Link>
      </StaleMark>
    </li>
  );
}

/** How many inverters are in each status now, written into the legend by the binder. */
function StatusCounts({ inverters, index, states }: { inverters: Device[]; index: SiteIndex; states: DeviceStates }) {
  const { t } = useTranslation(['overview', 'common']);
  const lng = useLanguage();
  const binder = useBinder();
  const counts = useRef(new Map<InverterStatus, HTMLElement>());
  const items = useRef(new Map<InverterStatus, HTMLElement>());
  const lngRef = useLatest(lng);

  useEffect(
    () =>
      binder?.add((now) => {
        const tally = new Map<InverterStatus, number>();
        for (const d of inverters) {
          const { status } = readInverter(binder, index, d, states.current.get(d.id) ?? null, now);
          tally.set(status, (tally.get(status) ?? 0) + 1);
        }
        for (const s of inverterStatuses) {
          const n = tally.get(s) ?? 0;
          setText(counts.current.get(s), formatNumber(lngRef.current, n));
          // Running and standby always show; the others only when some inverter is in them.
          const item = items.current.get(s);
          if (item) item.hidden = n === 0 && s !== 'running' && s !== 'standby';
        }
      }),
    [binder, inverters, index, states, lngRef],
  );

  return (
    <Group component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }} data-testid="status-counts">
      {inverterStatuses.map((s) => (
        <li
          key={s}
          ref={(el) => {
            if (el) items.current.set(s, el);
          }}
          hidden={s !== 'running' && s !== 'standby'}
        >
          <Group gap={6} wrap="nowrap">
            <span className={`${classes.legendSwatch} ${classes.status}`} data-status={s} aria-hidden="true" />
            <Text span size="sm">
              {t(`overview:status.${s}`)}
            </Text>
            <Text
              span
              size="sm"
              fw={700}
              data-testid={`count-${s}`}
              ref={(el: HTMLElement | null) => {
                if (el) counts.current.set(s, el);
              }}
            >
              —
            </Text>
          </Group>
        </li>
      ))}
    </Group>
  );
}

export function InverterTiles({ index, states }: { index: SiteIndex; states: DeviceStates }) {
  const { t } = useTranslation(['overview', 'common']);
  const lng = useLanguage();
  const inverters = useMemo(() => index.devices.filter((d) => d.type === 'inverter').sort(byName), [index]);
  return (
    <Card component="section" aria-labelledby="inverters-title">
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Text fw={600} id="inverters-title" component="h3" fz="lg">
          {t('overview:inverters', { n: formatNumber(lng, inverters.length) })}
        </Text>
        <StatusCounts inverters={inverters} index={index} states={states} />
      </Group>
      {inverters.length === 0 ? (
        <Text c="dimmed">{t('overview:noInverters')}</Text>
      ) : (
        <ul className={classes.tiles} data-testid="inverter-tiles">
          {inverters.map((d) => (
            <InverterTile key={d.id} device={d} index={index} states={states} />
          ))}
        </ul>
      )}
    </Card>
  );
}
