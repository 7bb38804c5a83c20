// The dialog of an operator's action on one or more alarms: acknowledge (optional comment), shelve (a
// duration up to the hub's limit, optional comment), comment, out of service (with its reason) or back
// in service. Built for the keyboard: the first field
// has focus and Enter confirms, so "a, Enter" acknowledges; Escape cancels and focus goes back to the list.
// The page mounts one per request (a key), so each starts blank.

import { Alert, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { Alarm } from '@voltscope/shared/alarms';
import type { Language } from '@voltscope/shared/i18n';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { ApiError } from '../../session/api.ts';
import { DialogActions } from '../../ui/DialogActions.tsx';
import { acknowledge, addComment, setOutOfService, shelve, shelveMinutes } from './alarmActions.ts';

export type DialogKind = 'acknowledge' | 'shelve' | 'comment' | 'outOfService' | 'inService';

/** Kinds whose comment is required: a comment, and the reason for taking an alarm out of service. */
const needsComment = new Set<DialogKind>(['comment', 'outOfService']);

export interface DialogRequest {
  kind: DialogKind;
  alarms: readonly Alarm[];
  /** "Acknowledge all visible": said in the title. */
  all?: boolean;
}

const PREVIEW = 3;

export function ActionDialog({
  request,
  onClose,
  onDone,
}: {
  request: DialogRequest;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(['alarms', 'common']);
  const lng = useLanguage();
  const [comment, setComment] = useState('');
  const [minutes, setMinutes] = useState('60');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { kind, alarms } = request;
  const n = formatNumber(lng, alarms.length);
  const ids = alarms.map((a) => a.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (needsComment.has(kind) && !comment.trim()) {
      setError(t('alarms:dialog.commentRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      if (kind === 'acknowledge') await acknowledge(ids, comment);
      else if (kind === 'shelve') await shelve(ids, Number(minutes), comment);
      else if (kind === 'outOfService' || kind === 'inService') {
        await setOutOfService(ids, kind === 'outOfService', comment);
      } else await addComment(ids, comment);
      onDone(t(`alarms:done.${kind}`, { n }));
      onClose();
    } catch (caught) {
      setError(errorText(t, caught));
      setBusy(false);
    }
  };

  const title = request.all ? t('alarms:dialog.acknowledgeAllTitle') : t(`alarms:dialog.${kind}Title`);
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
      data-testid="action-dialog"
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" data-testid="dialog-count">
            {t('alarms:dialog.count', { n })}
          </Text>
          <Stack gap={2} component="ul" m={0} ps="md">
            {alarms.slice(0, PREVIEW).map((a) => (
              <Text component="li" size="sm" key={a.id} lineClamp={1}>
                {a.message[lng] || a.message.en}
              </Text>
            ))}
            {alarms.length > PREVIEW && (
              <Text component="li" size="sm" c="dimmed">
                {t('alarms:dialog.more', { n: formatNumber(lng, alarms.length - PREVIEW) })}
              </Text>
            )}
          </Stack>
          {kind === 'shelve' && (
            <Radio.Group
              value={minutes}
              onChange={setMinutes}
              label={t('alarms:dialog.duration')}
              description={t('alarms:dialog.durationHint')}
            >
              <SimpleGrid cols={{ base: 2, xs: 3 }} mt="xs" spacing="xs">
                {shelveMinutes.map((m) => (
                  <Radio
                    key={m}
                    value={String(m)}
                    label={durationLabel(t, lng, m)}
                    data-autofocus={String(m) === minutes || undefined}
                  />
                ))}
              </SimpleGrid>
            </Radio.Group>
          )}
          {kind === 'outOfService' && (
            <Text size="sm" c="dimmed">
              {t('alarms:dialog.outOfServiceHint')}
            </Text>
          )}
          <TextInput
            label={t(
              kind === 'outOfService'
                ? 'alarms:dialog.reason'
                : kind === 'comment'
                  ? 'alarms:dialog.comment'
                  : 'alarms:dialog.commentOptional',
            )}
            value={comment}
            maxLength={1000}
            onChange={(e) => setComment(e.currentTarget.value)}
            data-autofocus={kind !== 'shelve' || undefined}
            data-testid="dialog-comment"
            required={needsComment.has(kind)}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <DialogActions
            onCancel={onClose}
            submit={t(`alarms:dialog.${kind}Confirm`)}
            busy={busy}
            testId="dialog-confirm"
          />
          <Text size="xs" c="dimmed">
            {t('alarms:dialog.enterHint')}
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}

export function durationLabel(t: TFunction<readonly ['alarms', 'common']>, lng: Language, minutes: number): string {
  return minutes < 60
    ? t('alarms:dialog.minutes', { n: formatNumber(lng, minutes) })
    : t('alarms:dialog.hours', { n: formatNumber(lng, minutes / 60) });
}

export function errorText(t: TFunction<readonly ['alarms', 'common']>, error: unknown): string {
  if (!(error instanceof ApiError)) return t('alarms:errors.network');
  if (error.status === 403) return t('alarms:errors.forbidden');
  if (error.status === 404) return t('alarms:errors.gone');
  if (error.status === 400) return t('alarms:errors.invalid');
  if (error.status === 429) return t('alarms:errors.busy');
  return t('alarms:errors.failed');
}
