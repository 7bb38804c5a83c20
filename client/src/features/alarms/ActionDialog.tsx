// The dialog of an operator's action on one or more alarms: acknowledge (optional comment), shelve (a
// duration up to the hub's limit and its reason, required), comment, out of service (its reason and the
// end or review date when it returns by itself, both required) or back in service. Built for the
// keyboard: the text field has focus and Enter confirms, so "a, Enter" acknowledges; a missing reason or
// date keeps the dialog open and says why; Escape cancels and focus goes back to the list.
// The page mounts one per request (a key), so each starts blank.

import { Alert, Modal, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { Alarm } from '@voltscope/shared/alarms';
import { MAX_OUT_OF_SERVICE_DAYS } from '@voltscope/shared/contracts/alarms';
import type { Language } from '@voltscope/shared/i18n';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber, localDigits } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { ApiError } from '../../session/api.ts';
import { DialogActions } from '../../ui/DialogActions.tsx';
import { acknowledge, addComment, setOutOfService, shelve, shelveMinutes } from './alarmActions.ts';

export type DialogKind = 'acknowledge' | 'shelve' | 'comment' | 'outOfService' | 'inService';

/** Kinds whose comment is required: a comment, and the reason for shelving or taking out of service. */
const needsComment = new Set<DialogKind>(['comment', 'shelve', 'outOfService']);

const DAY = 24 * 3600_000;

/** A `datetime-local` value (the browser's time zone) for a time. */
function localInput(ms: number): string {
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A week ahead, on the hour: a review date the operator may keep or change. */
const defaultUntil = () => localInput(Math.ceil((Date.now() + 7 * DAY) / 3600_000) * 3600_000);

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
  const [until, setUntil] = useState(defaultUntil);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Why the form was not sent: a required field left empty or out of range, said beside it. */
  const [fieldErrors, setFieldErrors] = useState<{ comment?: string; until?: string }>({});
  const { kind, alarms } = request;
  const n = formatNumber(lng, alarms.length);
  const ids = alarms.map((a) => a.id);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const untilMs = new Date(until).getTime();
    const problems: { comment?: string; until?: string } = {};
    if (needsComment.has(kind) && !comment.trim()) {
      problems.comment = t(
        kind === 'shelve'
          ? 'alarms:console.shelveReasonRequired'
          : kind === 'outOfService'
            ? 'alarms:console.outOfServiceReasonRequired'
            : 'alarms:dialog.commentRequired',
      );
    }
    if (kind === 'outOfService') {
      const now = Date.now();
      if (!Number.isFinite(untilMs)) problems.until = t('alarms:console.untilRequired');
      else if (untilMs <= now || untilMs > now + MAX_OUT_OF_SERVICE_DAYS * DAY) {
        problems.until = t('alarms:console.untilRange', { days: formatNumber(lng, MAX_OUT_OF_SERVICE_DAYS) });
      }
    }
    setFieldErrors(problems);
    if (problems.comment || problems.until) return;
    setBusy(true);
    setError(null);
    try {
      if (kind === 'acknowledge') await acknowledge(ids, comment);
      else if (kind === 'shelve') await shelve(ids, Number(minutes), comment);
      else if (kind === 'outOfService') await setOutOfService(ids, true, comment, untilMs);
      else if (kind === 'inService') await setOutOfService(ids, false, comment);
      else await addComment(ids, comment);
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
      {/* Checked here rather than by the browser: the dialog says why in the product's words. */}
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" data-testid="dialog-count">
            {t('alarms:dialog.count', { n })}
          </Text>
          <Stack gap={2} component="ul" m={0} ps="md">
            {alarms.slice(0, PREVIEW).map((a) => (
              <Text component="li" size="sm" key={a.id} lineClamp={1}>
                {localDigits(lng, a.message[lng] || a.message.en)}
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
                  <Radio key={m} value={String(m)} label={durationLabel(t, lng, m)} />
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
              kind === 'outOfService' || kind === 'shelve'
                ? 'alarms:dialog.reason'
                : kind === 'comment'
                  ? 'alarms:dialog.comment'
                  : 'alarms:dialog.commentOptional',
            )}
            value={comment}
            maxLength={1000}
            onChange={(e) => setComment(e.currentTarget.value)}
            data-autofocus
            data-testid="dialog-comment"
            required={needsComment.has(kind)}
            error={fieldErrors.comment}
            errorProps={{ 'data-testid': 'dialog-comment-error' }}
          />
          {kind === 'outOfService' && (
            <TextInput
              type="datetime-local"
              label={t('alarms:console.until')}
              description={t('alarms:console.untilHint', { days: formatNumber(lng, MAX_OUT_OF_SERVICE_DAYS) })}
              value={until}
              min={localInput(Date.now())}
              max={localInput(Date.now() + MAX_OUT_OF_SERVICE_DAYS * DAY)}
              onChange={(e) => setUntil(e.currentTarget.value)}
              data-testid="dialog-until"
              required
              error={fieldErrors.until}
            />
          )}
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
