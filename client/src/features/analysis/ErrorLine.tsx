// A failed load or action of the analysis page, worded, with a button that tries again.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle } from '../../ui/icons.tsx';

interface ErrorLineProps {
  message: string;
  onRetry: () => void;
  testId: string;
  mb?: 'sm' | 'md';
}

export function ErrorLine({ message, onRetry, testId, mb }: ErrorLineProps) {
  const { t } = useTranslation(['analysis', 'common']);
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle />}
      {...(mb && { mb })}
      data-testid={testId}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          {t('analysis:retry')}
        </Button>
      </Group>
    </Alert>
  );
}
