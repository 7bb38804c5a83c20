// Creating or editing a site, in a dialog: its id (only when created), name, kind, time zone (searchable),
// country, coordinates, capacity and grid limit. Each field is checked as it is left and again on sending.
import { Alert, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { siteKinds } from '@voltscope/shared/domain';
import { type FocusEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../ui/DialogActions.tsx';
import { IconAlertTriangle } from '../../ui/icons.tsx';
import type { SiteBody } from './fleetAdminApi.ts';
import { type SiteDraft, type SiteField, siteBodyOf, siteSpec, zonesWith } from './siteDraft.ts';
import { useFieldForm } from './useFieldForm.ts';

interface Props {
  /** The site edited (its name for the title); none to create one. */
  editing: { name: string } | null;
  initial: SiteDraft;
  onSave: (body: SiteBody) => Promise<void>;
  onClose: () => void;
}

export function SiteForm({ editing, initial, onSave, onClose }: Props) {
  const { t } = useTranslation(['devicesAdmin', 'common']);
  const [draft, setDraft] = useState(initial);
  const creating = editing === null;
  const form = useFieldForm(siteSpec(creating), draft, () => onSave(siteBodyOf(draft, creating)));

  const field = (name: SiteField, required = true) => ({
    label: t(`devicesAdmin:site.${name}`),
    value: draft[name],
    onChange: (e: { currentTarget: { value: string } }) => setDraft({ ...draft, [name]: e.currentTarget.value }),
    onBlur: (e: FocusEvent<HTMLInputElement>) => form.check(name, e),
    error: form.error(name),
    required,
    'data-testid': `site-${name}`,
  });
  const number = (name: SiteField, required = true) => ({ ...field(name, required), inputMode: 'decimal' as const });

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={editing ? t('devicesAdmin:site.editTitle', { name: editing.name }) : t('devicesAdmin:site.newTitle')}
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
    >
      <form onSubmit={form.onSubmit} noValidate data-testid="site-form">
        <Stack gap="sm">
          {creating && <TextInput {...field('id')} description={t('devicesAdmin:site.idHint')} data-autofocus />}
          <TextInput {...field('name')} />
          <Group grow align="flex-start">
            <Select
              label={t('devicesAdmin:site.kind')}
              data={siteKinds.map((kind) => ({ value: kind, label: t(`common:sites.kind.${kind}`) }))}
              value={draft.kind}
              onChange={(kind) => kind && setDraft({ ...draft, kind })}
              allowDeselect={false}
              required
              error={form.error('kind')}
              comboboxProps={{ withinPortal: false }}
              data-testid="site-kind"
            />
            <Select
              label={t('devicesAdmin:site.timeZone')}
              data={zonesWith(draft.timeZone)}
              value={draft.timeZone || null}
              onChange={(zone) => setDraft({ ...draft, timeZone: zone ?? '' })}
              onBlur={(e) => form.check('timeZone', e)}
              searchable
              limit={50}
              nothingFoundMessage={t('devicesAdmin:site.noZone')}
              required
              error={form.error('timeZone')}
              comboboxProps={{ withinPortal: false }}
              data-testid="site-timeZone"
            />
          </Group>
          <TextInput {...field('country')} description={t('devicesAdmin:site.countryHint')} />
          <SimpleGrid cols={2}>
            <TextInput {...number('latitude')} />
            <TextInput {...number('longitude')} />
            <TextInput {...number('capacityKw')} />
            <TextInput {...number('gridLimitKw', false)} description={t('devicesAdmin:site.gridLimitHint')} />
          </SimpleGrid>
          {form.failure && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle />} data-testid="site-failure">
              {form.failure}
            </Alert>
          )}
          <DialogActions
            onCancel={onClose}
            submit={creating ? t('devicesAdmin:site.create') : t('devicesAdmin:site.save')}
            busy={form.busy}
            testId="site-save"
          />
        </Stack>
      </form>
    </Modal>
  );
}
