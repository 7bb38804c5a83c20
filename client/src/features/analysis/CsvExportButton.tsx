// Exports the daily KPIs shown as CSV (the hub writes it: one row per day and site or generator). The
// request carries the session's bearer token like every API call, so it is fetched and handed to the
// browser as a download rather than opened as a bare link.
import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../../session/sessionStore.ts';
import { IconDownload } from './analysisIcons.tsx';

const FALLBACK_NAME = 'voltscope-daily-kpis.csv';

/** The file name the server gives (Content-Disposition), or the fallback. */
function fileNameOf(response: Response): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="?([^";]+)"?/.exec(header)?.[1] ?? FALLBACK_NAME;
}

async function downloadCsv(path: string): Promise<void> {
  const token = sessionStore.getState().accessToken;
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`CSV export failed: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function CsvExportButton({ path, disabled }: { path: string | null; disabled: boolean }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const run = () => {
    if (!path) return;
    setState('busy');
    downloadCsv(path).then(
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
        {t('analysis.csv.export')}
      </Button>
      {state === 'failed' && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" data-testid="csv-error">
          {t('analysis.csv.failed')}
        </Text>
      )}
    </>
  );
}
