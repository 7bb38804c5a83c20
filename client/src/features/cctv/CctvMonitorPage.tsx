// The CCTV monitor (/cctv/monitor): a grid of 1, 4, 9 or 16 cameras of one site or of all the viewer's
// (mixed), saved as named layouts of the viewer's own (`?layout=` names one); full screen on one camera
// (double-click, Enter, or its button; Esc back); each tile's link state; a camera in alarm framed red
// with the alarm's words and brought into the grid unless every cell is pinned. On a wall display
// (kiosk) the grid fills the page with no controls.
import { Alert, Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import type { CameraInfo } from '@voltscope/shared/contracts/cameras';
import { type CctvGridSize, type CctvLayout, cctvGridSizes } from '@voltscope/shared/contracts/cctv';
import { type CSSProperties, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isActive, isPresented } from '../../alarmFeed/alarmView.ts';
import { useAlarmFeed, useAlarmFeedState } from '../../alarmFeed/hooks.ts';
import { sortSites, useSites } from '../../data/sites.ts';
import { usePolled } from '../../data/usePolled.ts';
import { useResource } from '../../data/useResource.ts';
import { useUrlParam } from '../../data/useUrlParam.ts';
import { localDigits } from '../../i18n/format.ts';
import { errorText } from '../../i18n/serverErrors.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { ApiError, call } from '../../session/api.ts';
import { useSession } from '../../session/sessionStore.ts';
import { EmptyCard } from '../../ui/EmptyCard.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { isWallSession } from '../kiosk/wallSession.ts';
import { CameraTile } from './CameraTile.tsx';
import classes from './cctv.module.css';
import { alarmsByCamera, assigned, type Grid, gridOf, promoted, resized, sizeFor, togglePin } from './grid.ts';
import { IconCamera } from './icons.tsx';
import { createLayout, deleteLayout, updateLayout } from './layoutsApi.ts';

/** The list (the hub's online word, HLS tiles' signed tickets) is asked again this often. */
const CAMERAS_EVERY_MS = 30_000;
const MIXED = 'all';

const columnsOf = (size: CctvGridSize) => Math.sqrt(size);

/** The grid's empty cells filled with the scope's cameras not shown yet, in order. */
function filled(grid: Grid, cameras: readonly CameraInfo[]): Grid {
  const unseen = cameras.map((c) => c.id).filter((id) => !grid.cells.includes(id));
  return { ...grid, cells: grid.cells.map((id) => id ?? unseen.shift() ?? null) };
}

export function CctvMonitorPage() {
  const { t } = useTranslation(['cctv', 'common']);
  const lng = useLanguage();
  const kiosk = useSession(isWallSession);
  const sites = useSites();
  const siteList = useMemo(() => (sites.status === 'ready' ? sortSites(sites.data, lng) : []), [sites, lng]);
  const siteNames = useMemo(() => new Map(siteList.map((s) => [s.id, s.name])), [siteList]);
  const [siteParam, setSiteParam] = useUrlParam('site');
  const scope = siteParam && siteList.some((s) => s.id === siteParam) ? siteParam : null;
  const [layoutParam, setLayoutParam] = useUrlParam('layout');

  const [fresh, setFresh] = useState(0);
  const lastStale = useRef(0);
  // An HLS tile about to reopen its stream asks for new tickets, at most every few seconds for all tiles.
  const onStale = useCallback(() => {
    if (Date.now() - lastStale.current < 3000) return;
    lastStale.current = Date.now();
    setFresh((n) => n + 1);
  }, []);
  const listed = usePolled(call('GET /api/cameras', { query: {} }), CAMERAS_EVERY_MS, fresh);
  const cameras = listed.data?.cameras ?? null;
  const byId = useMemo(() => new Map((cameras ?? []).map((c) => [c.id, c])), [cameras]);
  const inScope = useMemo(() => (cameras ?? []).filter((c) => scope === null || c.siteId === scope), [cameras, scope]);

  const layouts = useResource(call('GET /api/cctv/layouts'));
  const layoutList = layouts.status === 'ready' ? layouts.data : [];
  const current = layoutList.find((l) => l.name.toLowerCase() === layoutParam?.toLowerCase()) ?? null;

  const [grid, setGrid] = useState<Grid | null>(null);
  const [full, setFull] = useState(-1);

  // The first grid: the layout named in the address, else the scope's cameras (kiosk: all of them).
  useEffect(() => {
    if (grid !== null || cameras === null || (layoutParam && layouts.status === 'loading')) return;
    if (current) setGrid(gridOf(current.size, current.cells));
    else
      setGrid(
        filled(
          gridOf(kiosk ? sizeFor(inScope.length) : (Math.min(sizeFor(inScope.length), 9) as CctvGridSize), []),
          inScope,
        ),
      );
  }, [grid, cameras, layoutParam, layouts.status, current, kiosk, inScope]);

  // Open alarms of the visible sites whose device is a camera or one it covers.
  useAlarmFeed();
  const feedAlarms = useAlarmFeedState((s) => s.alarms);
  const inAlarm = useMemo(
    () =>
      alarmsByCamera(
        feedAlarms.filter((a) => isActive(a) && isPresented(a) && (scope === null || a.siteId === scope)),
        inScope,
      ),
    [feedAlarms, scope, inScope],
  );
  const handled = useRef(new Set<string>());
  useEffect(() => {
    if (grid === null || inAlarm.size === 0) return;
    const alarming = new Set(inAlarm.keys());
    let next = grid;
    for (const [cameraId, alarm] of inAlarm) {
      const key = `${alarm.id}:${cameraId}`;
      if (handled.current.has(key)) continue;
      handled.current.add(key);
      next = promoted(next, cameraId, Date.now(), alarming) ?? next;
    }
    if (next !== grid) setGrid(next);
  }, [grid, inAlarm]);

  // Full screen: the Fullscreen API on the tile itself (its stream goes on), else the tile over the page.
  const gridRef = useRef<HTMLDivElement>(null);
  const showFull = useCallback((index: number) => {
    setFull(index);
    if (index < 0) {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
      return;
    }
    const tile = gridRef.current?.querySelectorAll<HTMLElement>('[data-testid="cctv-tile"]')[index];
    tile?.focus();
    tile?.requestFullscreen?.().catch(() => {});
  }, []);
  useEffect(() => {
    if (full < 0) return;
    const left = () => {
      if (!document.fullscreenElement) setFull(-1);
    };
    // In real full screen the browser takes Escape itself (and says so with `fullscreenchange`); should the
    // page get it, it leaves full screen the same way; in the page's own full screen, Escape ends it here.
    const key = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => setFull(-1));
      else setFull(-1);
    };
    document.addEventListener('fullscreenchange', left);
    window.addEventListener('keydown', key);
    return () => {
      document.removeEventListener('fullscreenchange', left);
      window.removeEventListener('keydown', key);
    };
  }, [full]);

  const choose = useCallback((index: number, id: string | null) => {
    setGrid((g) => g && assigned(g, index, id));
  }, []);
  const pin = useCallback((index: number) => setGrid((g) => g && togglePin(g, index)), []);

  const choices = useMemo(() => {
    const groups = new Map<string, { value: string; label: string }[]>();
    for (const c of cameras ?? []) {
      const group = siteNames.get(c.siteId) ?? c.siteId;
      groups.set(group, [...(groups.get(group) ?? []), { value: c.id, label: c.name }]);
    }
    return [...groups].map(([group, items]) => ({ group, items }));
  }, [cameras, siteNames]);

  const [naming, setNaming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const body = (name: string) => (grid ? { name, size: grid.size, cells: grid.cells } : null);
  const failed = (error: unknown) =>
    setProblem(error instanceof ApiError ? errorText(error.body) : t('cctv:layouts.saveFailed'));
  const open = (layout: CctvLayout | null) => {
    setProblem(null);
    setLayoutParam(layout?.name ?? null);
    if (layout) {
      setSiteParam(null);
      setGrid(gridOf(layout.size, layout.cells));
    }
  };
  const save = async () => {
    const payload = current && body(current.name);
    if (!current || !payload) return;
    try {
      await updateLayout(current.id, payload);
      setProblem(null);
      layouts.reload();
    } catch (error) {
      failed(error);
    }
  };
  const remove = async () => {
    if (!current) return;
    try {
      await deleteLayout(current.id);
      open(null);
      layouts.reload();
    } catch (error) {
      failed(error);
    }
  };

  if (listed.error && cameras === null) {
    return (
      <Alert color="red" variant="light" role="alert" data-testid="cctv-error">
        {t('cctv:loadFailed')}
      </Alert>
    );
  }

  const tiles = grid && (
    <div
      ref={gridRef}
      className={kiosk ? `${classes.grid} ${classes.kiosk}` : classes.grid}
      style={{ '--cctv-columns': columnsOf(grid.size) } as CSSProperties}
      data-testid="cctv-grid"
      data-size={grid.size}
    >
      {grid.cells.map((id, index) => {
        const camera = id === null ? null : (byId.get(id) ?? null);
        const alarm = camera ? inAlarm.get(camera.id) : undefined;
        return (
          <CameraTile
            // A cell is a fixed position: it keeps its tile (and its open stream) while its camera stays.
            // biome-ignore lint/suspicious/noArrayIndexKey: cells are grid positions.
            key={`${index}:${id ?? ''}`}
            index={index}
            camera={camera}
            siteName={camera ? (siteNames.get(camera.siteId) ?? camera.siteId) : ''}
            alarmText={alarm ? localDigits(lng, alarm.message[lng] || alarm.message.en) : null}
            broughtIn={camera !== null && grid.promotedAt[index] !== null}
            pinned={grid.pinned[index] ?? false}
            full={full === index}
            kiosk={kiosk}
            choices={choices}
            onChoose={choose}
            onPin={pin}
            onFull={showFull}
            onStale={onStale}
          />
        );
      })}
    </div>
  );

  if (kiosk) return tiles ?? null;

  return (
    <Stack gap="sm">
      <PageHeader title={t('cctv:title')} subtitle={t('cctv:subtitle')} />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('cctv:site')}
          w={220}
          data={[{ value: MIXED, label: t('cctv:allSites') }, ...siteList.map((s) => ({ value: s.id, label: s.name }))]}
          value={scope ?? MIXED}
          allowDeselect={false}
          onChange={(value) => {
            const next = value === MIXED || value === null ? null : value;
            setSiteParam(next);
            setLayoutParam(null);
            const scoped = (cameras ?? []).filter((c) => next === null || c.siteId === next);
            setGrid((g) => filled(gridOf(g?.size ?? 4, []), scoped));
          }}
          data-testid="cctv-site"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="cctv-size-label">
            {t('cctv:gridSize')}
          </Text>
          <SegmentedControl
            aria-labelledby="cctv-size-label"
            data={cctvGridSizes.map((n) => ({ value: String(n), label: localDigits(lng, `${n}`) }))}
            value={String(grid?.size ?? 4)}
            onChange={(value) => setGrid((g) => g && filled(resized(g, Number(value) as CctvGridSize), inScope))}
            data-testid="cctv-size"
          />
        </Stack>
        <Select
          label={t('cctv:layouts.label')}
          w={220}
          placeholder={t('cctv:layouts.none')}
          data={layoutList.map((l) => ({ value: String(l.id), label: l.name }))}
          value={current ? String(current.id) : null}
          onChange={(id) => open(layoutList.find((l) => String(l.id) === id) ?? null)}
          clearable
          data-testid="cctv-layout"
        />
        {current && (
          <Button variant="default" onClick={() => void save()} data-testid="cctv-save">
            {t('cctv:layouts.save')}
          </Button>
        )}
        <Button variant="default" onClick={() => setNaming(true)} disabled={!grid} data-testid="cctv-save-as">
          {t('cctv:layouts.saveAs')}
        </Button>
        {current && (
          <Button variant="subtle" color="red" onClick={() => void remove()} data-testid="cctv-delete">
            {t('cctv:layouts.delete')}
          </Button>
        )}
      </Group>
      {problem && (
        <Alert color="red" variant="light" role="alert" data-testid="cctv-problem">
          {problem}
        </Alert>
      )}
      {cameras !== null && cameras.length === 0 ? (
        <EmptyCard
          icon={<IconCamera size={28} />}
          title={t('cctv:empty.title')}
          description={t('cctv:empty.description')}
          testId="cctv-empty"
        />
      ) : (
        tiles
      )}
      {!kiosk && (
        <Text size="xs" c="dimmed">
          {t('cctv:help')}
        </Text>
      )}
      <SaveAsDialog
        opened={naming}
        onClose={() => setNaming(false)}
        onSave={async (name) => {
          const payload = body(name);
          if (!payload) return null;
          try {
            const made = await createLayout(payload);
            layouts.reload();
            setLayoutParam(made.name);
            setProblem(null);
            return null;
          } catch (error) {
            return error instanceof ApiError ? errorText(error.body) : t('cctv:layouts.saveFailed');
          }
        }}
      />
    </Stack>
  );
}

function SaveAsDialog({
  opened,
  onClose,
  onSave,
}: {
  opened: boolean;
  onClose: () => void;
  /** Null when saved, else the words of the refusal. */
  onSave: (name: string) => Promise<string | null>;
}) {
  const { t } = useTranslation(['cctv', 'common']);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    if (!name.trim()) return setError(t('cctv:layouts.nameRequired'));
    setBusy(true);
    const refused = await onSave(name.trim());
    setBusy(false);
    if (refused) return setError(refused);
    setName('');
    setError(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('cctv:layouts.saveAs')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          <TextInput
            label={t('cctv:layouts.name')}
            value={name}
            maxLength={60}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            data-autofocus
            data-testid="cctv-layout-name"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cctv:layouts.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="cctv-layout-submit">
              {t('cctv:layouts.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
