// The navbar's round, quiet icon button (theme, language, search, shortcuts, notifications): `label` is its
// accessible name. Other props (a menu's or popover's ref and handlers, a test id) reach the button.
import { ActionIcon } from '@mantine/core';
import type { ComponentPropsWithRef, ReactNode } from 'react';

type HeaderIconButtonProps = { label: string; children: ReactNode } & Omit<
  ComponentPropsWithRef<'button'>,
  'aria-label' | 'color' | 'children' | 'disabled'
>;

export function HeaderIconButton({ label, children, ...button }: HeaderIconButtonProps) {
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={label} {...button}>
      {children}
    </ActionIcon>
  );
}
