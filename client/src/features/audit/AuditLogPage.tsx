// The audit log (/admin/audit, for those who may read it): every privileged action, newest first, with
// filters, pages of 50 (newer and older, by the server's cursor), an entry's details with its changes,
// the filtered set as CSV, and the check of the log's hash chain.
import { Button, Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { downloadCsv } from '../../logs/CsvExportButton.tsx';
import { IconDownload, IconPageNext, IconPagePrevious } from '../../logs/logIcons.tsx';
import { EmptyCard } from '../../ui/EmptyCard.tsx';
import { IconFileSearch, IconRefresh } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { AuditDetails } from './AuditDetails.tsx';
import { AuditFilters } from './AuditFilters.tsx';
import { AuditTable } from './AuditTable.tsx';
import { type AuditEntry, type AuditPage, exportPath, loadAuditPage } from './auditApi.ts';
import { type AuditView, auditFilter, initialView, isFiltered } from './auditView.ts';
import { IntegrityCheck } from './IntegrityCheck.tsx';

type Load = { kind: 'loading' } | { kind: 'ready'; page: AuditPage } | { kind: 'error' };

export function AuditLogPage() {
  const { t } = useTranslation(['audit']);
  const lng = useLanguage();
  const [view, setView] = useState<AuditView>(initialView);
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text, 300);
  const [now, setNow] = useState(() => Date.now());
  /** The cursors of the pages before this one (the first page has none). */
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const [actors, setActors] = useState<ReadonlyMap<number, string>>(new Map());
  const [exportState, setExportState] = useState<'idle' | 'busy' | 'failed'>('idle');

  const filter = useMemo(() => auditFilter({ ...view, q }, now), [view, q, now]);
  const before = cursors.at(-1);

  // A new filter starts again from the newest entries.
  const changeView = useCallback((next: AuditView) => {
    setView(next);
    setCursors([undefined]);
    setNow(Date.now());
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search text starts again from the first page.
  useEffect(() => setCursors([undefined]), [q]);

  useEffect(() => {
    const abort = new AbortController();
    setLoad((current) => (current.kind === 'ready' ? current : { kind: 'loading' }));
    loadAuditPage(filter, before, abort.signal).then(
      (page) => {
        setLoad({ kind: 'ready', page });
        setActors((known) => {
          const fresh = page.entries.filter((e) => e.actorId !== null && !known.has(e.actorId));
          if (fresh.length === 0) return known;
          return new Map([...known, ...fresh.map((e) => [e.actorId as number, e.actorName] as const)]);
        });
      },
      () => {
        if (!abort.signal.aborted) setLoad({ kind: 'error' });
      },
    );
    return () => abort.abort();
  }, [filter, before]);

  const reload = () => {
    setCursors([undefined]);
    setNow(Date.now());
  };
  const runExport = () => {
    setExportState('busy');
    downloadCsv(exportPath(filter), 'audit.csv').then(
      () => setExportState('idle'),
      () => setExportState('failed'),
    );
  };

  const page = load.kind === 'ready' ? load.page : null;
  const pageNumber = cursors.length;

  return (
    <>
      <PageHeader
        title={t('audit:title')}
        subtitle={t('audit:subtitle')}
        actions={
          <Group gap="sm">
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={reload} data-testid="refresh">
              {t('audit:refresh')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconDownload />}
              loading={exportState === 'busy'}
              onClick={runExport}
              data-testid="csv-export"
            >
              {exportState === 'busy' ? t('audit:export.running') : t('audit:export.run')}
            </Button>
            <IntegrityCheck />
          </Group>
        }
      />
      {exportState === 'failed' && (
        <Text c="red" size="sm" role="alert" mb="sm">
          {t('audit:export.error')}
        </Text>
      )}
      <AuditFilters view={view} onChange={changeView} text={text} onText={setText} actors={actors} />
      {load.kind === 'error' && (
        <RetryAlert message={t('audit:loadError')} onRetry={reload} mb="md" testId="load-error" />
      )}
      {load.kind === 'loading' && <Loader aria-label={t('audit:title')} />}
      {page && page.entries.length === 0 && (
        <EmptyCard
          icon={<IconFileSearch />}
          title={isFiltered({ ...view, q }) ? t('audit:emptyFiltered') : t('audit:empty')}
          description={t('audit:subtitle')}
          testId="audit-empty"
        />
      )}
      {page && page.entries.length > 0 && (
        <>
          <Text size="sm" c="dimmed" mb="xs" data-testid="audit-total" aria-live="polite">
            {t('audit:total', { n: formatNumber(lng, page.total) })}
          </Text>
          <AuditTable entries={page.entries} onOpen={setOpen} />
          <Group justify="space-between" mt="sm" component="nav" aria-label={t('audit:paging.label')}>
            <Button
              variant="default"
              leftSection={<IconPagePrevious />}
              disabled={pageNumber === 1}
              onClick={() => setCursors((c) => c.slice(0, -1))}
              data-testid="audit-newer"
            >
              {t('audit:paging.newer')}
            </Button>
            <Text size="sm">{t('audit:paging.page', { page: formatNumber(lng, pageNumber) })}</Text>
            <Button
              variant="default"
              rightSection={<IconPageNext />}
              disabled={page.nextBefore === null}
              onClick={() => setCursors((c) => [...c, page.nextBefore ?? undefined])}
              data-testid="audit-older"
            >
              {t('audit:paging.older')}
            </Button>
          </Group>
        </>
      )}
      <AuditDetails entry={open} onClose={() => setOpen(null)} />
    </>
  );
}
