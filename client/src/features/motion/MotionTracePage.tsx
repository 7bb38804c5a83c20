// Over 400 lines for now: the plan, the playback clock and the track list share one period and one
// selection; the plan editor is the part to move out next (it changes for other reasons).
// The motion trace page (`/motion/trace?site=…`): a site's plan with its cameras, sensors, doors and zones,
// the tracks of a period drawn on it with their direction, a time slider with playback at 1×, 10× or 60×
// (a marker per track at the slider's time, moved by animation frames, not by React), the list of tracks
// beside it, and a track's or point's detail: time, sensor, camera, the alarm it raised and that alarm's
// camera snapshot. New tracks draw live. Admins edit the plan in a compact editor (PlanEditor).
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Grid,
  Group,
  Loader,
  Paper,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { asSubject } from '@voltscope/shared/abilities';
import type { SitePlan, Track, TrackPoint } from '@voltscope/shared/contracts/motion';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResource } from '../../data/useResource.ts';
import { useSiteChoice } from '../../data/useSiteChoice.ts';
import { useUrlParam } from '../../data/useUrlParam.ts';
import { formatDateTimeSeconds, localDigits } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { useAbility } from '../../session/ability.ts';
import { ApiError, call } from '../../session/api.ts';
import { SitePicker } from '../../ui/SitePicker.tsx';
import classes from './motion.module.css';
import {
  generatedZones,
  mergeTrack,
  planDeviceName,
  positionOf,
  type TrackMessage,
  useBlobUrl,
  useLiveTracks,
} from './motionData.ts';
import { PlanView } from './PlanView.tsx';

const PlanEditor = lazy(() => import('./PlanEditor.tsx').then((m) => ({ default: m.PlanEditor })));

const presets = ['1h', '24h', '7d', 'custom'] as const;
type Preset = (typeof presets)[number];
const HOUR = 3_600_000;
const spans: Record<Exclude<Preset, 'custom'>, number> = { '1h': HOUR, '24h': 24 * HOUR, '7d': 7 * 24 * HOUR };
const speeds = [1, 10, 60] as const;

/** `YYYY-MM-DDTHH:mm` in the browser's zone, as datetime-local inputs read and write. */
const localInput = (at: number) => {
  const d = new Date(at - new Date(at).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};

export function MotionTracePage() {
  const { t } = useTranslation(['motion', 'common']);
  const { sites, list, site, choose } = useSiteChoice('all');
  const [edit, setEdit] = useUrlParam('edit');
  const ability = useAbility();
  if (sites.status === 'loading') return <Loader aria-label={t('motion:loading')} />;
  if (!site) return <Text c="dimmed">{t('motion:noSites')}</Text>;
  const mayEdit = ability.can('update', asSubject('Site', { ...site }));
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="md">
        <Title order={2} fw={600}>
          {t('motion:title')}
        </Title>
        <Group gap="sm" align="flex-end">
          <SitePicker label={t('motion:site')} sites={list} site={site} onChange={choose} />
          {mayEdit && (
            <Button variant="default" onClick={() => setEdit(edit === '1' ? null : '1')} data-testid="motion-edit">
              {edit === '1' ? t('motion:editor.close') : t('motion:editor.open')}
            </Button>
          )}
        </Group>
      </Group>
      <SiteTrace key={site.id} siteId={site.id} editing={mayEdit && edit === '1'} />
    </Stack>
  );
}

function SiteTrace({ siteId, editing }: { siteId: string; editing: boolean }) {
  const { t } = useTranslation('motion');
  const plan = useResource(call('GET /api/sites/:id/plan', { params: { id: siteId } }));
  if (plan.status === 'loading') return <Loader aria-label={t('loading')} />;
  if (plan.status === 'error') {
    const status = plan.error instanceof ApiError ? plan.error.status : 0;
    return (
      <Alert color={status === 404 ? 'yellow' : 'red'} role="alert" data-testid="motion-error">
        {status === 404 ? t('notFound', { id: siteId }) : t('loadError')}
      </Alert>
    );
  }
  if (editing) {
    return (
      <Suspense fallback={<Loader aria-label={t('loading')} />}>
        <PlanEditor plan={plan.data} onSaved={plan.reload} />
      </Suspense>
    );
  }
  return <Trace plan={plan.data} />;
}

