import { Alert, Button, Card, Group, Modal, Table, Text } from '@mantine/core';
import type { ActiveSession } from '@voltscope/shared/account';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime, formatRelativeTime } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { logout } from '../../session/api.ts';
import { sessionStore } from '../../session/sessionStore.ts';
import { IconLogout } from '../../ui/icons.tsx';
import { ResourceView } from '../../ui/ResourceView.tsx';
import { TitleAndSubtitle } from '../../ui/TitleAndSubtitle.tsx';
import { signOutEverywhere, signOutSession, useActiveSessions } from './accountApi.ts';
import { SessionDevice } from './SessionDevice.tsx';

/** The account's live sessions: sign out one of them, or all of them (this one included). */
export function SessionsCard() {
  const { t } = useTranslation(['account', 'common']);
  const lng = useLanguage();
  const navigate = useNavigate();
  const sessions = useActiveSessions();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [failed, setFailed] = useState(false);

  const leave = async () => {
    sessionStore.signOut();
    await navigate('/login', { replace: true });
  };

  const signOut = async (session: ActiveSession) => {
    setBusy(session.id);
    setFailed(false);
    try {
      if (session.current) {
        await logout();
        return void (await navigate('/login', { replace: true }));
      }
      await signOutSession(session.id);
      sessions.reload();
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };

  const everywhere = async () => {
    setBusy('all');
    try {
      await signOutEverywhere();
      await leave();
    } catch {
      setFailed(true);
      setBusy(null);
      setConfirming(false);
    }
  };

  return (
    <Card id="sessions">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <div>
          <TitleAndSubtitle look="card" title={t('account:sessions.title')} subtitle={t('account:sessions.subtitle')} />
        </div>
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} mirror />}
          onClick={() => setConfirming(true)}
          data-testid="sign-out-everywhere"
        >
          {t('account:sessions.everywhere')}
        </Button>
      </Group>

      {failed && (
        <Alert color="red" variant="light" role="alert" mb="md">
          {t('common:ui.error')}
        </Alert>
      )}
      <ResourceView resource={sessions} skeletonHeight={120} errorText={t('account:sessions.loadError')}>
        {(list) => (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" data-testid="sessions-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('account:sessions.device')}</Table.Th>
                  <Table.Th>{t('account:sessions.address')}</Table.Th>
                  <Table.Th>{t('account:sessions.signedIn')}</Table.Th>
                  <Table.Th>{t('account:sessions.expires')}</Table.Th>
                  <Table.Th>
                    <span className="vs-sr-only">{t('account:sessions.actions')}</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((session) => (
                  <Table.Tr key={session.id} data-testid="session-row" data-current={session.current || undefined}>
                    <Table.Td>
                      <SessionDevice session={session} />
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" dir="ltr" component="bdi">
                        {session.ip ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" title={formatDateTime(lng, session.createdAt)}>
                        {formatRelativeTime(lng, session.createdAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(lng, session.expiresAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        loading={busy === session.id}
                        onClick={() => void signOut(session)}
                      >
                        {session.current ? t('account:sessions.signOutThis') : t('account:sessions.signOut')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </ResourceView>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('account:sessions.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('common:ui.close') }}
        centered
      >
        <Text size="sm" mb="lg">
          {t('account:sessions.confirmText')}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('common:ui.cancel')}
          </Button>
          <Button
            color="red.8"
            loading={busy === 'all'}
            onClick={() => void everywhere()}
            data-testid="confirm-everywhere"
          >
            {t('account:sessions.everywhere')}
          </Button>
        </Group>
      </Modal>
    </Card>
  );
}
