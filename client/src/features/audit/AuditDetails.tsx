// One entry in full: when, who, from where, the target and the outcome, then what changed as a list of
// fields with the value before and after (changed ones marked), and any other detail the action kept.
import { Badge, Drawer, Stack, Table, Text } from '@mantine/core';
import { type ReasonCode, reasonCodes } from '@voltscope/shared/errors';
import { useTranslation } from 'react-i18next';
import { formatUngrouped } from '../../i18n/format.ts';
import { reasonText } from '../../i18n/serverErrors.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { formatOffset, formatStamp, myTimeZone } from '../../logs/logTime.ts';
import classes from './audit.module.css';
import type { AuditEntry } from './auditApi.ts';
import { fieldChanges, otherDetails, valueText } from './auditView.ts';
import { OutcomeBadge } from './OutcomeBadge.tsx';
import { useAuditWords } from './useAuditWords.ts';

/** A refusal's reason as the hub stored it: worded like the refusal the user saw. */
const isReasonCode = (value: unknown): value is ReasonCode => (reasonCodes as readonly unknown[]).includes(value);

/** Details the hub keeps beside the changes, with words of their own; any other key shows as stored. */
const detailKeys = ['method', 'count', 'throughSeq', 'olderThan'] as const;
const signInMethods = ['password', 'totp', 'recoveryCode'] as const;
const signInReasons = ['unknownUser', 'wrongPassword', 'disabled'] as const;
const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T =>
  (list as readonly unknown[]).includes(value);

/** One detail beside the changes: its name and its value, in words where the app has them. */
function OtherDetail({ name, value }: { name: string; value: unknown }) {
  const { t } = useTranslation(['audit']);
  const label =
    name === 'reason' ? t('audit:details.reason') : isOneOf(detailKeys, name) ? t(`audit:details.keys.${name}`) : name;
  let shown: React.ReactNode;
  if (name === 'reason' && isReasonCode(value)) shown = reasonText({ code: value });
  else if (name === 'reason' && isOneOf(signInReasons, value)) shown = t(`audit:details.signInReasons.${value}`);
  else if (name === 'method' && isOneOf(signInMethods, value)) shown = t(`audit:details.methods.${value}`);
  else shown = <Value field={name === 'olderThan' ? 'olderThanAt' : name} value={value} />;
  return (
    <Text size="sm">
      <Badge variant="default" tt="none" me="xs">
        {label}
      </Badge>
      {shown}
    </Text>
  );
}

/** A value as text; an instant (a field named …At or …Until holding epoch ms) as a time in the reader's zone. */
function Value({ field, value }: { field: string; value: unknown }) {
  const { t } = useTranslation(['audit']);
  const lng = useLanguage();
  if (typeof value === 'number' && /(At|Until)$/.test(field) && value > 1e11) {
    return <span>{formatStamp(lng, myTimeZone(), value)}</span>;
  }
  const text = valueText(value);
  return text ? (
    <span className={classes.value}>{text}</span>
  ) : (
    <Text span c="dimmed">
      {t('audit:details.empty')}
    </Text>
  );
}

function Facts({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation(['audit']);
  const lng = useLanguage();
  const words = useAuditWords();
  const zone = myTimeZone();
  const rows: [string, React.ReactNode][] = [
    [t('audit:details.when'), `${formatStamp(lng, zone, entry.at)} (${formatOffset(lng, zone, entry.at)})`],
    [t('audit:details.who'), words.actor(entry)],
    [
      t('audit:details.address'),
      <span key="ip" className={classes.address}>
        {entry.ip ?? ''}
      </span>,
    ],
    [
      t('audit:details.target'),
      [words.targetType(entry.targetType), entry.targetName, entry.targetId && `#${entry.targetId}`]
        .filter(Boolean)
        .join(' · '),
    ],
    [t('audit:details.outcome'), <OutcomeBadge key="outcome" outcome={entry.outcome} />],
  ];
  return (
    <Table variant="vertical" withTableBorder layout="fixed">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w="30%">{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation(['audit']);
  const { before, after } = entry.details;
  const changes = fieldChanges(before, after);
  // A creation or a removal changes every field: only an update's changed fields are marked.
  const update = before !== null && before !== undefined && after !== null && after !== undefined;
  const shown = update ? [...changes.filter((c) => c.changed), ...changes.filter((c) => !c.changed)] : changes;
  if (changes.length === 0) return <Text c="dimmed">{t('audit:details.noChanges')}</Text>;
  return (
    <Table withTableBorder data-testid="audit-changes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('audit:details.field')}</Table.Th>
          <Table.Th>{t('audit:details.before')}</Table.Th>
          <Table.Th>{t('audit:details.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {shown.map((change) => (
          <Table.Tr
            key={change.field}
            className={update && change.changed ? classes.changed : undefined}
            data-field={change.field}
            data-changed={change.changed}
          >
            <Table.Td>
              <span className={classes.address}>{change.field}</span>
            </Table.Td>
            <Table.Td>
              <Value field={change.field} value={change.before} />
            </Table.Td>
            <Table.Td>
              <Value field={change.field} value={change.after} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function AuditDetails({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation(['audit']);
  const words = useAuditWords();
  const lng = useLanguage();
  const others = entry ? otherDetails(entry.details) : [];
  return (
    <Drawer
      opened={entry !== null}
      onClose={onClose}
      // Mantine turns left and right around in right-to-left pages: 'right' is the inline end.
      position="right"
      size="lg"
      title={
        entry
          ? `${t('audit:details.title', { seq: formatUngrouped(lng, entry.seq) })} · ${words.action(entry.action)}`
          : ''
      }
      closeButtonProps={{ 'aria-label': t('audit:details.close') }}
      data-testid="audit-details"
    >
      {entry && (
        <Stack gap="md">
          <Facts entry={entry} />
          <Text fw={600}>{t('audit:details.changes')}</Text>
          <Changes entry={entry} />
          {others.length > 0 && (
            <>
              <Text fw={600}>{t('audit:details.other')}</Text>
              <Stack gap={4}>
                {others.map(([key, value]) => (
                  <OtherDetail key={key} name={key} value={value} />
                ))}
              </Stack>
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
