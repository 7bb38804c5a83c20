// The editor's screen: toolbar, palette, canvas (or a preview with live data), the selection's properties
// and the issues to fix before publishing; and the dialogs (publish, versions, start again, leave).

import { ActionIcon, Badge, Button, Group, Paper, ScrollArea, Stack, Text, Title, Tooltip } from '@mantine/core';
import { diagramBounds, GRID_PX, type SldSymbol, type SymbolKind } from '@voltscope/shared/sld/model';
import { validateDiagram } from '@voltscope/shared/sld/validate';
import { type ReactNode, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceName } from '../../../data/deviceName.ts';
import { useLanguage } from '../../../i18n/useLanguage.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { EditorCanvas, type View, zoomAt } from './EditorCanvas.tsx';
import classes from './editor.module.css';
import { loadGenerated, type SiteDevice, type SldViewReply } from './editorApi.ts';
import { addSymbol, addText, canRedo, canUndo, isDirty, redo, replaceDraft, select, undo } from './editorState.ts';
import { IssuesPanel, useIssueText } from './IssuesPanel.tsx';
import { Palette } from './Palette.tsx';
import { PropertiesPanel } from './PropertiesPanel.tsx';
import { PublishDialog } from './PublishDialog.tsx';
import { Toolbar } from './Toolbar.tsx';
import { useEditorState } from './useEditorState.ts';
import { VersionsDrawer } from './VersionsDrawer.tsx';

interface Props {
  siteId: string;
  start: SldViewReply;
  devices: readonly SiteDevice[];
  onClose: () => void;
  onReload: () => Promise<void>;
  renderPreview: (diagram: SldViewReply['diagram']) => ReactNode;
}

type Dialog = 'publish' | 'versions' | 'regenerate' | 'leave' | null;
type Preview = { diagram: SldViewReply['diagram']; title: string } | null;

