// The address field of the sign-in pages: written left to right, focused first, with the same example.
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type EmailFieldProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string;
  onValue: (value: string) => void;
  'data-testid'?: string;
};

export function EmailField({ value, onValue, ...input }: EmailFieldProps) {
  const { t } = useTranslation(['auth']);
  return (
    <TextInput
      placeholder={t('auth:login.emailPlaceholder')}
      autoFocus
      dir="ltr"
      value={value}
      onChange={(event) => onValue(event.currentTarget.value)}
      {...input}
    />
  );
}
