// What the chart pages say when the sites or a site's series could not be read, with a retry.
import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle } from '../../ui/icons.tsx';

export function LoadErrorAlert({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['charts', 'common']);
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle />} title={t('charts:loadError')}>
      <Button size="xs" variant="light" color="red" mt="xs" onClick={onRetry}>
        {t('common:ui.retry')}
      </Button>
    </Alert>
  );
}
