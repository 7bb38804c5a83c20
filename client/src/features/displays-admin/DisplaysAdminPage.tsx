// Wall displays (/admin/displays, admins): the registry of kiosk screens. Register one (name, sites,
// playlist) and get its one-time pairing code; edit it (the running wall follows at once); give it a
// new code; revoke it (the wall stops at once) or remove it. The list refreshes itself every half
// minute, so that "online" and "last seen" stay true while the page is open.
import { Button, Group, Loader, Text } from '@mantine/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sortSites, useSites } from '../../data/sites.ts';
import { useEditableList } from '../../data/useEditableList.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyCard } from '../../ui/EmptyCard.tsx';
import { IconDeviceDesktop, IconPlus, IconRefresh } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { DisplayForm } from './DisplayForm.tsx';
import { type DisplayAction, DisplayTable } from './DisplayTable.tsx';
import { draftOf, newDraft } from './displayDraft.ts';
import {
  type DisplayView,
  deleteDisplay,
  listDisplays,
  newPairingCode,
  type PairingCode,
  registerDisplay,
  revokeDisplay,
  updateDisplay,
} from './displaysApi.ts';
import { PairingCodeDialog } from './PairingCodeDialog.tsx';
import { saveFailure } from './saveFailure.ts';

const REFRESH_MS = 30_000;

type Dialog =
  | { kind: 'form'; display: DisplayView | null }
  | { kind: 'pairing'; pairing: PairingCode }
  | { kind: 'confirm'; action: 'revoke' | 'delete'; display: DisplayView };

export function DisplaysAdminPage() {
  const { t } = useTranslation(['displays', 'common']);
  const lng = useLanguage();
  const displays = useEditableList(listDisplays);
  const sites = useSites();
  const siteList = sites.status === 'ready' ? sortSites(sites.data, lng) : [];
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const close = useCallback(() => setDialog(null), []);
  const { reload } = displays;

  useEffect(() => {
    const timer = setInterval(reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);

  /** Runs an action from the list; a refusal is said in the announcement line. */
  const attempt = async (name: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (caught) {
      setAnnouncement(
        t('displays:announce.failed', { name, reason: t(`displays:failure.${saveFailure(caught).key}`) }),
      );
    }
  };

  const onAction = (action: DisplayAction, display: DisplayView) => {
    if (action === 'edit') setDialog({ kind: 'form', display });
    else if (action === 'pairing') {
      void attempt(display.name, async () => {
        const pairing = await newPairingCode(display.id);
        displays.put(pairing.display);
        setDialog({ kind: 'pairing', pairing });
      });
    } else setDialog({ kind: 'confirm', action, display });
  };

  const confirmed = async (action: 'revoke' | 'delete', display: DisplayView) => {
    await attempt(display.name, async () => {
      if (action === 'revoke') displays.put(await revokeDisplay(display.id));
      else {
        await deleteDisplay(display.id);
        displays.drop(display.id);
      }
      setAnnouncement(t(`displays:announce.${action === 'revoke' ? 'revoked' : 'deleted'}`, { name: display.name }));
    });
    close();
  };

  const loading = displays.items === null || sites.status === 'loading';

  return (
    <>
      <PageHeader
        title={t('displays:title')}
        subtitle={t('displays:subtitle')}
        actions={
          <Group gap="sm">
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={reload} data-testid="refresh">
              {t('displays:refresh')}
            </Button>
            <Button
              leftSection={<IconPlus size={16} />}
              disabled={sites.status !== 'ready'}
              onClick={() => setDialog({ kind: 'form', display: null })}
              data-testid="display-new"
            >
              {t('displays:register')}
            </Button>
          </Group>
        }
      />
      <Text role="status" size="sm" mb={announcement ? 'sm' : 0} data-testid="announcement">
        {announcement}
      </Text>
      {displays.error !== null ? (
        <RetryAlert message={t('displays:loadError')} onRetry={reload} />
      ) : sites.status === 'error' ? (
        <RetryAlert message={t('displays:loadError')} onRetry={sites.reload} />
      ) : loading ? (
        <Loader aria-label={t('common:app.loading')} />
      ) : displays.items?.length === 0 ? (
        <EmptyCard
          icon={<IconDeviceDesktop />}
          title={t('displays:empty.title')}
          description={t('displays:empty.text')}
          testId="displays-empty"
        />
      ) : (
        <DisplayTable displays={displays.items ?? []} sites={siteList} onAction={onAction} />
      )}

      {dialog?.kind === 'form' && (
        <DisplayForm
          editing={dialog.display}
          initial={dialog.display ? draftOf(dialog.display) : newDraft(lng)}
          sites={siteList}
          onClose={close}
          onSave={async (body) => {
            const editing = dialog.display;
            if (editing) {
              displays.put(await updateDisplay(editing.id, body));
              setAnnouncement(t('displays:announce.saved', { name: body.name }));
              close();
            } else {
              const pairing = await registerDisplay(body);
              displays.put(pairing.display);
              setAnnouncement(t('displays:announce.registered', { name: body.name }));
              setDialog({ kind: 'pairing', pairing });
            }
          }}
        />
      )}
      {dialog?.kind === 'pairing' && <PairingCodeDialog pairing={dialog.pairing} onClose={close} />}
      {dialog?.kind === 'confirm' && (
        <ConfirmDialog
          title={t(`displays:confirm.${dialog.action}.title`, { name: dialog.display.name })}
          text={t(`displays:confirm.${dialog.action}.text`)}
          confirm={t(`displays:confirm.${dialog.action}.confirm`)}
          onConfirm={() => confirmed(dialog.action, dialog.display)}
          onClose={close}
        />
      )}
    </>
  );
}
