// Exports the whole filtered set of a log as CSV (the server streams it, messages in the reader's
// language). The request carries the session's bearer token like every API call, so it is fetched and
// handed to the browser as a download rather than opened as a bare link.
import { Button, Text, Tooltip } from '@mantine/core';
import type { Language } from '@voltscope/shared/i18n';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/useLanguage.ts';
import { sessionStore } from '../session/sessionStore.ts';
import { IconDownload } from './logIcons.tsx';
import classes from './logs.module.css';

/** The file name the server gives (Content-Disposition), or the fallback. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="?([^";]+)"?/.exec(header)?.[1] ?? fallback;
}

export async function downloadCsv(path: string, fallbackName: string): Promise<void> {
  const token = sessionStore.getState().accessToken;
  const response = await fetch(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`CSV export failed: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function CsvExportButton({ path, fileName }: { path: (lang: Language) => string; fileName: string }) {
  const { t } = useTranslation(['events', 'common']);
  const lng = useLanguage();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const run = () => {
    setState('busy');
    downloadCsv(path(lng), fileName).then(
      () => setState('idle'),
      () => setState('failed'),
    );
  };
  return (
    <>
      <Tooltip label={t('events:csv.hint')}>
        <Button
          variant="default"
          leftSection={<IconDownload />}
          loading={state === 'busy'}
          onClick={run}
          data-testid="csv-export"
        >
          {state === 'busy' ? t('events:csv.exporting') : t('events:csv.export')}
        </Button>
      </Tooltip>
      {state === 'failed' && (
        <Text size="sm" className={classes.error} role="alert">
          {t('events:csv.error')}
        </Text>
      )}
    </>
  );
}
