// Publishing the draft: an optional note, then POST …/sld/versions with the version it started from.
// The hub may refuse with the diagram's issues (422), or because someone saved a newer version since
// (409 `diagramChanged`: who and which, with an offer to reload it).

import { Alert, Button, Group, List, Modal, Stack, Textarea } from '@mantine/core';
import type { Diagram } from '@voltscope/shared/sld/model';
import type { SldIssue } from '@voltscope/shared/sld/validate';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/serverErrors.ts';
import { ApiError } from '../../../session/api.ts';
import { publishDiagram, type SldViewReply } from './editorApi.ts';

interface Props {
  siteId: string;
  draft: Diagram;
  baseVersion: number | null;
  issueText: (issue: SldIssue) => string;
  onPublished: (view: SldViewReply) => void;
  onReload: () => Promise<void>;
  onClose: () => void;
}

type Refusal = { issues: SldIssue[] } | { conflict: string } | { failed: string };

export function PublishDialog({ siteId, draft, baseVersion, issueText, onPublished, onReload, onClose }: Props) {
  const { t } = useTranslation(['sldEditor', 'common']);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const publish = async () => {
    setBusy(true);
    setRefusal(null);
    try {
      const result = await publishDiagram(siteId, draft, baseVersion, note);
      if ('saved' in result) onPublished(result.saved);
      else setRefusal({ issues: result.issues });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.body.reason?.code === 'diagramChanged')
        setRefusal({ conflict: errorText(error.body) });
      else setRefusal({ failed: error instanceof ApiError ? errorText(error.body) : t('sldEditor:publish.failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('sldEditor:publish.title')}
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
    >
      <Stack gap="sm" data-testid="sld-publish">
        <Textarea
          label={t('sldEditor:publish.note')}
          placeholder={t('sldEditor:publish.notePlaceholder')}
          maxLength={500}
          autosize
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          data-autofocus
        />
        {refusal && 'issues' in refusal && (
          <Alert color="red" title={t('sldEditor:publish.refused')} data-testid="sld-publish-refusal">
            <List size="sm">
              {refusal.issues.map((issue) => (
                <List.Item key={`${issue.code}:${JSON.stringify(issue.params)}`}>{issueText(issue)}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {refusal && 'conflict' in refusal && (
          <Alert color="orange" data-testid="sld-publish-refusal">
            <Stack gap="xs" align="flex-start">
              {refusal.conflict}
              <Button size="xs" variant="light" onClick={onReload}>
                {t('sldEditor:publish.reload')}
              </Button>
            </Stack>
          </Alert>
        )}
        {refusal && 'failed' in refusal && (
          <Alert color="red" data-testid="sld-publish-refusal">
            {refusal.failed}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:ui.cancel')}
          </Button>
          <Button loading={busy} onClick={publish} data-testid="sld-publish-confirm">
            {t('sldEditor:publish.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
