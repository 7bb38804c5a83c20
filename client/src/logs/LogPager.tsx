// Pages of a log: the rows shown and the total ("26–50 of 1,234"), the page size (5 to 100, seed), and
// first / previous / next / last buttons around "Page 2 of 50", in the reader's digits.
import { ActionIcon, Group, NativeSelect, Text, Tooltip } from '@mantine/core';
import { type LogPage, logPageSizes } from '@voltscope/shared/alarms';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../i18n/format.ts';
import { useLanguage } from '../i18n/useLanguage.ts';
import { IconPageFirst, IconPageLast, IconPageNext, IconPagePrevious } from './logIcons.tsx';
import { type LogPageSize, lastPage, pageBounds } from './logQuery.ts';

interface LogPagerProps {
  page: LogPage<unknown>;
  onPage: (page: number) => void;
  onPageSize: (size: LogPageSize) => void;
}

function PagerButton({
  label,
  disabled,
  onClick,
  testId,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

export function LogPager({ page, onPage, onPageSize }: LogPagerProps) {
  const { t } = useTranslation(['events', 'common']);
  const lng = useLanguage();
  const pages = lastPage(page.total, page.pageSize);
  const bounds = pageBounds(page);
  const n = (value: number) => formatNumber(lng, value);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" mt="sm" component="nav" aria-label={t('events:pager.label')}>
      <Group gap="sm" wrap="nowrap">
        <NativeSelect
          size="sm"
          label={t('events:pager.pageSize')}
          data={logPageSizes.map((s) => ({ value: String(s), label: n(s) }))}
          value={String(page.pageSize)}
          onChange={(e) => onPageSize(Number(e.currentTarget.value) as LogPageSize)}
          data-testid="page-size"
          styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { marginBottom: 0 } }}
        />
        <Text size="sm" aria-live="polite" data-testid="page-range">
          {t('events:pager.range', { from: n(bounds.from), to: n(bounds.to), total: n(page.total) })}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <PagerButton
          label={t('events:pager.first')}
          disabled={page.page <= 1}
          onClick={() => onPage(1)}
          testId="page-first"
        >
          <IconPageFirst />
        </PagerButton>
        <PagerButton
          label={t('events:pager.previous')}
          disabled={page.page <= 1}
          onClick={() => onPage(page.page - 1)}
          testId="page-previous"
        >
          <IconPagePrevious />
        </PagerButton>
        <Text size="sm" px={4} data-testid="page-number">
          {t('events:pager.page', { page: n(Math.min(page.page, pages)), pages: n(pages) })}
        </Text>
        <PagerButton
          label={t('events:pager.next')}
          disabled={page.page >= pages}
          onClick={() => onPage(page.page + 1)}
          testId="page-next"
        >
          <IconPageNext />
        </PagerButton>
        <PagerButton
          label={t('events:pager.last')}
          disabled={page.page >= pages}
          onClick={() => onPage(pages)}
          testId="page-last"
        >
          <IconPageLast />
        </PagerButton>
      </Group>
    </Group>
  );
}
