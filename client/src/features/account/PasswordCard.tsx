import { Alert, Button, Card, Grid, List, PasswordInput, Stack, Title } from '@mantine/core';
import { isStrongPassword } from '@voltscope/shared/validation';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRetryDelay } from '../../i18n/format.ts';
import type { KeyOf } from '../../i18n/namespaces.ts';
import { errorText, fieldErrorText } from '../../i18n/serverErrors.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { ApiError } from '../../session/api.ts';
import { IconCircleCheck } from '../../ui/icons.tsx';
import { changePassword } from './accountApi.ts';

interface Errors {
  currentPassword?: string | undefined;
  newPassword?: string | undefined;
  confirm?: string | undefined;
  form?: string | undefined;
}

/** Seed section 5: required, the password rule, and a confirmation that must match. */
export function validatePasswordChange(
  values: { currentPassword: string; newPassword: string; confirm: string },
  t: (key: KeyOf<'validation'>) => string,
): Errors {
  return {
    currentPassword: values.currentPassword ? undefined : t('validation:required'),
    newPassword: !values.newPassword
      ? t('validation:required')
      : isStrongPassword(values.newPassword)
        ? undefined
        : t('validation:password'),
    confirm: !values.confirm
      ? t('validation:required')
      : values.confirm === values.newPassword
        ? undefined
        : t('validation:confirmed'),
  };
}

export function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation(['auth', 'account', 'validation', 'common']);
  const lng = useLanguage();
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', confirm: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const set = (key: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const found = validatePasswordChange(values, t);
    setErrors(found);
    if (found.currentPassword || found.newPassword || found.confirm) return;
    setSaving(true);
    try {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues({ currentPassword: '', newPassword: '', confirm: '' });
      setDone(true);
      onChanged();
    } catch (failure) {
      if (!(failure instanceof ApiError)) return setErrors({ form: t('common:ui.error') });
      if (failure.status === 429 && failure.retryAfter !== null) {
        return setErrors({
          currentPassword: t('auth:login.retryAfter', { when: formatRetryDelay(lng, failure.retryAfter) }),
        });
      }
      const field = (name: string) => fieldErrorText(failure.body, name);
      const found = { currentPassword: field('currentPassword'), newPassword: field('newPassword') };
      setErrors(found.currentPassword || found.newPassword ? found : { form: errorText(failure.body) });
    } finally {
      setSaving(false);
    }
  };

  const toggle = { 'aria-label': t('auth:login.showPassword') };
  return (
    <Card id="password">
      <Title order={2} size="h4" mb="md">
        {t('account:password.title')}
      </Title>
      <form onSubmit={(event) => void submit(event)} noValidate data-testid="password-form">
        <Stack gap="md">
          {done && (
            <Alert color="teal" variant="light" icon={<IconCircleCheck />} role="status">
              {t('account:password.changed')}
            </Alert>
          )}
          {errors.form && (
            <Alert color="red" variant="light" role="alert">
              {errors.form}
            </Alert>
          )}
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PasswordInput
                label={t('account:password.current')}
                autoComplete="current-password"
                dir="ltr"
                value={values.currentPassword}
                onChange={set('currentPassword')}
                error={errors.currentPassword}
                // Mantine's PasswordInput leaves aria-invalid off its inner input.
                aria-invalid={errors.currentPassword !== undefined}
                withAsterisk
                visibilityToggleButtonProps={toggle}
                data-testid="password-current"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }} visibleFrom="sm" />
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PasswordInput
                label={t('account:password.new')}
                autoComplete="new-password"
                dir="ltr"
                value={values.newPassword}
                onChange={set('newPassword')}
                error={errors.newPassword}
                aria-invalid={errors.newPassword !== undefined}
                withAsterisk
                visibilityToggleButtonProps={toggle}
                data-testid="password-new"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>
              <PasswordInput
                label={t('account:password.confirm')}
                autoComplete="new-password"
                dir="ltr"
                value={values.confirm}
                onChange={set('confirm')}
                error={errors.confirm}
                aria-invalid={errors.confirm !== undefined}
                withAsterisk
                visibilityToggleButtonProps={toggle}
                data-testid="password-confirm"
              />
            </Grid.Col>
          </Grid>
          <div>
            <Title order={3} size="h6" mb={6}>
              {t('account:password.requirements')}
            </Title>
            <List size="sm" c="dimmed" spacing={2}>
              <List.Item>{t('account:password.ruleLength')}</List.Item>
              <List.Item>{t('account:password.ruleCase')}</List.Item>
              <List.Item>{t('account:password.ruleDigit')}</List.Item>
            </List>
          </div>
          <div>
            <Button type="submit" loading={saving} data-testid="password-save">
              {t('account:password.submit')}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
