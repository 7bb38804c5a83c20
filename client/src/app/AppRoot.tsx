import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { type RouteHandle, routeTitleKey } from '../routes.tsx';
import { IconAlertTriangle } from '../ui/icons.tsx';
import { useScrollBehavior } from './scroll.ts';
import { useDocumentSettings } from './settings/useDocumentSettings.ts';

const isHandle = (value: unknown): value is RouteHandle =>
  typeof value === 'object' && value !== null && typeof (value as RouteHandle).name === 'string';

/** Seed: the page title is the app title, a separator, then the translated route name. */
function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const name = matches.map((match) => match.handle).findLast(isHandle)?.name;
  const title = name ? `${t('app.name')} | ${t(routeTitleKey(name))}` : t('app.name');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function AppRoot() {
  useDocumentTitle();
  useDocumentSettings();
  useScrollBehavior();
  return <Outlet />;
}

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" role="status" aria-label={t('app.loading')}>
      <Loader size="md" type="dots" />
    </Center>
  );
}

/** Last resort for a render error or a page chunk that failed to load (after a deploy, offline). */
export function RootErrorBoundary() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('app.name')} | ${t('routes.server-error')}`;
  }, [t]);
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <IconAlertTriangle size={48} color="var(--mantine-color-orange-6)" />
        <Title order={2}>{t('errors.server.title')}</Title>
        <Text c="dimmed">{t('errors.server.text')}</Text>
        <Button mt="md" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
