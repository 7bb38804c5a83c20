// A new password and its confirmation, with the seed's rule under the first: the reset page (a link, an
// invitation) and the password-change step share them.
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../ui/PasswordField.tsx';

export function NewPasswordFields({
  password,
  confirm,
  onPassword,
  onConfirm,
  errors,
  autoFocus = false,
}: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: { password?: string | undefined; confirm?: string | undefined };
  autoFocus?: boolean;
}) {
  const { t } = useTranslation(['auth']);
  return (
    <>
      <PasswordField
        label={t('auth:reset.password')}
        description={t('auth:reset.rule')}
        autoComplete="new-password"
        autoFocus={autoFocus}
        value={password}
        onChange={(event) => onPassword(event.currentTarget.value)}
        error={errors.password}
      />
      <PasswordField
        label={t('auth:reset.confirm')}
        autoComplete="new-password"
        value={confirm}
        onChange={(event) => onConfirm(event.currentTarget.value)}
        error={errors.confirm}
      />
    </>
  );
}
