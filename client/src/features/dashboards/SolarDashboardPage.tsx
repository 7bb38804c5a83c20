import { Alert, Button, Card, EmptyState, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sortSites, useSites } from '../../data/sites.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { IconAlertTriangle, IconSolarPanel } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { FleetStats } from './FleetStats.tsx';
import { SiteCard } from './SiteCard.tsx';
import { useMinuteClock } from './useMinuteClock.ts';

// By the width of the content, not of the window: the vertical navigation takes its share.
const GRID = { base: 1, '560px': 2, '860px': 3, '1280px': 4 } as const;

function LoadingCards() {
  return (
    <SimpleGrid type="container" cols={GRID} spacing="lg" aria-busy="true">
      {[0, 1, 2].map((n) => (
        <Card key={n}>
          <Group wrap="nowrap">
            <Skeleton height={44} width={44} radius="md" />
            <Stack gap={6} flex={1}>
              <Skeleton height={16} width="60%" />
              <Skeleton height={12} width="40%" />
            </Stack>
          </Group>
          <Skeleton height={28} width="50%" mt="lg" />
          <Skeleton height={36} mt="lg" />
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function SolarDashboardPage() {
  const { t } = useTranslation();
  const lng = useLanguage();
  const sites = useSites();
  const now = useMinuteClock();

  return (
    <>
      <PageHeader title={t('dashboard.title')} subtitle={t('dashboard.subtitle')} />
      {sites.status === 'loading' && <LoadingCards />}
      {sites.status === 'error' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={t('dashboard.loadError')} role="alert">
          <Button size="xs" variant="light" color="red" mt="xs" onClick={sites.reload}>
            {t('common.retry')}
          </Button>
        </Alert>
      )}
      {sites.status === 'ready' && sites.data.length === 0 && (
        <Card py="xl">
          <EmptyState
            icon={<IconSolarPanel size={32} />}
            withIndicatorBackground
            title={t('dashboard.emptyTitle')}
            description={t('dashboard.emptyText')}
            data-testid="sites-empty"
          />
        </Card>
      )}
      {sites.status === 'ready' && sites.data.length > 0 && (
        <>
          <FleetStats sites={sites.data} lng={lng} />
          <SimpleGrid type="container" cols={GRID} spacing="lg">
            {sortSites(sites.data, lng).map((site) => (
              <SiteCard key={site.id} site={site} lng={lng} now={now} />
            ))}
          </SimpleGrid>
        </>
      )}
    </>
  );
}
