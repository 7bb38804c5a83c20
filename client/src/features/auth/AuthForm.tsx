// The form of the sign-in pages: its fields stacked, then the full-width submit button (busy while the
// request runs), then anything that follows it. The browser's own checks are off: the page words its own.
import { Button, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

interface AuthFormProps {
  onSubmit: (event: FormEvent) => void;
  submitting: boolean;
  submitLabel: string;
  children: ReactNode;
  /** Below the submit button (a hint). */
  after?: ReactNode;
}

export function AuthForm({ onSubmit, submitting, submitLabel, children, after }: AuthFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {children}
        <Button type="submit" fullWidth size="md" loading={submitting}>
          {submitLabel}
        </Button>
        {after}
      </Stack>
    </form>
  );
}
