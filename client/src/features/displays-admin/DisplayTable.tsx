// The registered displays: name, sites, playlist length, whether a wall is bound (or a code waits, until
// when), whether it is online now and when it was last seen; and what an admin does with each.
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { Site } from '@voltscope/shared/domain';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatList, formatNumber, formatRelativeTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { IconLock, IconPencil, IconRefresh, IconTrash } from '../../ui/icons.tsx';
import { ScrollingTable } from '../../ui/ScrollingTable.tsx';
import type { DisplayView } from './displaysApi.ts';

export type DisplayAction = 'edit' | 'pairing' | 'revoke' | 'delete';

interface Props {
  displays: readonly DisplayView[];
  sites: readonly Site[];
  onAction: (action: DisplayAction, display: DisplayView) => void;
}

function PairingState({ display }: { display: DisplayView }) {
  const { t } = useTranslation(['displays']);
  const lng = useLanguage();
  if (display.paired) {
    return (
      <Badge color="teal" variant="light" tt="none">
        {t('displays:state.paired')}
      </Badge>
    );
  }
  if (display.pairingExpiresAt !== null) {
    return (
      <Stack gap={2}>
        <Badge color="yellow" variant="light" tt="none">
          {t('displays:state.waiting')}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('displays:state.codeUntil', { time: formatDateTime(lng, display.pairingExpiresAt) })}
        </Text>
      </Stack>
    );
  }
  return (
    <Badge color="gray" variant="outline" tt="none">
      {t('displays:state.notPaired')}
    </Badge>
  );
}

export function DisplayTable({ displays, sites, onAction }: Props) {
  const { t } = useTranslation(['displays']);
  const lng = useLanguage();
  const siteName = (id: string) => sites.find((s) => s.id === id)?.name ?? id;
  const head = (
    <>
      <Table.Th>{t('displays:columns.name')}</Table.Th>
      <Table.Th>{t('displays:columns.sites')}</Table.Th>
      <Table.Th>{t('displays:columns.playlist')}</Table.Th>
      <Table.Th>{t('displays:columns.pairing')}</Table.Th>
      <Table.Th>{t('displays:columns.online')}</Table.Th>
      <Table.Th>{t('displays:columns.lastSeen')}</Table.Th>
      <Table.Th>{t('displays:columns.actions')}</Table.Th>
    </>
  );
  return (
    <ScrollingTable minWidth={1000} head={head} verticalSpacing="sm" data-testid="display-table">
      {displays.map((display) => (
        <Table.Tr key={display.id} data-testid="display-row" data-display-id={display.id}>
          <Table.Td fw={600} data-testid="display-row-name">
            {display.name}
          </Table.Td>
          <Table.Td data-testid="display-row-sites">{formatList(lng, display.siteIds.map(siteName))}</Table.Td>
          <Table.Td data-testid="display-row-items">{formatNumber(lng, display.playlist.length)}</Table.Td>
          <Table.Td data-testid="display-row-pairing">
            <PairingState display={display} />
          </Table.Td>
          <Table.Td data-testid="display-row-online">
            {display.online ? (
              <Badge color="teal" tt="none">
                {t('displays:state.online')}
              </Badge>
            ) : (
              <Text size="sm" c="dimmed">
                {t('displays:state.offline')}
              </Text>
            )}
          </Table.Td>
          <Table.Td data-testid="display-row-seen">
            {display.lastSeenAt === null ? (
              <Text size="sm" c="dimmed">
                {t('displays:state.never')}
              </Text>
            ) : (
              <Text size="sm" title={formatDateTime(lng, display.lastSeenAt)}>
                {formatRelativeTime(lng, display.lastSeenAt)}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPencil size={14} />}
                onClick={() => onAction('edit', display)}
                aria-label={t('displays:actions.editLabel', { name: display.name })}
                data-testid="display-edit"
              >
                {t('displays:actions.edit')}
              </Button>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconRefresh size={14} />}
                onClick={() => onAction('pairing', display)}
                aria-label={t('displays:actions.pairingLabel', { name: display.name })}
                data-testid="display-pairing"
              >
                {t('displays:actions.pairing')}
              </Button>
              <Button
                variant="subtle"
                size="compact-sm"
                color="orange"
                leftSection={<IconLock size={14} />}
                disabled={!display.paired && display.pairingExpiresAt === null}
                onClick={() => onAction('revoke', display)}
                aria-label={t('displays:actions.revokeLabel', { name: display.name })}
                data-testid="display-revoke"
              >
                {t('displays:actions.revoke')}
              </Button>
              <Button
                variant="subtle"
                size="compact-sm"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => onAction('delete', display)}
                aria-label={t('displays:actions.deleteLabel', { name: display.name })}
                data-testid="display-delete"
              >
                {t('displays:actions.delete')}
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ScrollingTable>
  );
}
