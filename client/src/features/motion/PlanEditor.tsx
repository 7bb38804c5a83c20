// The plan's editor (admins: `update` on the site): upload a picture (PNG, JPEG or SVG, up to 2 MB, with its
// size in metres), drag the devices to their places, draw zones (click their corners on the plan), rename or
// remove them, save; or go back to the generated plan.
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Grid,
  Group,
  NumberInput,
  Paper,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { PlanZone, SitePlan } from '@voltscope/shared/contracts/motion';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/serverErrors.ts';
import { ApiError, api, call } from '../../session/api.ts';
import { generatedZones } from './motionData.ts';
import { PlanView } from './PlanView.tsx';

const MAX_BYTES = 2 * 1024 * 1024;

export function PlanEditor({ plan, onSaved }: { plan: SitePlan; onSaved: () => void }) {
  const { t } = useTranslation('motion');
  const [devices, setDevices] = useState(plan.devices);
  const [zones, setZones] = useState<PlanZone[]>(plan.zones);
  const [draft, setDraft] = useState<[number, number][] | null>(null);
  const [size, setSize] = useState({ width: plan.width, height: plan.height });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const zoneName = (zone: { id: string; name: string }) =>
    generatedZones[zone.id] === zone.name ? t(`zones.${zone.id}` as 'zones.gate') : zone.name;

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      await work();
      setSaved(true);
      onSaved();
    } catch (e) {
      setError(e instanceof ApiError ? errorText(e.body) : t('loadError'));
    } finally {
      setBusy(false);
    }
  };

  const upload = (file: File | null) => {
    if (!file) return;
    if (!['image/png', 'image/jpeg', 'image/svg+xml'].includes(file.type)) return setError(t('editor.wrongType'));
    if (file.size > MAX_BYTES) return setError(t('editor.tooLarge'));
    void run(async () => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      await api(
        call('PUT /api/sites/:id/plan/image', {
          params: { id: plan.siteId },
          body: { contentType: file.type, data: btoa(binary), width: size.width, height: size.height },
        }),
      );
    });
  };

  const save = () =>
    run(() =>
      api(
        call('PUT /api/sites/:id/plan/layout', {
          params: { id: plan.siteId },
          body: {
            devices: devices.map((d) => ({ deviceId: d.deviceId, x: d.x, y: d.y, heading: d.heading })),
            zones,
          },
        }),
      ),
    );

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {draft ? t('editor.drawHint') : t('editor.dragHint')}
          </Text>
          <PlanView
            plan={{ ...plan, devices, zones }}
            tracks={[]}
            highlight={null}
            zoneName={zoneName}
            edit={{
              draft: draft ?? [],
              onMove: (id, x, y) => setDevices((list) => list.map((d) => (d.deviceId === id ? { ...d, x, y } : d))),
              onPlanClick: (x, y) => draft && setDraft([...draft, [x, y]]),
            }}
          />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert" data-testid="motion-editor-error">
              {error}
            </Alert>
          )}
          {saved && !error && (
            <Alert color="green" role="status">
              {t('editor.saved')}
            </Alert>
          )}
          <Paper withBorder p="xs">
            <Text fw={600} size="sm" mb={4}>
              {t('editor.picture')}
            </Text>
            <Group gap="xs" align="flex-end">
              <NumberInput
                label={t('editor.width')}
                value={size.width}
                min={10}
                max={10000}
                w={100}
                onChange={(v) => setSize((s) => ({ ...s, width: Number(v) || s.width }))}
              />
              <NumberInput
                label={t('editor.height')}
                value={size.height}
                min={10}
                max={10000}
                w={100}
                onChange={(v) => setSize((s) => ({ ...s, height: Number(v) || s.height }))}
              />
              <FileButton onChange={upload} accept="image/png,image/jpeg,image/svg+xml">
                {(props) => (
                  <Button {...props} variant="default" loading={busy} data-testid="motion-upload">
                    {t('editor.upload')}
                  </Button>
                )}
              </FileButton>
            </Group>
          </Paper>
          <Paper withBorder p="xs">
            <Text fw={600} size="sm" mb={4}>
              {t('editor.zones')}
            </Text>
            <Stack gap={6}>
              {zones.map((zone) => (
                <Group key={zone.id} gap="xs" wrap="nowrap">
                  <TextInput
                    aria-label={t('editor.zoneName')}
                    value={zoneName(zone)}
                    maxLength={80}
                    style={{ flex: 1 }}
                    onChange={(e) => {
                      const name = e.currentTarget.value;
                      setZones((list) => list.map((z) => (z.id === zone.id ? { ...z, name } : z)));
                    }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('editor.removeZone', { name: zoneName(zone) })}
                    onClick={() => setZones((list) => list.filter((z) => z.id !== zone.id))}
                  >
                    <span aria-hidden>✕</span>
                  </ActionIcon>
                </Group>
              ))}
              {draft === null ? (
                <Button variant="light" size="xs" onClick={() => setDraft([])}>
                  {t('editor.addZone')}
                </Button>
              ) : (
                <Group gap="xs">
                  <Button
                    size="xs"
                    disabled={draft.length < 3}
                    onClick={() => {
                      const id = `zone-${Date.now().toString(36)}`;
                      setZones((list) => [
                        ...list,
                        { id, name: t('editor.newZone', { n: list.length + 1 }), points: draft },
                      ]);
                      setDraft(null);
                    }}
                  >
                    {t('editor.finishZone')}
                  </Button>
                  <Button size="xs" variant="default" onClick={() => setDraft(null)}>
                    {t('editor.cancel')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Paper>
          <Group gap="xs">
            <Button onClick={save} loading={busy} data-testid="motion-save">
              {t('editor.save')}
            </Button>
            <Button
              variant="default"
              color="red"
              loading={busy}
              onClick={() => run(() => api(call('DELETE /api/sites/:id/plan', { params: { id: plan.siteId } })))}
            >
              {t('editor.reset')}
            </Button>
          </Group>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
