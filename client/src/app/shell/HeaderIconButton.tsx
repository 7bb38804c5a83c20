// The navbar's round, quiet icon button (theme, language, search, shortcuts, notifications): `label` is its
// accessible name. Other props (a menu's or popover's ref and handlers, a test id) reach the button.
import { ActionIcon, Menu, Tooltip } from '@mantine/core';
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

/** The button that opens a navbar menu, its label also shown as a tooltip. */
export function HeaderMenuButton({ label, children, ...button }: HeaderIconButtonProps) {
  return (
    <Tooltip label={label}>
      <Menu.Target>
        <HeaderIconButton label={label} {...button}>
          {children}
        </HeaderIconButton>
      </Menu.Target>
    </Tooltip>
  );
}
