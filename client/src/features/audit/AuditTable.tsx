// The entries of a page, newest first: time in the reader's zone and language, who, from where, the
// action in words, the target, the outcome. A row (or Enter on it) opens the entry's details.
import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatUngrouped } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { formatStamp, myTimeZone } from '../../logs/logTime.ts';
import { ScrollingTable } from '../../ui/ScrollingTable.tsx';
import classes from './audit.module.css';
import type { AuditEntry } from './auditApi.ts';
import { OutcomeBadge } from './OutcomeBadge.tsx';
import { useAuditWords } from './useAuditWords.ts';

/** What a request refused before its handler asked for (`PATCH /api/alarms/rules/7`): its path names the target. */
function RequestLine({ entry }: { entry: AuditEntry }) {
  const line = entry.details.request;
  return typeof line === 'string' ? <span className={classes.address}>{line}</span> : null;
}

export function AuditTable({ entries, onOpen }: { entries: readonly AuditEntry[]; onOpen: (e: AuditEntry) => void }) {
  const { t } = useTranslation(['audit']);
  const lng = useLanguage();
  const words = useAuditWords();
  const zone = myTimeZone();
  const head = (
    <>
      <Table.Th>{t('audit:columns.time')}</Table.Th>
      <Table.Th>{t('audit:columns.actor')}</Table.Th>
      <Table.Th>{t('audit:columns.ip')}</Table.Th>
      <Table.Th>{t('audit:columns.action')}</Table.Th>
      <Table.Th>{t('audit:columns.target')}</Table.Th>
      <Table.Th>{t('audit:columns.outcome')}</Table.Th>
    </>
  );
  return (
    <ScrollingTable minWidth={860} head={head} highlightOnHover verticalSpacing="xs" data-testid="audit-table">
      {entries.map((entry) => {
        const action = words.action(entry.action);
        return (
          <Table.Tr
            key={entry.seq}
            className={classes.row}
            tabIndex={0}
            aria-label={t('audit:details.open', { seq: formatUngrouped(lng, entry.seq), action })}
            data-seq={entry.seq}
            data-action={entry.action}
            onClick={() => onOpen(entry)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                onOpen(entry);
              }
            }}
          >
            <Table.Td className={classes.nowrap}>{formatStamp(lng, zone, entry.at)}</Table.Td>
            <Table.Td data-value>{words.actor(entry)}</Table.Td>
            <Table.Td data-value>
              <span className={classes.address}>{entry.ip ?? ''}</span>
            </Table.Td>
            <Table.Td>{action}</Table.Td>
            <Table.Td>
              <span data-value>{entry.targetName || entry.targetId || <RequestLine entry={entry} />}</span>
              {entry.targetType && (
                <Text span size="xs" c="dimmed" className={classes.kind}>
                  {words.targetType(entry.targetType)}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <OutcomeBadge outcome={entry.outcome} />
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ScrollingTable>
  );
}
