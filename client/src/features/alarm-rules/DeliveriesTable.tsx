// A webhook's deliveries, newest first: status (delivered green, failed red, pending yellow), what was
// sent, attempts, the last HTTP status or error, when the next attempt is due, and when it was created.
import { Alert, Badge, Table, Text } from '@mantine/core';
import type { Delivery } from '@voltscope/shared/alarms';
import { useTranslation } from 'react-i18next';
import { usePolled } from '../../data/usePolled.ts';
import { formatDateTimeSeconds, formatNumber, formatRetryDelay, formatUngrouped } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { deliveriesCall } from './alarmRulesApi.ts';

/** Retries change deliveries by themselves: they are polled while shown. */
const POLL_MS = 5000;

const statusColor: Record<Delivery['status'], string> = { delivered: 'green', failed: 'red', pending: 'yellow' };
const columns = ['status', 'kind', 'attempts', 'result', 'nextAttempt', 'created'] as const;

export function DeliveriesTable({ webhookId, version }: { webhookId: number; version: number }) {
  const { t } = useTranslation(['alarmRules', 'common']);
  const lng = useLanguage();
  const { data, error } = usePolled(deliveriesCall(webhookId), POLL_MS, version);
  const captionId = `deliveries-${webhookId}`;

  if (error !== null && !data) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('alarmRules:deliveries.loadError')}
      </Alert>
    );
  }
  if (data === null) return null;
  if (data.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="deliveries-empty">
        {t('alarmRules:deliveries.empty')}
      </Text>
    );
  }
  const now = Date.now();
  return (
    <>
      <Text size="sm" c="dimmed" id={captionId}>
        {t('alarmRules:deliveries.count', { n: formatNumber(lng, data.length) })}
      </Text>
      <Table.ScrollContainer minWidth={760} maxHeight={360}>
        <Table verticalSpacing={6} fz="sm" stickyHeader aria-labelledby={captionId} data-testid="deliveries">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c}>{t(`alarmRules:deliveries.columns.${c}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.map((d) => (
              <Table.Tr key={d.id} data-testid="delivery" data-status={d.status}>
                <Table.Td>
                  <Badge color={statusColor[d.status]} variant="light" tt="none">
                    {t(`alarmRules:deliveries.status.${d.status}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {d.kind === 'flood' || d.alarmId === null
                    ? t('alarmRules:deliveries.flood')
                    : t('alarmRules:deliveries.alarm', { id: formatUngrouped(lng, d.alarmId) })}
                </Table.Td>
                <Table.Td>{formatNumber(lng, d.attempts)}</Table.Td>
                <Table.Td>
                  {d.lastStatus !== null &&
                    t('alarmRules:deliveries.http', { status: formatUngrouped(lng, d.lastStatus) })}
                  {d.lastError !== null && d.lastStatus === null && (
                    <Text span inherit c="red" dir="ltr" lineClamp={2} title={d.lastError}>
                      {d.lastError}
                    </Text>
                  )}
                  {d.lastStatus === null && d.lastError === null && t('alarmRules:deliveries.notYet')}
                </Table.Td>
                <Table.Td>
                  {d.nextAttemptAt === null
                    ? d.deliveredAt !== null
                      ? t('alarmRules:deliveries.deliveredAt', { time: formatDateTimeSeconds(lng, d.deliveredAt) })
                      : t('alarmRules:none')
                    : formatRetryDelay(lng, Math.max(0, (d.nextAttemptAt - now) / 1000))}
                </Table.Td>
                <Table.Td>{formatDateTimeSeconds(lng, d.createdAt)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
