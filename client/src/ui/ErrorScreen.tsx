import { Center, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './ErrorScreen.module.css';
import { TitleAndSubtitle } from './TitleAndSubtitle.tsx';

/** The full-screen layout of the 404 / 401 pages: a big code, a title, a sentence, actions. */
export function ErrorScreen({
  code,
  title,
  text,
  children,
}: {
  code: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <Center mih="100vh" px="md" py="xl">
      <Stack align="center" gap="sm" maw={520} ta="center">
        <Text className={classes.code} aria-hidden="true">
          {code}
        </Text>
        <TitleAndSubtitle look="screen" title={title} subtitle={text} />
        <Group mt="lg" gap="sm" justify="center">
          {children}
        </Group>
      </Stack>
    </Center>
  );
}
