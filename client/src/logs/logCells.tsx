// Cells both history lists show: a time (in the reader's or the site's zone, with the offset in site
// time), a site's name and a device's name from the fleet directory, and the two columns of those names.
import { Anchor } from '@mantine/core';
import type { Language } from '@voltscope/shared/i18n';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { devicePath } from '../data/deviceLink.ts';
import { deviceName } from '../data/deviceName.ts';
import { diagramPath, drawnOnDiagram } from '../data/diagramPath.ts';
import type { FleetDirectory } from '../data/useFleetDirectory.ts';
import { useLanguage } from '../i18n/useLanguage.ts';
import { IconBolt } from '../ui/icons.tsx';
import type { Column } from './LogTable.tsx';
import type { TimeZoneMode } from './logQuery.ts';
import classes from './logs.module.css';
import { formatOffset, formatStamp, myTimeZone } from './logTime.ts';

export const DASH = '—';

/** A time cell: the stamp, and in site time the zone's offset under it. */
export function TimeCell({
  ts,
  siteId,
  zone,
  directory,
  lng,
}: {
  ts: number;
  siteId: string | null;
  zone: TimeZoneMode;
  directory: FleetDirectory;
  lng: Language;
}) {
  const siteZone = siteId ? directory.siteById.get(siteId)?.timeZone : undefined;
  const timeZone = zone === 'site' && siteZone ? siteZone : myTimeZone();
  return (
    <time dateTime={new Date(ts).toISOString()} className={classes.time}>
      {formatStamp(lng, timeZone, ts)}
      {zone === 'site' && <span className={classes.offset}>{formatOffset(lng, timeZone, ts)}</span>}
    </time>
  );
}

export function useSiteName(directory: FleetDirectory) {
  const { t } = useTranslation(['events', 'common']);
  return (siteId: string | null) => (siteId ? (directory.siteById.get(siteId)?.name ?? siteId) : t('events:fleet'));
}

/** A device's name in the reader's language, from the directory (its id while unknown). */
export function deviceLabel(directory: FleetDirectory, deviceId: string | null, lng: Language): string {
  if (!deviceId) return DASH;
  const device = directory.deviceById.get(deviceId);
  return device ? deviceName(device, lng) : deviceId;
}

/** A device's name, a link to where the device is shown when it has such a place. */
export function DeviceCell({ directory, deviceId }: { directory: FleetDirectory; deviceId: string | null }) {
  const lng = useLanguage();
  const path = deviceId ? devicePath(deviceId) : null;
  const name = deviceLabel(directory, deviceId, lng);
  const { t } = useTranslation('sld');
  if (!path) return name;
  const device = deviceId ? directory.deviceById.get(deviceId) : undefined;
  // Both links at least 24 px high and 12 px apart (WCAG 2.2 target size: they sit side by side).
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 12 }}>
      <Anchor
        component={Link}
        to={path}
        size="sm"
        style={{ display: 'inline-flex', alignItems: 'center', minHeight: 24 }}
      >
        {name}
      </Anchor>
      {device && drawnOnDiagram(device.type) && (
        <Anchor
          component={Link}
          to={diagramPath(device.siteId, device.id)}
          size="sm"
          title={t('showOnDiagram')}
          aria-label={t('showOnDiagram')}
          data-testid="log-show-on-diagram"
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            minWidth: 24,
            minHeight: 24,
          }}
        >
          <IconBolt size={14} />
        </Anchor>
      )}
    </span>
  );
}

/** Where a row happened: its site's and its device's names, each column sorted by the server on that name. */
export function usePlaceColumns<T extends { siteId: string | null; deviceId: string | null }>(
  directory: FleetDirectory,
): Column<T>[] {
  const { t } = useTranslation(['events', 'common']);
  const siteName = useSiteName(directory);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `siteName` follows `directory` and `t`.
  return useMemo(
    () => [
      { key: 'site', header: t('events:columns.site'), sortKey: 'site', render: (row) => siteName(row.siteId) },
      {
        key: 'device',
        header: t('events:columns.device'),
        sortKey: 'device',
        render: (row) => <DeviceCell directory={directory} deviceId={row.deviceId} />,
      },
    ],
    [t, directory],
  );
}
