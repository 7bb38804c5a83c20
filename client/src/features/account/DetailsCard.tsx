import { Avatar, Button, Card, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { FULL_NAME_MAX_LENGTH } from '@voltscope/shared/account';
import { isEmail } from '@voltscope/shared/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionStore, useSession } from '../../session/sessionStore.ts';
import { initialsOf, roleLabelKey } from '../../session/userLabels.ts';
import { updateProfile } from './accountApi.ts';
import { FormAlerts } from './FormAlerts.tsx';
import { useAccountForm } from './useAccountForm.ts';

/** Name and email: the only details a user changes themselves (username and role belong to an admin). */
export function DetailsCard() {
  const { t } = useTranslation(['account', 'validation', 'common']);
  const user = useSession((state) => state.userData);
  const [fullName, setFullName] = useState(user?.fullName ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const { errors, setErrors, saving, done, setDone, onSubmit } = useAccountForm({
    fields: ['fullName', 'email'],
    validate: () => ({
      fullName: fullName.trim() ? undefined : t('validation:required'),
      email: !email.trim() ? t('validation:required') : isEmail(email.trim()) ? undefined : t('validation:email'),
    }),
    save: async () => {
      const updated = await updateProfile({ fullName: fullName.trim(), email: email.trim() });
      sessionStore.updateUser(updated);
      setFullName(updated.fullName);
      setEmail(updated.email);
    },
  });
  if (!user) return null;

  const reset = () => {
    setFullName(user.fullName);
    setEmail(user.email);
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
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('account:details.fullName')}
                autoComplete="name"
                maxLength={FULL_NAME_MAX_LENGTH}
                value={fullName}
                onChange={(event) => setFullName(event.currentTarget.value)}
                error={errors.fullName}
                withAsterisk
                data-testid="details-name"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('account:access.email')}
                type="email"
                autoComplete="email"
                dir="ltr"
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={errors.email}
                withAsterisk
                data-testid="details-email"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('account:access.username')}
                description={t('account:details.byAdmin')}
                value={user.username}
                readOnly
                dir="ltr"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <TextInput
                label={t('account:access.role')}
                description={t('account:details.byAdmin')}
                value={t(roleLabelKey(user.role))}
                readOnly
              />
            </Grid.Col>
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
