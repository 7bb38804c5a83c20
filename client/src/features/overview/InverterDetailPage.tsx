// One inverter: what it does now (status and fault, AC and DC power, efficiency, temperature, grid side,
// energy and specific yield today, each MPPT input) and its history over a chosen period, zoomable.
// An unknown device or one the user may not read gets a clear page of its own.
import { Alert, Anchor, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import type { Device, DeviceState } from '@voltscope/shared/fleet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { deviceName } from '../../data/deviceName.ts';
import { formatUngrouped } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { ApiError, call } from '../../session/api.ts';
import { Freshness } from '../../ui/Freshness.tsx';
import { IconArrowBack } from '../../ui/icons.tsx';
import { SiteStaleBanner } from '../../ui/SiteStaleBanner.tsx';
import { plantFormats } from './format.ts';
import { InverterHistory } from './InverterHistory.tsx';
import { InverterFigures, InverterStatus } from './InverterLive.tsx';
import { LiveSite } from './LiveParts.tsx';
import { MpptTable } from './MpptTable.tsx';
import { useApi, useSiteIndex, useSiteKpis } from './siteData.ts';
import { TripLog } from './TripLog.tsx';

/** Why the device cannot be shown, from the hub's answer. */
function Unavailable({ error, id, notInverter }: { error: unknown; id: string; notInverter?: Device }) {
  const { t } = useTranslation(['overview', 'common']);
  const lng = useLanguage();
  const status = error instanceof ApiError ? error.status : null;
  const kind = notInverter ? 'notInverter' : status === 404 ? 'notFound' : status === 403 ? 'forbidden' : 'error';
  return (
    <Stack align="center" ta="center" py="xl" gap="sm" data-testid="inverter-unavailable" data-kind={kind}>
      {status !== null && (
        <Text fz={56} fw={800} c="dimmed" aria-hidden="true" lh={1}>
          {formatUngrouped(lng, status)}
        </Text>
      )}
      <Title order={2}>{t(`overview:unavailable.${kind}.title`)}</Title>
      <Text c="dimmed" maw={520}>
        {t(`overview:unavailable.${kind}.text`, { id })}
      </Text>
      <Group gap="sm">
        {notInverter?.type === 'wind_turbine' && (
          <Button component={Link} to={`/overview/wind/turbine/${encodeURIComponent(notInverter.id)}`}>
            {t('overview:unavailable.openTurbine')}
          </Button>
        )}
        <Button component={Link} to="/overview/solar" variant="light" leftSection={<IconArrowBack size={18} />}>
          {t('overview:detail.back')}
        </Button>
      </Group>
    </Stack>
  );
}

function Detail({ device, site }: { device: Device; site: Site }) {
  const { t } = useTranslation(['overview', 'common']);
  const lng = useLanguage();
  const index = useSiteIndex(site.id);
  const kpis = useSiteKpis(site.id);
  const generator =
    kpis.status === 'ready' ? (kpis.data.generators.find((g) => g.deviceId === device.id) ?? null) : null;
  const states = useRef(new Map<string, DeviceState>());
  useEffect(() => {
    states.current = new Map(generator ? [[generator.deviceId, generator.state]] : []);
  }, [generator]);
  const facts = [
    site.name,
    device.model,
    device.ratedKw === null ? '' : t('overview:rated', { power: plantFormats(lng).power(device.ratedKw) }),
  ].filter(Boolean);

  return (
    <LiveSite siteId={site.id} timeZone={site.timeZone} revision={generator}>
      <Stack gap="md">
        <Anchor component={Link} to={`/overview/solar?site=${encodeURIComponent(site.id)}`} size="sm" w="fit-content">
          <Group gap={4} component="span">
            <IconArrowBack size={16} />
            {t('overview:detail.back')}
          </Group>
        </Anchor>
        {index.status === 'ready' ? (
          <>
            <Group justify="space-between" align="flex-start" gap="md">
              <Stack gap={4}>
                <Title order={2} fz={28} fw={600} data-testid="inverter-name">
                  {deviceName(device, lng)}
                </Title>
                <Text c="dimmed">{facts.join(' · ')}</Text>
              </Stack>
              <InverterStatus device={device} index={index.data} states={states} />
            </Group>
            <Freshness site={site} ns="overview" />
            <SiteStaleBanner site={site} />
            <InverterFigures device={device} index={index.data} generator={generator} timeZone={site.timeZone} />
            <MpptTable device={device} index={index.data} />
            <TripLog device={device} />
            <InverterHistory site={site} device={device} index={index.data} />
          </>
        ) : index.status === 'error' ? (
          <Alert color="red" variant="light" role="alert">
            {t('overview:loadError')}
          </Alert>
        ) : (
          <Skeleton h={420} radius="md" />
        )}
      </Stack>
    </LiveSite>
  );
}

export function InverterDetailPage() {
  const { id = '' } = useParams();
  const device = useApi(call('GET /api/devices/:id', { params: { id } }));
  const siteId = device.status === 'ready' && device.data.type === 'inverter' ? device.data.siteId : null;
  const site = useApi(siteId ? call('GET /api/sites/:id', { params: { id: siteId } }) : null);

  if (device.status === 'error') return <Unavailable error={device.error} id={id} />;
  if (device.status === 'ready' && device.data.type !== 'inverter')
    return <Unavailable error={null} id={id} notInverter={device.data} />;
  if (site.status === 'error') return <Unavailable error={site.error} id={id} />;
  if (device.status !== 'ready' || site.status !== 'ready') return <Skeleton h={480} radius="md" />;
  return <Detail device={device.data} site={site.data} />;
}
