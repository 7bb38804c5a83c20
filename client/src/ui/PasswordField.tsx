// A password field as the forms here have it: typed left to right in every language, its show/hide button
// named, and marked invalid while it shows an error (Mantine's PasswordInput leaves aria-invalid off its
// inner input).
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation(['auth']);
  return (
    <PasswordInput
      dir="ltr"
      aria-invalid={props.error !== undefined}
      visibilityToggleButtonProps={{ 'aria-label': t('auth:login.showPassword') }}
      {...props}
    />
  );
}