function useZoneName() {
  const { t } = useTranslation('motion');
  return useCallback(
    (zone: { id: string; name: string }) =>
      generatedZones[zone.id] === zone.name ? t(`zones.${zone.id}` as 'zones.gate') : zone.name,
    [t],
  );
}

function Trace({ plan }: { plan: SitePlan }) {
  const { t } = useTranslation('motion');
  const lng = useLanguage();
  const zoneName = useZoneName();
  const [preset, setPreset] = useState<Preset>('24h');
  const [custom, setCustom] = useState(() => ({ from: Date.now() - 24 * HOUR, to: Date.now() }));
  // The period, fixed when chosen (a live track extends it: its points come over the socket).
  const range = useMemo(
    () => (preset === 'custom' ? custom : { from: Date.now() - spans[preset], to: Date.now() }),
    [preset, custom],
  );
  const fetched = useResource(
    call('GET /api/sites/:id/motion/tracks', {
      params: { id: plan.siteId },
      query: { from: range.from, to: range.to },
    }),
  );
  const [tracks, setTracks] = useState<Track[]>([]);
  useEffect(() => {
    if (fetched.status === 'ready') setTracks(fetched.data.tracks);
  }, [fetched]);
  const onTrack = useCallback(
    (message: TrackMessage) => {
      if (preset !== 'custom') setTracks((held) => mergeTrack(held, message));
    },
    [preset],
  );
  useLiveTracks(plan.siteId, onTrack);

  const [hover, setHover] = useState<string | null>(null);
  const [picked, setPicked] = useState<{ track: Track; point: TrackPoint | null } | null>(null);
  const markers = useRef(new Map<string, SVGCircleElement>());
  const playback = usePlayback(range, tracks, markers);
  const devices = useMemo(() => new Map(plan.devices.map((d) => [d.deviceId, d])), [plan.devices]);
  const nameOf = (id: string | null) => {
    const d = id ? devices.get(id) : undefined;
    return d ? planDeviceName(d, lng) : '—';
  };
  const zoneOf = (id: string | null) => {
    const zone = plan.zones.find((z) => z.id === id);
    return zone ? zoneName(zone) : t('noZone');
  };

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="xs">
          <Group gap="sm" align="flex-end" wrap="wrap">
            <SegmentedControl
              aria-label={t('period.label')}
              value={preset}
              onChange={(v) => setPreset(v as Preset)}
              data={presets.map((p) => ({ value: p, label: t(`period.${p}`) }))}
              data-testid="motion-period"
            />
            {preset === 'custom' && (
              <>
                <TextInput
                  type="datetime-local"
                  label={t('period.from')}
                  value={localInput(custom.from)}
                  onChange={(e) => {
                    const at = new Date(e.currentTarget.value).getTime();
                    if (Number.isFinite(at)) setCustom((c) => ({ ...c, from: at }));
                  }}
                />
                <TextInput
                  type="datetime-local"
                  label={t('period.to')}
                  value={localInput(custom.to)}
                  onChange={(e) => {
                    const at = new Date(e.currentTarget.value).getTime();
                    if (Number.isFinite(at)) setCustom((c) => ({ ...c, to: at }));
                  }}
                />
              </>
            )}
          </Group>
          <PlanView
            plan={plan}
            tracks={tracks}
            highlight={hover}
            onHover={setHover}
            onPick={(track, point) => setPicked({ track, point })}
            markers={markers}
            zoneName={zoneName}
          />
          <Legend />
          <Paper withBorder p="xs">
            <Group gap="sm" wrap="nowrap">
              <ActionIcon
                variant="filled"
                size="lg"
                onClick={playback.toggle}
                aria-label={playback.playing ? t('playback.pause') : t('playback.play')}
                data-testid="motion-play"
              >
                <span aria-hidden>{playback.playing ? '❚❚' : '▶'}</span>
              </ActionIcon>
              <SegmentedControl
                size="xs"
                style={{ flexShrink: 0 }}
                aria-label={t('playback.speed')}
                value={String(playback.speed)}
                onChange={(v) => playback.setSpeed(Number(v))}
                data={speeds.map((s) => ({ value: String(s), label: localDigits(lng, `${s}×`) }))}
                data-testid="motion-speed"
              />
              <input
                ref={playback.slider}
                type="range"
                className={classes.slider}
                min={range.from}
                max={range.to}
                step={1000}
                defaultValue={range.from}
                aria-label={t('playback.time')}
                onInput={(e) => playback.seek(Number(e.currentTarget.value))}
                data-testid="motion-slider"
              />
              <Text ref={playback.label} size="sm" c="dimmed" miw={150} ta="end" data-testid="motion-time" />
            </Group>
          </Paper>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Paper withBorder p="xs">
          <Text fw={600} mb="xs">
            {t('list.title', { count: tracks.length })}
          </Text>
          {fetched.status === 'loading' && <Loader size="sm" aria-label={t('loading')} />}
          {fetched.status === 'ready' && tracks.length === 0 && (
            <Text c="dimmed" size="sm" data-testid="motion-empty">
              {t('list.empty')}
            </Text>
          )}
          {tracks.length > 0 && (
            <ScrollArea.Autosize mah="60vh">
              <Table highlightOnHover data-testid="motion-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('list.kind')}</Table.Th>
                    <Table.Th>{t('list.zone')}</Table.Th>
                    <Table.Th>{t('list.start')}</Table.Th>
                    <Table.Th>{t('list.duration')}</Table.Th>
                    <Table.Th>{t('list.alarm')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {[...tracks].reverse().map((track) => (
                    <Table.Tr
                      key={track.id}
                      className={classes.row}
                      data-active={hover === track.id}
                      data-testid="motion-row"
                      tabIndex={0}
                      onMouseEnter={() => setHover(track.id)}
                      onMouseLeave={() => setHover(null)}
                      onFocus={() => setHover(track.id)}
                      onClick={() => {
                        setPicked({ track, point: null });
                        playback.seek(track.startedAt);
                      }}
                      onKeyDown={(e) => {
                        if (e.key === 'Enter') setPicked({ track, point: null });
                      }}
                    >
                      <Table.Td>{t(`kind.${track.kind}`)}</Table.Td>
                      <Table.Td>{zoneOf(track.zone)}</Table.Td>
                      <Table.Td>{formatDateTimeSeconds(lng, track.startedAt)}</Table.Td>
                      <Table.Td>{duration(lng, t, track)}</Table.Td>
                      <Table.Td>
                        {track.alarmId !== null ? (
                          <Badge color="red" variant="light">
                            {localDigits(lng, `#${track.alarmId}`)}
                          </Badge>
                        ) : (
                          '—'
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          )}
          {fetched.status === 'ready' && fetched.data.truncated && (
            <Text size="xs" c="dimmed" mt="xs">
              {t('list.truncated')}
            </Text>
          )}
        </Paper>
      </Grid.Col>
      <Drawer
        opened={picked !== null}
        onClose={() => setPicked(null)}
        position="right"
        title={picked ? t(`kind.${picked.track.kind}`) : ''}
        data-testid="motion-detail"
      >
        {picked && <TrackDetail track={picked.track} point={picked.point} nameOf={nameOf} zoneOf={zoneOf} />}
      </Drawer>
    </Grid>
  );
}

function duration(lng: ReturnType<typeof useLanguage>, t: TFunction<'motion'>, track: Track) {
  if (track.endedAt === null) return t('running');
  const s = Math.round((track.endedAt - track.startedAt) / 1000);
  return t('duration', {
    m: localDigits(lng, String(Math.floor(s / 60))),
    s: localDigits(lng, String(s % 60).padStart(2, '0')),
  });
}

function Legend() {
  const { t } = useTranslation('motion');
  return (
    <Group gap="md">
      <Badge variant="dot" color="blue">
        {t('legend.person')}
      </Badge>
      <Badge variant="dot" color="violet">
        {t('legend.vehicle')}
      </Badge>
      <Badge variant="dot" color="red">
        {t('legend.alarm')}
      </Badge>
      <Text size="xs" c="dimmed">
        {t('legend.devices')}
      </Text>
    </Group>
  );
}

function TrackDetail({
  track,
  point,
  nameOf,
  zoneOf,
}: {
  track: Track;
  point: TrackPoint | null;
  nameOf: (id: string | null) => string;
  zoneOf: (id: string | null) => string;
}) {
  const { t } = useTranslation('motion');
  const lng = useLanguage();
  const shown = point ?? track.points.find((p) => p.sensorId !== null) ?? track.points[0] ?? null;
  const snapshot = useBlobUrl(track.alarmId !== null ? `/api/alarms/${track.alarmId}/snapshot.jpg` : null);
  const rows: [string, string][] = [
    [t('detail.zone'), zoneOf(track.zone)],
    [t('detail.started'), formatDateTimeSeconds(lng, track.startedAt)],
    [t('detail.duration'), duration(lng, t, track)],
  ];
  if (shown) {
    rows.push(
      [t('detail.pointTime'), formatDateTimeSeconds(lng, shown.ts)],
      [t('detail.sensor'), nameOf(shown.sensorId)],
      [t('detail.camera'), nameOf(shown.cameraId)],
    );
  }
  return (
    <Stack gap="sm">
      <Table>
        <Table.Tbody>
          {rows.map(([k, v]) => (
            <Table.Tr key={k}>
              <Table.Th>{k}</Table.Th>
              <Table.Td>{v}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {track.alarmId !== null ? (
        <Anchor component={Link} to={`/alarm/history?alarm=${track.alarmId}`} data-testid="motion-alarm-link">
          {t('detail.alarm', { id: localDigits(lng, String(track.alarmId)) })}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          {t('detail.noAlarm')}
        </Text>
      )}
      {snapshot.url && <img className={classes.snapshot} src={snapshot.url} alt={t('detail.snapshot')} />}
    </Stack>
  );
}

/**
 * The time slider and playback: the time lives in a ref; each animation frame moves it, the slider, the
 * time label and the markers (DOM writes, no React render). Play and speed are React state (a click).
 */
function usePlayback(
  range: { from: number; to: number },
  tracks: readonly Track[],
  markers: { current: Map<string, SVGCircleElement> },
) {
  const lng = useLanguage();
  const time = useRef(range.from);
  const slider = useRef<HTMLInputElement>(null);
  const label = useRef<HTMLParagraphElement>(null);
  const tracksRef = useRef(tracks);
  /** Whether the time was put at the period's first track yet. */
  const placed = useRef(false);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(10);

  const draw = useCallback(() => {
    const t = time.current;
    if (slider.current && Number(slider.current.value) !== t) slider.current.value = String(t);
    if (label.current) label.current.textContent = formatDateTimeSeconds(lng, t);
    for (const track of tracksRef.current) {
      const el = markers.current.get(track.id);
      if (!el) continue;
      const at = positionOf(track.points, t);
      if (!at) {
        el.setAttribute('visibility', 'hidden');
        continue;
      }
      el.setAttribute('visibility', 'visible');
      el.setAttribute('cx', at.x.toFixed(1));
      el.setAttribute('cy', at.y.toFixed(1));
    }
  }, [lng, markers]);

  // A new period starts at its start, then at its first track once the tracks are there.
  useEffect(() => {
    time.current = range.from;
    placed.current = false;
    draw();
  }, [range, draw]);
  useEffect(() => {
    tracksRef.current = tracks;
    const first = tracks[0];
    if (!placed.current && first) {
      placed.current = true;
      time.current = Math.max(range.from, Math.min(range.to, first.startedAt));
    }
    draw();
  }, [tracks, range, draw]);

  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    let last = performance.now();
    const step = (now: number) => {
      // A frame's time is when the frame began, which can be before `last` was read: never step back.
      time.current = Math.min(range.to, time.current + Math.max(0, now - last) * speed);
      last = now;
      draw();
      if (time.current >= range.to) {
        setPlaying(false);
        return;
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [playing, speed, range, draw]);

  return {
    playing,
    speed,
    setSpeed,
    slider,
    label,
    toggle: () => setPlaying((p) => !p),
    seek: (t: number) => {
      time.current = t;
      draw();
    },
  };
}
