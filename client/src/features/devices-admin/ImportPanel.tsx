// A site's devices out to CSV and in from it: a chosen file is first shown as what it would do (rows to
// create, to update with the fields that change, unchanged ones, and each refused row with its line,
// column and reason); Apply is offered only for a file without a refused row, and writes all or nothing.
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { IconAlertTriangle, IconCircleCheck } from '../../ui/icons.tsx';
import { exportDevices, type ImportPreview, importDevices } from './fleetAdminApi.ts';
import { changedFields, importReasonText } from './importReason.ts';
import { refusalText } from './refusal.ts';

interface Props {
  siteId: string;
  /** After a file was applied: the tree loads again. */
  onApplied: () => void;
}

/** Rows listed in a preview; the counts above it cover the whole file. */
const MAX_LISTED = 200;

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'preview'; csv: string; preview: ImportPreview }
  | { kind: 'applied'; preview: ImportPreview }
  | { kind: 'failed'; message: string };

export function ImportPanel({ siteId, onApplied }: Props) {
  const { t } = useTranslation(['devicesAdmin']);
  const lng = useLanguage();
  const inputId = useId();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [exportFailed, setExportFailed] = useState(false);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setState({ kind: 'busy' });
    try {
      const csv = await file.text();
      setState({ kind: 'preview', csv, preview: await importDevices(siteId, csv, false) });
    } catch (caught) {
      setState({ kind: 'failed', message: refusalText(caught) });
    }
  };
  const apply = async (csv: string) => {
    setState({ kind: 'busy' });
    try {
      const preview = await importDevices(siteId, csv, true);
      if (preview.applied) {
        setState({ kind: 'applied', preview });
        onApplied();
      } else setState({ kind: 'preview', csv, preview });
    } catch (caught) {
      setState({ kind: 'failed', message: refusalText(caught) });
    }
  };

  const preview = state.kind === 'preview' || state.kind === 'applied' ? state.preview : null;
  const count = (action: 'create' | 'update' | 'unchanged') =>
    formatNumber(lng, preview?.rows.filter((r) => r.action === action).length ?? 0);
  const changing = preview?.rows.filter((r) => r.action !== 'unchanged') ?? [];
  // What changes first, then what stays; a file of thousands of rows shows its first ones.
  const listed = [...changing, ...(preview?.rows.filter((r) => r.action === 'unchanged') ?? [])];
  const shownRows = listed.slice(0, MAX_LISTED);

  return (
    <Stack gap="md" data-testid="import-panel">
      <Group gap="sm">
        <Button
          variant="default"
          onClick={() => {
            setExportFailed(false);
            exportDevices(siteId).catch(() => setExportFailed(true));
          }}
          data-testid="devices-export"
        >
          {t('devicesAdmin:import.export')}
        </Button>
        <Button component="label" htmlFor={inputId} loading={state.kind === 'busy'}>
          {t('devicesAdmin:import.choose')}
        </Button>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          hidden
          onChange={(e) => {
            void choose(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
          data-testid="import-file"
        />
      </Group>
      <Text size="sm" c="dimmed">
        {t('devicesAdmin:import.hint')}
      </Text>
      {exportFailed && (
        <Alert color="red" variant="light" role="alert">
          {t('devicesAdmin:import.exportFailed')}
        </Alert>
      )}
      {state.kind === 'failed' && (
        <Alert color="red" variant="light" role="alert" data-testid="import-failure">
          {state.message}
        </Alert>
      )}
      {preview && (
        <Stack gap="sm" data-testid="import-preview">
          <Text size="sm" data-testid="import-counts">
            {t('devicesAdmin:import.counts', {
              create: count('create'),
              update: count('update'),
              unchanged: count('unchanged'),
              errors: formatNumber(lng, preview.errors.length),
            })}
          </Text>
          {preview.errors.length > 0 && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={t('devicesAdmin:import.refused')}>
              <Table verticalSpacing={4} data-testid="import-errors">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('devicesAdmin:import.line')}</Table.Th>
                    <Table.Th>{t('devicesAdmin:import.column')}</Table.Th>
                    <Table.Th>{t('devicesAdmin:import.reason')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.errors.map((error) => (
                    <Table.Tr
                      key={`${error.line}:${error.field ?? ''}:${error.reason.code}`}
                      data-testid="import-error"
                    >
                      <Table.Td>{formatNumber(lng, error.line)}</Table.Td>
                      <Table.Td dir="ltr">{error.field ?? t('devicesAdmin:import.wholeRow')}</Table.Td>
                      <Table.Td>{importReasonText(error)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Alert>
          )}
          {listed.length > 0 && (
            <Table verticalSpacing={4} data-testid="import-rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('devicesAdmin:import.line')}</Table.Th>
                  <Table.Th>{t('devicesAdmin:import.device')}</Table.Th>
                  <Table.Th>{t('devicesAdmin:import.action')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shownRows.map((row) => (
                  <Table.Tr key={row.line} data-testid="import-row" data-action={row.action}>
                    <Table.Td>{formatNumber(lng, row.line)}</Table.Td>
                    <Table.Td dir="ltr">{row.deviceId}</Table.Td>
                    <Table.Td>
                      {row.action === 'create'
                        ? t('devicesAdmin:import.create')
                        : row.action === 'unchanged'
                          ? t('devicesAdmin:import.unchanged')
                          : t('devicesAdmin:import.update', { fields: changedFields(row.changes) })}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {listed.length > shownRows.length && (
            <Text size="sm" c="dimmed">
              {t('devicesAdmin:import.more', { count: formatNumber(lng, listed.length - shownRows.length) })}
            </Text>
          )}
          {state.kind === 'applied' ? (
            <Alert color="teal" variant="light" icon={<IconCircleCheck />} role="status" data-testid="import-applied">
              {t('devicesAdmin:import.applied')}
            </Alert>
          ) : preview.errors.length === 0 && changing.length > 0 ? (
            <Group>
              <Button onClick={() => state.kind === 'preview' && void apply(state.csv)} data-testid="import-apply">
                {t('devicesAdmin:import.apply')}
              </Button>
            </Group>
          ) : preview.errors.length === 0 ? (
            <Text size="sm">{t('devicesAdmin:import.nothing')}</Text>
          ) : (
            <Text size="sm">{t('devicesAdmin:import.fixFirst')}</Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