export function EditorScreen({ siteId, start, devices, onClose, onReload, renderPreview }: Props) {
  const { t } = useTranslation(['sldEditor', 'common']);
  const lng = useLanguage();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [preview, setPreview] = useState<Preview>(null);
  const { state, apply } = useEditorState(start.diagram, dialog === null && preview === null);
  const frame = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<View>({ x: 0, y: 0, k: 1 });
  const dirty = isDirty(state);

  const byId = useMemo(() => new Map(devices.map((d) => [d.id, d])), [devices]);
  const issues = useMemo(() => validateDiagram(state.draft, devices), [state.draft, devices]);
  const nameOfSymbol = (s: SldSymbol) => {
    const device = s.deviceId ? byId.get(s.deviceId) : undefined;
    return s.label ?? (device ? deviceName(device, lng) : `${t(`sldEditor:kind.${s.kind}`)} ${s.id}`);
  };
  const nameOf = (param: 'symbol' | 'connection' | 'device', id: string) => {
    if (param === 'device') {
      const device = byId.get(id);
      return device ? deviceName(device, lng) : id;
    }
    const symbol = param === 'symbol' ? state.draft.symbols.find((s) => s.id === id) : undefined;
    return symbol ? nameOfSymbol(symbol) : id;
  };
  const issueText = useIssueText(nameOf);

  const fit = () => {
    const box = frame.current?.getBoundingClientRect();
    if (!box) return;
    const b = diagramBounds(state.draft);
    const k = Math.min(2, Math.max(0.2, Math.min(box.width / (b.w * GRID_PX), box.height / (b.h * GRID_PX))));
    setView({ k, x: -b.x * GRID_PX * k + (box.width - b.w * GRID_PX * k) / 2, y: -b.y * GRID_PX * k });
  };
  // Fit once, when the frame first has a size.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useLayoutEffect(fit, []);

  // Closing the tab with unpublished changes asks first (the browser words the question).
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  /** The middle of the view in cells, moved aside from any symbol already there. */
  const freeCellAtCentre = (): [number, number] => {
    const box = frame.current?.getBoundingClientRect();
    let x = Math.round(((box?.width ?? 600) / 2 - view.x) / (GRID_PX * view.k));
    const y = Math.round(((box?.height ?? 400) / 2 - view.y) / (GRID_PX * view.k));
    while (state.draft.symbols.some((s) => s.x === x && s.y === y)) x += 4;
    return [x, y];
  };
  const place = (kind: SymbolKind) => apply((s) => addSymbol(s, kind, ...freeCellAtCentre()));
  const leave = () => (dirty ? setDialog('leave') : onClose());
  const zoom = (factor: number) => {
    const box = frame.current?.getBoundingClientRect();
    setView(zoomAt(view, factor, (box?.width ?? 0) / 2, (box?.height ?? 0) / 2));
  };

  return (
    <Stack gap="sm" data-testid="sld-editor">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={3}>{t('sldEditor:title')}</Title>
          {dirty && (
            <Badge color="orange" variant="light" data-testid="sld-unsaved">
              {t('sldEditor:unsaved')}
            </Badge>
          )}
        </Group>
        <Button variant="subtle" onClick={leave} data-testid="sld-editor-close">
          {t('sldEditor:close')}
        </Button>
      </Group>
      <Toolbar
        canUndo={canUndo(state)}
        canRedo={canRedo(state)}
        hasSelection={state.selection !== null}
        previewing={preview !== null}
        publishable={issues.length === 0}
        onUndo={() => apply(undo)}
        onRedo={() => apply(redo)}
        onAddText={() => apply((s) => addText(s, ...freeCellAtCentre(), t('sldEditor:props.newText')))}
        onRegenerate={() => setDialog('regenerate')}
        onPreview={() => setPreview(preview ? null : { diagram: state.draft, title: t('sldEditor:toolbar.preview') })}
        onVersions={() => setDialog('versions')}
        onPublish={() => setDialog('publish')}
        apply={apply}
      />
      <div className={classes.layout}>
        <Paper withBorder p="xs">
          <ScrollArea.Autosize mah="70vh">
            <Palette onPlace={place} />
          </ScrollArea.Autosize>
        </Paper>
        {preview ? (
          <Stack gap="xs" data-testid="sld-editor-preview">
            <Group justify="space-between">
              <Text fw={600}>{preview.title}</Text>
              <Button size="xs" variant="default" onClick={() => setPreview(null)}>
                {t('sldEditor:toolbar.edit')}
              </Button>
            </Group>
            {renderPreview(preview.diagram)}
          </Stack>
        ) : (
          <div ref={frame} className={classes.canvasFrame}>
            <EditorCanvas state={state} apply={apply} view={view} setView={setView} nameOf={nameOfSymbol} />
            <Group gap={4} className={classes.zoom}>
              <ZoomButton label={t('sldEditor:toolbar.zoomOut')} text="−" onClick={() => zoom(1 / 1.25)} />
              <ZoomButton label={t('sldEditor:toolbar.fit')} text="⤢" onClick={fit} />
              <ZoomButton label={t('sldEditor:toolbar.zoomIn')} text="+" onClick={() => zoom(1.25)} />
            </Group>
          </div>
        )}
        <Stack gap="sm">
          <Paper withBorder p="xs">
            <Text size="sm" fw={600} mb="xs">
              {t('sldEditor:props.title')}
            </Text>
            <PropertiesPanel state={state} apply={apply} devices={devices} nameOf={nameOfSymbol} />
          </Paper>
          <IssuesPanel issues={issues} nameOf={nameOf} onSelect={(sel) => apply((s) => select(s, sel))} />
          {state.wireFrom && (
            <Text size="sm" c="dimmed" data-testid="sld-wiring">
              {t('sldEditor:canvas.wireFrom', { symbol: nameOf('symbol', state.wireFrom.symbol) })}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('sldEditor:shortcuts')}
          </Text>
        </Stack>
      </div>
      {dialog === 'publish' && (
        <PublishDialog
          siteId={siteId}
          draft={state.draft}
          baseVersion={start.version}
          issueText={issueText}
          onPublished={onClose}
          onReload={onReload}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'versions' && (
        <VersionsDrawer
          siteId={siteId}
          issueText={issueText}
          onPreview={(v) => {
            setPreview({ diagram: v.diagram, title: t('sldEditor:versions.previewing', { version: v.version ?? '' }) });
            setDialog(null);
          }}
          onRestored={onClose}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'regenerate' && (
        <ConfirmDialog
          title={t('sldEditor:regenerate.title')}
          text={t('sldEditor:regenerate.text')}
          confirm={t('sldEditor:regenerate.confirm')}
          onConfirm={async () => {
            const generated = await loadGenerated(siteId);
            apply((s) => replaceDraft(s, generated.diagram));
            setDialog(null);
          }}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'leave' && (
        <ConfirmDialog
          title={t('sldEditor:leave.title')}
          text={t('sldEditor:leave.text')}
          confirm={t('sldEditor:leave.confirm')}
          onConfirm={async () => onClose()}
          onClose={() => setDialog(null)}
        />
      )}
    </Stack>
  );
}

function ZoomButton({ label, text, onClick }: { label: string; text: string; onClick: () => void }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="default" aria-label={label} onClick={onClick}>
        {text}
      </ActionIcon>
    </Tooltip>
  );
}
