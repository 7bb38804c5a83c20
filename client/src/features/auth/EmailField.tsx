// The address field of the sign-in pages: written left to right, focused first, with the same example.
// Signing in takes an email or a username; asking for a reset link takes an email only.
import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const kinds = {
  login: { label: 'auth:login.emailOrUsername', input: { name: 'email', autoComplete: 'username' } },
  forgot: { label: 'auth:forgot.email', input: { type: 'email', autoComplete: 'email' } },
} as const;

interface EmailFieldProps {
  kind: keyof typeof kinds;
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
  testId?: string;
}

export function EmailField({ kind, value, onValue, error, testId }: EmailFieldProps) {
  const { t } = useTranslation(['auth']);
  return (
    <TextInput
      label={t(kinds[kind].label)}
      placeholder={t('auth:login.emailPlaceholder')}
      {...kinds[kind].input}
      autoFocus
      dir="ltr"
      value={value}
      onChange={(event) => onValue(event.currentTarget.value)}
      error={error}
      data-testid={testId}
    />
  );
}
