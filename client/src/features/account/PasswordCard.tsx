import { Button, Card, Grid, List, Stack, Title } from '@mantine/core';
import { passwordChangeFields } from '@voltscope/shared/accountFields';
import { checkFields } from '@voltscope/shared/validation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRetryDelay } from '../../i18n/format.ts';
import { fieldTexts } from '../../i18n/serverErrors.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { PasswordField } from '../../ui/PasswordField.tsx';
import { changePassword } from './accountApi.ts';
import { FormAlerts } from './FormAlerts.tsx';
import { useAccountForm } from './useAccountForm.ts';

type Field = 'currentPassword' | 'newPassword' | 'confirm';

export function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation(['auth', 'account', 'validation', 'common']);
  const lng = useLanguage();
  const empty = { currentPassword: '', newPassword: '', confirm: '' };
  const [values, setValues] = useState(empty);
  const { errors, saving, done, onSubmit } = useAccountForm({
    fields: ['currentPassword', 'newPassword', 'confirm'],
    validate: () => fieldTexts(checkFields(values, passwordChangeFields)),
    save: async () => {
      await changePassword({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      setValues(empty);
      onChanged();
    },
    refusal: (failure) =>
      failure.status === 429 && failure.retryAfter !== null
        ? { currentPassword: t('auth:login.retryAfter', { when: formatRetryDelay(lng, failure.retryAfter) }) }
        : null,
  });
  const set = (key: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
  };

  const field = (name: Field, key: 'current' | 'new' | 'confirm', autoComplete: string) => (
    <PasswordField
      label={t(`account:password.${key}`)}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      withAsterisk
      data-testid={`password-${key}`}
    />
  );
  return (
    <Card id="password">
      <Title order={2} size="h4" mb="md">
        {t('account:password.title')}
      </Title>
      <form onSubmit={onSubmit} noValidate data-testid="password-form">
        <Stack gap="md">
          <FormAlerts done={done} doneText={t('account:password.changed')} error={errors.form} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, sm: 6 }}>{field('currentPassword', 'current', 'current-password')}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }} visibleFrom="sm" />
            <Grid.Col span={{ base: 12, sm: 6 }}>{field('newPassword', 'new', 'new-password')}</Grid.Col>
            <Grid.Col span={{ base: 12, sm: 6 }}>{field('confirm', 'confirm', 'new-password')}</Grid.Col>
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
