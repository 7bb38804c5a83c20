// Exports the daily KPIs shown as CSV (the hub writes it: one row per day and site or generator),
// downloaded with the session's token like the history lists' exports.
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv } from '../../logs/CsvExportButton.tsx';
import { IconDownload } from './analysisIcons.tsx';

const FALLBACK_NAME = 'voltscope-daily-kpis.csv';

export function CsvExportButton({ path, disabled }: { path: string | null; disabled: boolean }) {
  const { t } = useTranslation(['analysis', 'common']);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const run = () => {
    if (!path) return;
    setState('busy');
    downloadCsv(path, FALLBACK_NAME).then(
      () => setState('idle'),
      () => setState('failed'),
    );
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconDownload />}
        loading={state === 'busy'}
        disabled={disabled || !path}
        onClick={run}
        data-testid="csv-export"
      >
        {t('analysis:csv.export')}
      </Button>
      {state === 'failed' && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" data-testid="csv-error">
          {t('analysis:csv.failed')}
        </Text>
      )}
    </>
  );
}
