import { Alert, Avatar, Button, Card, Grid, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { FULL_NAME_MAX_LENGTH } from '@voltscope/shared/account';
import { isEmail } from '@voltscope/shared/validation';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrorText } from '../../i18n/serverErrors.ts';
import { ApiError } from '../../session/api.ts';
import { sessionStore, useSession } from '../../session/sessionStore.ts';
import { initialsOf, roleLabelKey } from '../../session/userLabels.ts';
import { IconCircleCheck } from '../../ui/icons.tsx';
import { updateProfile } from './accountApi.ts';

interface Errors {
  fullName?: string | undefined;
  email?: string | undefined;
  form?: string | undefined;
}

/** Name and email: the only details a user changes themselves (username and role belong to an admin). */
export function DetailsCard() {
  const { t } = useTranslation(['account', 'validation', 'common']);
  const user = useSession((state) => state.userData);
  const [fullName, setFullName] = useState(user?.fullName ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  if (!user) return null;

  const validate = (): Errors => ({
    fullName: fullName.trim() ? undefined : t('validation:required'),
    email: !email.trim() ? t('validation:required') : isEmail(email.trim()) ? undefined : t('validation:email'),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const found = validate();
    setErrors(found);
    if (found.fullName || found.email) return;
    setSaving(true);
    try {
      const updated = await updateProfile({ fullName: fullName.trim(), email: email.trim() });
      sessionStore.updateUser(updated);
      setFullName(updated.fullName);
      setEmail(updated.email);
      setSaved(true);
    } catch (failure) {
      if (!(failure instanceof ApiError)) return setErrors({ form: t('common:ui.error') });
      const field = (name: string) => fieldErrorText(failure.body, name);
      const fieldErrors = { fullName: field('fullName'), email: field('email') };
      setErrors(fieldErrors.fullName || fieldErrors.email ? fieldErrors : { form: errorText(failure.body) });
    } finally {
      setSaving(false);
    }
  };

  const reset = () => {
    setFullName(user.fullName);
    setEmail(user.email);
    setErrors({});
    setSaved(false);
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
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="details-form">
        <Stack gap="md">
          {saved && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck />} role="status">
              {t('account:details.saved')}
            </Alert>
          )}
          {errors.form && (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          )}
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
