import { Group, Text } from '@mantine/core';
import classes from './Logo.module.css';

export interface LogoProps {
  /** Seed: the logo is 30 px high. */
  size?: number;
  withText?: boolean;
}

export function Logo({ size = 30, withText = true }: LogoProps) {
  return (
    <Group gap={10} wrap="nowrap" className={classes.root}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className={classes.mark}>
        <rect width="32" height="32" rx="8" className={classes.tile} />
        <path d="M17.6 5 9 17.6h6.1L13.9 27l8.9-13h-6.2L17.6 5Z" fill="#fff" />
      </svg>
      {withText && (
        // A brand name: same in every language and never mirrored.
        <Text component="span" className={classes.text} dir="ltr" data-logo-text>
          Voltscope
        </Text>
      )}
    </Group>
  );
}
