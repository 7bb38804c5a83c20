// A user's live sessions (device, address, since when), and ending them all: the user's open pages are
// signed out and their sockets closed at once.
import { Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelativeTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { refusalText } from './refusal.ts';
import { type AdminUser, endSessions, listSessions, type UserSession } from './usersApi.ts';

interface Props {
  user: AdminUser;
  onEnded: () => void;
  onClose: () => void;
}

export function SessionsDialog({ user, onEnded, onClose }: Props) {
  const { t } = useTranslation(['usersAdmin', 'common']);
  const lng = useLanguage();
  const [sessions, setSessions] = useState<UserSession[] | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setSessions(await listSessions(user.id));
    } catch (caught) {
      setError(refusalText(caught));
    }
  }, [user.id]);
  useEffect(() => {
    void load();
  }, [load]);

  const endAll = async () => {
    setBusy(true);
    try {
      await endSessions(user.id);
      await load();
      onEnded();
    } catch (caught) {
      setError(refusalText(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('usersAdmin:sessions.title', { name: user.fullName })}
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
      data-testid="sessions-dialog"
    >
      <Stack gap="md">
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        {sessions === null ? (
          !error && <Loader aria-label={t('common:app.loading')} />
        ) : sessions.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="sessions-none">
            {t('usersAdmin:sessions.none')}
          </Text>
        ) : (
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('usersAdmin:sessions.device')}</Table.Th>
                <Table.Th>{t('usersAdmin:sessions.address')}</Table.Th>
                <Table.Th>{t('usersAdmin:sessions.since')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.map((s) => (
                <Table.Tr key={s.id} data-testid="session-row">
                  <Table.Td>
                    <Text size="sm" lineClamp={1} title={s.userAgent ?? ''}>
                      {s.userAgent ?? t('usersAdmin:sessions.unknown')}
                    </Text>
                  </Table.Td>
                  <Table.Td dir="ltr">{s.ip ?? '—'}</Table.Td>
                  <Table.Td title={formatDateTime(lng, s.createdAt)}>{formatRelativeTime(lng, s.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common:ui.close')}
          </Button>
          <Button
            color="red"
            loading={busy}
            disabled={!sessions || sessions.length === 0}
            onClick={() => void endAll()}
            data-testid="sessions-end-all"
          >
            {t('usersAdmin:sessions.endAll')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
