// A camera's stream settings in the devices page's device dialog (admins): where its pictures come from
// (simulated, MJPEG, HLS, snapshot, RTSP), the camera's own address (never shown to viewers), the size and
// rate, and the devices it looks at (their alarms bring it into the monitor's grid). Read and written
// through GET/PUT /api/cameras/:id/settings, apart from the device's own form (not a nested <form>).
import {
  Alert,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  CAMERA_LIMITS,
  type CameraSettings,
  type CameraSource,
  cameraSources,
} from '@voltscope/shared/contracts/cameras';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/serverErrors.ts';
import { ApiError, api, call } from '../../session/api.ts';

interface Props {
  cameraId: string;
  /** The devices of the camera's site, to choose what it covers from. */
  siteDevices: readonly { id: string; name: string; type: string }[];
}

export function CameraSettingsForm({ cameraId, siteDevices }: Props) {
  const { t, ready } = useTranslation('cctv', { useSuspense: false });
  const [settings, setSettings] = useState<CameraSettings | null>(null);
  const [status, setStatus] = useState<{ kind: 'error' | 'saved'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setSettings(null);
    api(call('GET /api/cameras/:id/settings', { params: { id: cameraId } }), { signal: controller.signal }).then(
      setSettings,
      () => !controller.signal.aborted && setStatus({ kind: 'error', text: t('settings.loadFailed') }),
    );
    return () => controller.abort();
  }, [cameraId, t]);

  if (!ready) return null;
  if (!settings) {
    return status ? (
      <Alert color="red" variant="light" role="alert">
        {status.text}
      </Alert>
    ) : null;
  }
  const put = (change: Partial<CameraSettings>) => {
    setStatus(null);
    setSettings({ ...settings, ...change });
  };
  const needsUrl = settings.source !== 'simulated';
  const urlMissing = needsUrl && !settings.url;
  const save = async () => {
    if (urlMissing) return setStatus({ kind: 'error', text: t('settings.urlRequired') });
    setBusy(true);
    try {
      const body = { ...settings, url: needsUrl ? settings.url : null };
      setSettings(await api(call('PUT /api/cameras/:id/settings', { params: { id: cameraId }, body })));
      setStatus({ kind: 'saved', text: t('settings.saved') });
    } catch (error) {
      setStatus({ kind: 'error', text: error instanceof ApiError ? errorText(error.body) : t('settings.saveFailed') });
    } finally {
      setBusy(false);
    }
  };
  const coverable = siteDevices
    .filter((d) => d.id !== cameraId && d.type !== 'camera')
    .map((d) => ({ value: d.id, label: d.name }));

  return (
    <Stack gap="sm" data-testid="camera-settings">
      <Text fw={600}>{t('settings.title')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('settings.source')}
          data={cameraSources.map((s) => ({ value: s, label: t(`settings.sources.${s}`) }))}
          value={settings.source}
          allowDeselect={false}
          onChange={(source) => source && put({ source: source as CameraSource })}
          data-testid="camera-source"
        />
        {needsUrl && (
          <TextInput
            label={t('settings.url')}
            description={t('settings.urlHint')}
            value={settings.url ?? ''}
            maxLength={CAMERA_LIMITS.url}
            onChange={(event) => put({ url: event.currentTarget.value || null })}
            error={status?.kind === 'error' && urlMissing ? t('settings.urlRequired') : undefined}
            required
            dir="ltr"
            data-testid="camera-url"
          />
        )}
        <NumberInput
          label={t('settings.width')}
          value={settings.width}
          min={CAMERA_LIMITS.width.min}
          max={CAMERA_LIMITS.width.max}
          allowDecimal={false}
          onChange={(value) => typeof value === 'number' && put({ width: value })}
        />
        <NumberInput
          label={t('settings.height')}
          value={settings.height}
          min={CAMERA_LIMITS.height.min}
          max={CAMERA_LIMITS.height.max}
          allowDecimal={false}
          onChange={(value) => typeof value === 'number' && put({ height: value })}
        />
        <NumberInput
          label={t('settings.fps')}
          value={settings.fps}
          min={CAMERA_LIMITS.fps.min}
          max={CAMERA_LIMITS.fps.max}
          step={0.5}
          decimalScale={1}
          onChange={(value) => typeof value === 'number' && put({ fps: value })}
        />
        <MultiSelect
          label={t('settings.covers')}
          description={t('settings.coversHint')}
          data={coverable}
          value={settings.covers}
          maxValues={CAMERA_LIMITS.covers}
          onChange={(covers) => put({ covers })}
          searchable
          data-testid="camera-covers"
        />
      </SimpleGrid>
      {status && (
        <Alert color={status.kind === 'error' ? 'red' : 'green'} variant="light" role="status">
          {status.text}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={() => void save()} loading={busy} data-testid="camera-save">
          {t('settings.save')}
        </Button>
      </Group>
    </Stack>
  );
}
