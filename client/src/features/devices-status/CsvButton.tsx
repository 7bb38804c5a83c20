// The rows as filtered and sorted (every page), written as CSV here in the browser and handed over as a
// download: the state and last word as they stand now, times in ISO 8601 (UTC), the words in the
// reader's language.
import { Button } from '@mantine/core';
import type { Language } from '@voltscope/shared/i18n';
import { useTranslation } from 'react-i18next';
import { type DeviceSeriesInfo, liveStatus } from '../../live/deviceStatus.ts';
import { liveStore } from '../../live/liveStore.ts';
import { IconDownload } from '../../logs/logIcons.tsx';
import { type RowWords, type StatusRow, toCsv } from './statusRows.ts';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function CsvButton({
  rows,
  series,
  words,
  lng,
  disabled,
}: {
  rows: readonly StatusRow[];
  series: ReadonlyMap<string, DeviceSeriesInfo>;
  words: RowWords;
  lng: Language;
  disabled: boolean;
}) {
  const { t } = useTranslation(['devicesStatus', 'device', 'common']);
  const run = () => {
    const now = Date.now();
    const header = [
      'id',
      t('devicesStatus:columns.name'),
      t('devicesStatus:columns.site'),
      t('devicesStatus:columns.type'),
      t('devicesStatus:columns.state'),
      t('device:facts.model'),
      t('device:facts.firmware'),
      t('devicesStatus:columns.lastSeen'),
      t('devicesStatus:columns.quality'),
      t('devicesStatus:columns.alarms'),
      t('device:alarms.priority'),
      t('devicesStatus:maintenance.reason'),
    ];
    const lines = rows.map((row) => {
      const live = liveStatus(row, series.get(row.id), liveStore, now);
      return [
        row.id,
        words.name(row),
        words.site(row),
        words.type(row),
        t(`devicesStatus:state.${live.state}`),
        row.model,
        row.firmware,
        iso(live.lastSeen),
        row.dataQuality === null ? null : Math.round(row.dataQuality * 1000) / 10,
        row.alarms.open,
        row.alarms.highest && t(`common:priority.${row.alarms.highest}`),
        row.maintenance?.reason ?? null,
      ];
    });
    download(toCsv(header, lines), `voltscope-devices-${lng}-${new Date(now).toISOString().slice(0, 10)}.csv`);
  };
  return (
    <Button variant="default" leftSection={<IconDownload />} onClick={run} disabled={disabled} data-testid="csv-export">
      {t('devicesStatus:csv.export')}
    </Button>
  );
}
