// Registering or editing a wall display, in a dialog: its name, the sites it may show, its default
// language, theme and sound, and its playlist. Checked here first; the server's refusals show at the
// field it names (an unknown site, an item's site outside the display), others above the buttons.
import { Alert, Modal, MultiSelect, SegmentedControl, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { MAX_DISPLAY_NAME } from '@voltscope/shared/displays';
import type { Site } from '@voltscope/shared/domain';
import { type Language, languages } from '@voltscope/shared/i18n';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageNames } from '../../i18n/language.ts';
import { fieldErrorText } from '../../i18n/serverErrors.ts';
import { DialogActions } from '../../ui/DialogActions.tsx';
import { IconAlertTriangle } from '../../ui/icons.tsx';
import { bodyOf, checkDraft, type DisplayDraft, type DraftErrors, withSites } from './displayDraft.ts';
import { PlaylistEditor } from './PlaylistEditor.tsx';
import { type SaveFailure, saveFailure } from './saveFailure.ts';

interface Props {
  /** The display edited; none to register a new one. */
  editing: { name: string } | null;
  initial: DisplayDraft;
  sites: readonly Site[];
  onSave: (body: ReturnType<typeof bodyOf>) => Promise<void>;
  onClose: () => void;
}

export function DisplayForm({ editing, initial, sites, onSave, onClose }: Props) {
  const { t } = useTranslation(['displays', 'common']);
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<SaveFailure | null>(null);
  const [busy, setBusy] = useState(false);

  const serverError = (field: string) => (failure?.body ? fieldErrorText(failure.body, field) : undefined);
  const siteErrors = Object.fromEntries(
    draft.playlist.flatMap((_, i) => {
      const text = serverError(`playlist.${i}.siteId`);
      return text ? [[i, text]] : [];
    }),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = checkDraft(draft);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSave(bodyOf(draft));
    } catch (caught) {
      setFailure(saveFailure(caught));
      setBusy(false);
    }
  };

  const fieldError = (field: keyof DraftErrors) => {
    const own = errors[field];
    return own ? t(`displays:form.errors.${own}`) : serverError(field);
  };
  const playlistError = fieldError('playlist');

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={editing ? t('displays:form.editTitle', { name: editing.name }) : t('displays:form.newTitle')}
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
      data-testid="display-form"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('displays:form.name')}
            placeholder={t('displays:form.namePlaceholder')}
            value={draft.name}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
            maxLength={MAX_DISPLAY_NAME}
            required
            error={fieldError('name')}
            data-autofocus
            data-testid="display-name"
          />
          <MultiSelect
            label={t('displays:form.sites')}
            description={t('displays:form.sitesHint')}
            data={sites.map((s) => ({ value: s.id, label: s.name }))}
            value={draft.siteIds}
            onChange={(siteIds) => setDraft(withSites(draft, siteIds))}
            searchable
            required
            error={fieldError('siteIds')}
            nothingFoundMessage={t('displays:form.noSite')}
            comboboxProps={{ withinPortal: false }}
            data-testid="display-sites"
          />
          <Select
            label={t('displays:form.language')}
            data={languages.map((lng) => ({ value: lng, label: languageNames[lng] }))}
            value={draft.language}
            onChange={(lng) => lng && setDraft({ ...draft, language: lng as Language })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            data-testid="display-language"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="display-theme-label">
              {t('displays:form.theme')}
            </Text>
            <SegmentedControl
              value={draft.theme}
              onChange={(theme) => setDraft({ ...draft, theme: theme === 'light' ? 'light' : 'dark' })}
              data={[
                { value: 'dark', label: t('displays:theme.dark') },
                { value: 'light', label: t('displays:theme.light') },
              ]}
              aria-labelledby="display-theme-label"
              data-testid="display-theme"
            />
          </Stack>
          <Switch
            label={t('displays:form.sound')}
            description={t('displays:form.soundHint')}
            checked={draft.sound}
            onChange={(e) => setDraft({ ...draft, sound: e.currentTarget.checked })}
            data-testid="display-sound"
          />
          <Stack gap="xs">
            <Text fw={600}>{t('displays:form.playlist')}</Text>
            <Text size="sm" c="dimmed">
              {t('displays:form.playlistHint')}
            </Text>
            <PlaylistEditor
              draft={draft}
              sites={sites}
              onChange={(playlist) => setDraft({ ...draft, playlist })}
              siteErrors={siteErrors}
            />
            {playlistError && (
              <Text size="sm" c="red" role="alert">
                {playlistError}
              </Text>
            )}
          </Stack>
          {failure && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle />} data-testid="display-failure">
              {t(`displays:failure.${failure.key}`)}
            </Alert>
          )}
          <DialogActions
            onCancel={onClose}
            submit={editing ? t('displays:form.save') : t('displays:form.register')}
            busy={busy}
            testId="display-save"
          />
        </Stack>
      </form>
    </Modal>
  );
}
