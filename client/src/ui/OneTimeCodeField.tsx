// A field for a one-time code: the 6 digits of an authenticator app (numeric keypad, the browser's or
// phone's code autofill, digits only, `onComplete` once the sixth is typed or pasted) or a recovery code
// (`xxxx-xxxx`). Written left to right in every language, in a monospaced face so the groups line up.
import { TextInput, type TextInputProps } from '@mantine/core';

export const TOTP_LENGTH = 6;

interface OneTimeCodeFieldProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  /** Called with the code when its sixth digit arrives (authenticator codes only). */
  onComplete?: (code: string) => void;
  kind?: 'totp' | 'recovery';
}

export function OneTimeCodeField({
  value,
  onChange,
  onComplete,
  kind = 'totp',
  error,
  ...rest
}: OneTimeCodeFieldProps) {
  const totp = kind === 'totp';
  return (
    <TextInput
      dir="ltr"
      size="md"
      value={value}
      error={error}
      aria-invalid={error !== undefined && error !== null && error !== false}
      autoComplete={totp ? 'one-time-code' : 'off'}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      inputMode={totp ? 'numeric' : 'text'}
      maxLength={totp ? TOTP_LENGTH : 9}
      placeholder={totp ? '000000' : 'xxxx-xxxx'}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.3em' } }}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        const next = totp ? typed.replace(/\D/g, '').slice(0, TOTP_LENGTH) : typed.slice(0, 9);
        onChange(next);
        if (totp && next.length === TOTP_LENGTH && value.length !== TOTP_LENGTH) onComplete?.(next);
      }}
      {...rest}
    />
  );
}
