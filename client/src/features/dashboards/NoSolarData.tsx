// The solar dashboards' empty states: no site to show on the fleet page, no figures for the period on the
// comparison page. One place for their icon, words and test ids.

import { useTranslation } from 'react-i18next';
import type { KeyOf } from '../../i18n/namespaces.ts';
import { EmptyCard } from '../../ui/EmptyCard.tsx';
import { IconSolarPanel } from '../../ui/icons.tsx';

const empties = {
  sites: { title: 'dashboards:emptyTitle', text: 'dashboards:emptyText', testId: 'sites-empty' },
  comparison: {
    title: 'dashboards:compare.noDataTitle',
    text: 'dashboards:compare.noDataText',
    testId: 'comparison-empty',
  },
} as const satisfies Record<string, { title: KeyOf<'dashboards'>; text: KeyOf<'dashboards'>; testId: string }>;

export function NoSolarData({ what }: { what: keyof typeof empties }) {
  const { t } = useTranslation(['dashboards', 'common']);
  const empty = empties[what];
  return (
    <EmptyCard
      icon={<IconSolarPanel size={32} />}
      title={t(empty.title)}
      description={t(empty.text)}
      testId={empty.testId}
    />
  );
}
