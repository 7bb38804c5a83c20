// A load (or an action) that failed, said in the page's words, with a button that tries again.
import { Alert, Button, Group, type MantineSpacing, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle } from './icons.tsx';

interface RetryAlertProps {
  message: string;
  onRetry: () => void;
  /** The message as the alert's title with the button under it (a chart's figures that did not come); by
   * default the message on one line that ends with the button. */
  titled?: boolean;
  /** Without the warning sign. */
  plain?: boolean;
  mb?: MantineSpacing;
  testId?: string;
}

export function RetryAlert({ message, onRetry, titled = false, plain = false, mb, testId }: RetryAlertProps) {
  const { t } = useTranslation(['common']);
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      {...(plain ? {} : { icon: <IconAlertTriangle /> })}
      {...(titled && { title: message })}
      {...(mb && { mb })}
      data-testid={testId}
    >
      {titled ? (
        <Button size="xs" variant="light" color="red" mt="xs" onClick={onRetry}>
          {t('common:ui.retry')}
        </Button>
      ) : (
        <Group justify="space-between" gap="sm">
          <Text size="sm">{message}</Text>
          <Button size="xs" variant="default" onClick={onRetry}>
            {t('common:ui.retry')}
          </Button>
        </Group>
      )}
    </Alert>
  );
}
