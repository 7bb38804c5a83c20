// The editor's commands as buttons (each also has its key, see useEditorState.ts).
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconRefresh } from '../../../ui/icons.tsx';
import { deleteSelection, rotateSymbol } from './editorState.ts';
import type { Apply } from './useEditorState.ts';

interface Props {
  canUndo: boolean;
  canRedo: boolean;
  hasSelection: boolean;
  previewing: boolean;
  publishable: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onAddText: () => void;
  onRegenerate: () => void;
  onPreview: () => void;
  onVersions: () => void;
  onPublish: () => void;
  apply: Apply;
}

export function Toolbar(p: Props) {
  const { t } = useTranslation('sldEditor');
  return (
    <Group gap="xs" wrap="wrap" data-testid="sld-toolbar">
      <Button size="xs" variant="default" disabled={!p.canUndo || p.previewing} onClick={p.onUndo}>
        {t('toolbar.undo')}
      </Button>
      <Button size="xs" variant="default" disabled={!p.canRedo || p.previewing} onClick={p.onRedo}>
        {t('toolbar.redo')}
      </Button>
      <Button
        size="xs"
        variant="default"
        disabled={!p.hasSelection}
        onClick={() => p.apply((s) => (s.selection?.type === 'symbol' ? rotateSymbol(s, s.selection.id) : s))}
      >
        {t('toolbar.rotate')}
      </Button>
      <Button size="xs" variant="default" disabled={!p.hasSelection} onClick={() => p.apply(deleteSelection)}>
        {t('toolbar.delete')}
      </Button>
      <Button size="xs" variant="default" leftSection={<IconPlus />} disabled={p.previewing} onClick={p.onAddText}>
        {t('toolbar.addText')}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconRefresh />}
        disabled={p.previewing}
        onClick={p.onRegenerate}
      >
        {t('toolbar.regenerate')}
      </Button>
      <Button
        size="xs"
        variant={p.previewing ? 'filled' : 'default'}
        onClick={p.onPreview}
        data-testid="sld-preview-toggle"
      >
        {p.previewing ? t('toolbar.edit') : t('toolbar.preview')}
      </Button>
      <Button size="xs" variant="default" onClick={p.onVersions}>
        {t('toolbar.versions')}
      </Button>
      <Button size="xs" disabled={!p.publishable || p.previewing} onClick={p.onPublish} data-testid="sld-publish-open">
        {t('toolbar.publish')}
      </Button>
    </Group>
  );
}
