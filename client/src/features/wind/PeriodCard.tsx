// A card of the turbine page drawn from the period's history (the power curve, the wind rose): its title
// and hint, then a placeholder while the history loads, a sentence if it failed, or the card's content.
import { Card, Skeleton, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PeriodSamples } from './periodData.ts';
import type { TurbineProps } from './useWindSite.ts';

/** What each period card is given by the turbine page. */
export interface TurbinePeriodProps extends TurbineProps {
  samples: PeriodSamples | null;
  loading: boolean;
  failed: boolean;
}

interface PeriodCardProps {
  titleId: string;
  title: string;
  hint: string;
  samples: PeriodSamples | null;
  loading: boolean;
  failed: boolean;
  children: ReactNode;
}

export function PeriodCard({ titleId, title, hint, samples, loading, failed, children }: PeriodCardProps) {
  const { t } = useTranslation(['wind', 'common']);
  return (
    <Card component="section" aria-labelledby={titleId} h="100%">
      <Title order={3} fz="h4" id={titleId}>
        {title}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {hint}
      </Text>
      {samples === null && loading ? (
        <Skeleton h={340} />
      ) : samples === null && failed ? (
        <Text c="red" role="alert">
          {t('wind:historyError')}
        </Text>
      ) : (
        children
      )}
    </Card>
  );
}
