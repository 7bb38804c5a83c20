// Add a user (one-time password or invitation) or edit one: name, username, email, role, sites. The
// form checks the seed's rules (shared/src/userFields.ts) before it sends; the server's refusals are
// worded at their fields.
import {
  Alert,
  Button,
  Drawer,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import { userFields } from '@voltscope/shared/userFields';
import { checkFields } from '@voltscope/shared/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorText, fieldTexts } from '../../i18n/serverErrors.ts';
import { ApiError } from '../../session/api.ts';
import { refusalText } from './refusal.ts';
import type { AdminUser } from './usersApi.ts';

export interface UserDraft {
  fullName: string;
  username: string;
  email: string;
  role: string;
  siteIds: string[];
  mode: 'password' | 'invite';
}

type Field = 'fullName' | 'username' | 'email' | 'role' | 'siteIds';

interface Props {
  editing: AdminUser | null;
  roles: readonly { value: string; label: string }[];
  sites: readonly Site[];
  /** Invitations need mail (GET /api/auth/options: passwordReset 'email'). */
  canInvite: boolean;
  onSave: (draft: UserDraft) => Promise<void>;
  onClose: () => void;
}

export function UserForm({ editing, roles, sites, canInvite, onSave, onClose }: Props) {
  const { t } = useTranslation(['usersAdmin', 'common']);
  const [draft, setDraft] = useState<UserDraft>(
    editing
      ? { ...editing, siteIds: [...editing.siteIds], mode: 'password' }
      : { fullName: '', username: '', email: '', role: 'operator', siteIds: [], mode: 'password' },
  );
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof UserDraft>(key: K, value: UserDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = fieldTexts(checkFields({ ...draft }, userFields));
    setErrors(found);
    setFormError('');
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      await onSave(draft);
    } catch (caught) {
      if (caught instanceof ApiError && caught.body.fields) {
        const fields: Partial<Record<Field, string>> = {};
        for (const field of ['fullName', 'username', 'email', 'role', 'siteIds'] as const) {
          const text = fieldErrorText(caught.body, field);
          if (text) fields[field] = text;
        }
        setErrors(fields);
      } else setFormError(refusalText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="md"
      title={editing ? t('usersAdmin:form.editTitle', { name: editing.fullName }) : t('usersAdmin:form.addTitle')}
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
      data-testid="user-form"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <TextInput
            label={t('usersAdmin:form.fullName')}
            required
            value={draft.fullName}
            onChange={(e) => set('fullName', e.currentTarget.value)}
            error={errors.fullName}
            data-testid="user-fullName"
            data-autofocus
          />
          <TextInput
            label={t('usersAdmin:form.username')}
            description={t('usersAdmin:form.usernameHint')}
            required
            dir="ltr"
            value={draft.username}
            onChange={(e) => set('username', e.currentTarget.value)}
            error={errors.username}
            data-testid="user-username"
          />
          <TextInput
            label={t('usersAdmin:form.email')}
            type="email"
            required
            dir="ltr"
            value={draft.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={errors.email}
            data-testid="user-email"
          />
          <Select
            label={t('usersAdmin:form.role')}
            required
            data={[...roles]}
            value={draft.role}
            onChange={(value) => set('role', value ?? '')}
            allowDeselect={false}
            error={errors.role}
            data-testid="user-role"
          />
          <MultiSelect
            label={t('usersAdmin:form.sites')}
            description={t('usersAdmin:form.sitesHint')}
            data={sites.map((s) => ({ value: s.id, label: s.name }))}
            value={draft.siteIds}
            onChange={(value) => set('siteIds', value)}
            searchable
            clearable
            error={errors.siteIds}
            data-testid="user-sites"
          />
          {!editing && (
            <Stack gap={6}>
              <Text size="sm" fw={500} id="user-mode-label">
                {t('usersAdmin:form.mode')}
              </Text>
              <SegmentedControl
                aria-labelledby="user-mode-label"
                value={draft.mode}
                onChange={(value) => set('mode', value as UserDraft['mode'])}
                data={[
                  { value: 'password', label: t('usersAdmin:form.modePassword') },
                  { value: 'invite', label: t('usersAdmin:form.modeInvite'), disabled: !canInvite },
                ]}
                data-testid="user-mode"
              />
              <Text size="xs" c="dimmed">
                {!canInvite
                  ? t('usersAdmin:form.inviteNeedsMail')
                  : draft.mode === 'invite'
                    ? t('usersAdmin:form.inviteHint')
                    : t('usersAdmin:form.passwordHint')}
              </Text>
            </Stack>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common:ui.cancel')}
            </Button>
            <Button type="submit" loading={busy} data-testid="user-save">
              {editing ? t('usersAdmin:form.save') : t('usersAdmin:form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
