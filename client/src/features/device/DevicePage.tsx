// A device's own page (`/devices/:id`): what it is (type, site, model, firmware), its state live and its
// maintenance (put and lifted here too), its series with their latest values, a history chart of a
// chosen series with its alarms marked, its open alarms (to the console) and recent events; an inverter
// or a turbine links on to its detail page, any other device to its place on its site's overview.
import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { usePalette } from '../../app/settings/usePalette.ts';
import { equipmentPath, inverterPath, turbinePath } from '../../data/deviceLink.ts';
import { putBackInService, putIntoMaintenance } from '../../data/deviceMaintenance.ts';
import { deviceName } from '../../data/deviceName.ts';
import { diagramPath, drawnOnDiagram } from '../../data/diagramPath.ts';
import { useSites } from '../../data/sites.ts';
import { usePolled } from '../../data/usePolled.ts';
import { useResource } from '../../data/useResource.ts';
import { formatDateTime, localDigits } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { indexSeries } from '../../live/deviceStatus.ts';
import { useLiveSite } from '../../live/hooks.ts';
import { useAbility } from '../../session/ability.ts';
import { ApiError, call, type Reply } from '../../session/api.ts';
import { MaintenanceDialog } from '../../ui/MaintenanceDialog.tsx';
import { DeviceHistory } from './DeviceHistory.tsx';
import { DeviceSeriesTable } from './DeviceSeriesTable.tsx';
import { Fact, LiveFacts } from './LiveFacts.tsx';

type Detail = Reply<'GET /api/devices/:id'>;

export function DevicePage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['device', 'devicesStatus', 'common']);
  const device = useResource(call('GET /api/devices/:id', { params: { id } }));
  const sites = useSites();

  if (device.status === 'error') {
    const status = device.error instanceof ApiError ? device.error.status : 0;
    return (
      <Alert color={status === 404 ? 'yellow' : 'red'} role="alert" data-testid="device-error">
        <Stack gap="sm" align="flex-start">
          <Text>{status === 404 ? t('device:notFound', { id }) : t('device:loadError')}</Text>
          <Group gap="sm">
            {status !== 404 && <Button onClick={device.reload}>{t('device:retry')}</Button>}
            <Anchor component={Link} to="/devices/status">
              {t('device:back')}
            </Anchor>
          </Group>
        </Stack>
      </Alert>
    );
  }
  const siteId = device.status === 'ready' ? device.data.siteId : null;
  const site = sites.status === 'ready' ? sites.data.find((s) => s.id === siteId) : undefined;
  if (device.status === 'loading' || !site) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={t('device:back')} />
      </Group>
    );
  }
  return <DeviceView key={device.data.id} detail={device.data} site={site} />;
}

function DeviceView({ detail, site }: { detail: Detail; site: Site }) {
  const { t } = useTranslation(['device', 'devicesStatus', 'common', 'sld']);
  const lng = useLanguage();
  const controlRoom = usePalette() === 'control-room';
  const mayMaintain = useAbility().can('outOfService', 'Device');
  const [refreshKey, setRefreshKey] = useState(0);
  const [dialog, setDialog] = useState(false);
  useLiveSite(site.id);
  // Its row of the status grid: firmware, maintenance, data quality, open alarms.
  const rows = usePolled(call('GET /api/devices/status', { query: { site: site.id } }), 30_000, refreshKey);
  const row = rows.data?.find((r) => r.id === detail.id) ?? null;
  const info = useMemo(
    () => indexSeries(detail.series.map((s) => ({ ...s, deviceId: detail.id }))).get(detail.id),
    [detail],
  );
  const name = deviceName(detail, lng);
  const detailLink =
    detail.type === 'inverter'
      ? { to: inverterPath(detail.id), label: t('device:detail.inverter') }
      : detail.type === 'wind_turbine'
        ? { to: turbinePath(detail.id), label: t('device:detail.wind_turbine') }
        : {
            to: equipmentPath(detail.id, site.kind === 'wind' ? 'wind' : 'solar'),
            label: t('device:detail.equipment'),
          };

  const confirm = async (reason: string) => {
    await (row?.maintenance ? putBackInService(detail.id) : putIntoMaintenance(detail.id, reason));
    setRefreshKey((k) => k + 1);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Anchor component={Link} to="/devices/status" size="sm">
            {t('device:back')}
          </Anchor>
          <Title order={2} fw={600} data-testid="device-title">
            {name}
          </Title>
          <Text c="dimmed" size="sm" dir="ltr" style={{ unicodeBidi: 'isolate', textAlign: 'start' }}>
            {detail.id}
          </Text>
        </Stack>
        <Group gap="sm">
          <Button component={Link} to={detailLink.to} variant="default" data-testid="device-detail-link">
            {detailLink.label}
          </Button>
          {drawnOnDiagram(detail.type) && (
            <Button
              component={Link}
              to={diagramPath(site.id, detail.id)}
              variant="default"
              data-testid="device-diagram-link"
            >
              {t('sld:showOnDiagram')}
            </Button>
          )}
          {mayMaintain && row && (
            <Button
              variant={row.maintenance ? 'light' : 'filled'}
              onClick={() => setDialog(true)}
              data-testid={row.maintenance ? 'maintenance-lift' : 'maintenance-put'}
            >
              {t(row.maintenance ? 'devicesStatus:maintenance.lift' : 'devicesStatus:maintenance.put')}
            </Button>
          )}
        </Group>
      </Group>

      <Card component="section" aria-label={t('device:facts.label')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Fact label={t('device:facts.type')} value={t(`devicesStatus:type.${detail.type}`)} />
          <Fact label={t('device:facts.site')} value={site.name} />
          <Fact label={t('device:facts.model')} value={detail.model || t('device:facts.none')} />
          <Fact
            label={t('device:facts.firmware')}
            value={row?.firmware ? localDigits(lng, row.firmware) : t('device:facts.none')}
          />
          {row && <LiveFacts row={row} info={info} lng={lng} controlRoom={controlRoom} />}
        </SimpleGrid>
        {row?.maintenance && (
          <Alert color="blue" mt="md" data-testid="device-maintenance">
            {t('devicesStatus:maintenance.since', {
              time: formatDateTime(lng, row.maintenance.since),
              who: row.maintenance.byName || '—',
              reason: row.maintenance.reason,
            })}
          </Alert>
        )}
      </Card>

      <Card component="section" aria-labelledby="device-series-title">
        <Title order={3} fz="lg" fw={600} id="device-series-title" mb="sm">
          {t('device:series.title')}
        </Title>
        <DeviceSeriesTable lines={detail.series} lng={lng} />
      </Card>

      <DeviceHistory detail={detail} site={site} name={name} />

      {dialog && row && (
        <MaintenanceDialog
          request={{ kind: row.maintenance ? 'lift' : 'put', deviceId: detail.id, name }}
          onConfirm={confirm}
          onClose={() => setDialog(false)}
        />
      )}
    </Stack>
  );
}
