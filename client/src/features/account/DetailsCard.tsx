import { Avatar, Button, Card, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { FULL_NAME_MAX_LENGTH } from '@voltscope/shared/account';
import { currentPasswordRules, profileFields } from '@voltscope/shared/accountFields';
import { checkFields } from '@voltscope/shared/validation';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRetryDelay } from '../../i18n/format.ts';
import { fieldTexts } from '../../i18n/serverErrors.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { sessionStore, useSession } from '../../session/sessionStore.ts';
import { initialsOf, roleLabelKey } from '../../session/userLabels.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { updateProfile } from './accountApi.ts';
import { FormAlerts } from './FormAlerts.tsx';
import { useAccountForm } from './useAccountForm.ts';

/** Each field takes half the card's width from the small breakpoint up. */
const HALF = { base: 12, sm: 6 };

/** A detail only an admin changes: shown, read-only, with a word saying so. */
function AdminOnlyField({ label, value, ltr = false }: { label: string; value: string; ltr?: boolean }) {
  const { t } = useTranslation(['account']);
  return (
    <Grid.Col span={HALF}>
      <TextInput
        label={label}
        description={t('account:details.byAdmin')}
        value={value}
        readOnly
        {...(ltr && { dir: 'ltr' })}
      />
    </Grid.Col>
  );
}

/**
 * Name and email: the only details a user changes themselves (username and role belong to an admin). A new
 * email needs the current password too, which the server checks: a session token alone must not move the
 * account (and its password resets) to another address.
 */
export function DetailsCard() {
  const { t } = useTranslation(['account', 'auth', 'validation', 'common']);
  const lng = useLanguage();
  const user = useSession((state) => state.userData);
  const [fullName, setFullName] = useState(user?.fullName ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const emailChanged = user !== null && email.trim().toLowerCase() !== user.email.toLowerCase();
  const { errors, setErrors, saving, done, setDone, onSubmit } = useAccountForm({
    fields: ['fullName', 'email', 'currentPassword'],
    // The server's rules, and the current password only when the email changes (the server asks it then).
    validate: () =>
      fieldTexts(
        checkFields(
          { fullName: fullName.trim(), email: email.trim(), currentPassword },
          { ...profileFields, currentPassword: emailChanged ? currentPasswordRules : [] },
        ),
      ),
    save: async () => {
      const updated = await updateProfile({
        fullName: fullName.trim(),
        email: email.trim(),
        ...(emailChanged && { currentPassword }),
      });
      sessionStore.updateUser(updated);
      setFullName(updated.fullName);
      setEmail(updated.email);
      setCurrentPassword('');
    },
    refusal: (failure) =>
      failure.status === 429 && failure.retryAfter !== null
        ? { currentPassword: t('auth:login.retryAfter', { when: formatRetryDelay(lng, failure.retryAfter) }) }
        : null,
  });
  if (!user) return null;

  /** What a field the user edits takes: its value, its setter, its error, and the required mark. */
  const editable = (field: 'fullName' | 'email', value: string, set: (value: string) => void) => ({
    value,
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(event.currentTarget.value),
    error: errors[field],
    withAsterisk: true,
  });

  const reset = () => {
    setFullName(user.fullName);
    setEmail(user.email);
    setCurrentPassword('');
    setErrors({});
    setDone(false);
  };

  return (
    <Card id="details">
      <Title order={2} size="h4" mb="md">
        {t('account:details.title')}
      </Title>
      <Group gap="md" mb="lg" wrap="nowrap">
        <Avatar size={72} radius="md" color="primary" variant="filled" src={user.avatar}>
          {initialsOf(fullName || user.fullName)}
        </Avatar>
        <Text size="sm" c="dimmed">
          {t('account:details.avatarHint')}
        </Text>
      </Group>
      <form onSubmit={onSubmit} noValidate data-testid="details-form">
        <Stack gap="md">
          <FormAlerts done={done} doneText={t('account:details.saved')} error={errors.form} />
          <Grid gap="md">
            <Grid.Col span={HALF}>
              <TextInput
                label={t('account:details.fullName')}
                autoComplete="name"
                maxLength={FULL_NAME_MAX_LENGTH}
                {...editable('fullName', fullName, setFullName)}
                data-testid="details-name"
              />
            </Grid.Col>
            <Grid.Col span={HALF}>
              <TextInput
                label={t('account:access.email')}
                type="email"
                autoComplete="email"
                dir="ltr"
                {...editable('email', email, setEmail)}
                data-testid="details-email"
              />
            </Grid.Col>
            {emailChanged && (
              <Grid.Col span={HALF}>
                <PasswordField
                  label={t('account:password.current')}
                  description={t('account:details.currentPasswordHint')}
                  autoComplete="current-password"
                  value={currentPassword}
                  onChange={(event) => setCurrentPassword(event.currentTarget.value)}
                  error={errors.currentPassword}
                  withAsterisk
                  data-testid="details-current-password"
                />
              </Grid.Col>
            )}
            {emailChanged && <Grid.Col span={HALF} visibleFrom="sm" />}
            <AdminOnlyField label={t('account:access.username')} value={user.username} ltr />
            <AdminOnlyField label={t('account:access.role')} value={t(roleLabelKey(user.role))} />
          </Grid>
          <Group gap="sm">
            <Button type="submit" loading={saving} data-testid="details-save">
              {t('account:save')}
            </Button>
            <Button variant="default" onClick={reset}>
              {t('account:reset')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
