import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Suspense, useEffect } from 'react';
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
  const { t } = useTranslation(['common']);
  const matches = useMatches();
  const name = matches.map((match) => match.handle).findLast(isHandle)?.name;
  const title = name ? `${t('common:app.name')} | ${t(routeTitleKey(name))}` : t('common:app.name');
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function AppRoot() {
  useDocumentTitle();
  useDocumentSettings();
  useScrollBehavior();
  // A page whose namespace is not loaded yet suspends until it is (i18n/backend.ts): the loader shows,
  // never raw keys. Navigations are transitions, so a page already on screen stays until then.
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}

export function PageLoader() {
  const { t } = useTranslation(['common']);
  return (
    <Center mih="60vh" role="status" aria-label={t('common:app.loading')}>
      <Loader size="md" type="dots" />
    </Center>
  );
}

/** Last resort for a render error or a page chunk that failed to load (after a deploy, offline). */
export function RootErrorBoundary() {
  const { t } = useTranslation(['common']);
  useEffect(() => {
    document.title = `${t('common:app.name')} | ${t('common:routes.server-error')}`;
  }, [t]);
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <IconAlertTriangle size={48} color="var(--mantine-color-orange-6)" />
        <Title order={2}>{t('common:errors.server.title')}</Title>
        <Text c="dimmed">{t('common:errors.server.text')}</Text>
        <Button mt="md" onClick={() => window.location.reload()}>
          {t('common:ui.reload')}
        </Button>
      </Stack>
    </Center>
  );
}
