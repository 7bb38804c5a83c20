// What a log shows instead of rows: the first load, or nothing to show (with a way out of the filters that
// emptied it). A failed load is the shared RetryAlert, above the table.
import { Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconFileSearch } from '../ui/icons.tsx';

export function LoadingRows() {
  const { t } = useTranslation(['events', 'common']);
  return (
    <Stack gap={6} aria-busy="true" aria-label={t('events:table.loading')}>
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Skeleton key={i} h={34} />
      ))}
    </Stack>
  );
}

export function EmptyLog({ message, onReset }: { message: string; onReset?: (() => void) | undefined }) {
  const { t } = useTranslation(['events', 'common']);
  return (
    <Paper withBorder p="xl" radius="md" data-testid="log-empty">
      <Stack align="center" gap="xs">
        <IconFileSearch size={28} />
        <Text ta="center">{message}</Text>
        {onReset && (
          <Button variant="subtle" size="sm" onClick={onReset}>
            {t('events:filters.reset')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
