// The diagram's history: every published version (when, who, note, what it restored), newest first; one
// can be previewed with live data, or restored (a new version with its content, after a question).

import { Badge, Button, Drawer, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { SldIssue } from '@voltscope/shared/sld/validate';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../i18n/format.ts';
import { errorText } from '../../../i18n/serverErrors.ts';
import { useLanguage } from '../../../i18n/useLanguage.ts';
import { ApiError } from '../../../session/api.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { listVersions, loadVersion, restoreVersion, type SldVersionRow, type SldViewReply } from './editorApi.ts';

interface Props {
  siteId: string;
  onPreview: (view: SldViewReply) => void;
  onRestored: (view: SldViewReply) => void;
  /** The words for an issue of a refused restore. */
  issueText: (issue: SldIssue) => string;
  onClose: () => void;
}

export function VersionsDrawer({ siteId, onPreview, onRestored, issueText, onClose }: Props) {
  const { t } = useTranslation(['sldEditor', 'common']);
  const lng = useLanguage();
  const [rows, setRows] = useState<SldVersionRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [restoring, setRestoring] = useState<number | null>(null);

  useEffect(() => {
    let live = true;
    listVersions(siteId).then(
      (list) => live && setRows(list),
      (e: unknown) => live && setError(e instanceof ApiError ? errorText(e.body) : t('sldEditor:loadFailed')),
    );
    return () => {
      live = false;
    };
  }, [siteId, t]);

  const restore = async () => {
    if (restoring === null) return;
    try {
      const result = await restoreVersion(siteId, restoring);
      if ('saved' in result) onRestored(result.saved);
      else setError(result.issues.map(issueText).join(' '));
    } catch (e) {
      setError(e instanceof ApiError ? errorText(e.body) : t('sldEditor:publish.failed'));
    }
    setRestoring(null);
  };

  const preview = async (version: number) => {
    try {
      onPreview(await loadVersion(siteId, version));
    } catch (e) {
      setError(e instanceof ApiError ? errorText(e.body) : t('sldEditor:loadFailed'));
    }
  };

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      title={t('sldEditor:versions.title')}
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
    >
      <Stack gap="xs" data-testid="sld-versions">
        {error && (
          <Text c="red" size="sm">
            {error}
          </Text>
        )}
        {rows === null && !error && <Loader size="sm" />}
        {rows?.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('sldEditor:versions.empty')}
          </Text>
        )}
        {rows?.map((row) => (
          <Paper key={row.version} withBorder p="xs" data-version={row.version}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <Text size="sm" fw={600}>
                  {t('sldEditor:versions.line', { version: formatNumber(lng, row.version) })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('sldEditor:versions.by', { when: formatDateTime(lng, row.savedAt), who: row.savedBy.name })}
                </Text>
                {row.note && <Text size="sm">{row.note}</Text>}
                {row.restoredFrom !== null && (
                  <Badge size="xs" variant="light">
                    {t('sldEditor:versions.restoredFrom', { version: formatNumber(lng, row.restoredFrom) })}
                  </Badge>
                )}
              </Stack>
              <Stack gap={4}>
                <Button size="compact-xs" variant="default" onClick={() => preview(row.version)}>
                  {t('sldEditor:versions.preview')}
                </Button>
                {row.version !== rows[0]?.version && (
                  <Button size="compact-xs" variant="light" onClick={() => setRestoring(row.version)}>
                    {t('sldEditor:versions.restore')}
                  </Button>
                )}
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
      {restoring !== null && (
        <ConfirmDialog
          title={t('sldEditor:versions.restoreTitle', { version: formatNumber(lng, restoring) })}
          text={t('sldEditor:versions.restoreText', { version: formatNumber(lng, restoring) })}
          confirm={t('sldEditor:versions.restore')}
          onConfirm={restore}
          onClose={() => setRestoring(null)}
        />
      )}
    </Drawer>
  );
}
