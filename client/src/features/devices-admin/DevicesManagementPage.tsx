// Devices Management (/devices/management, admins): every site in one table, and under it the chosen
// site's devices as its electrical tree, its CSV import and export, and its ingest keys. The site is kept
// in the address (`?site=`), so a reload or a link shows the same one. A tab is drawn afresh each time it
// is opened, so the tree read after an import shows what the import wrote.
import { Button, Card, Loader, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useKept } from '../../data/useKept.ts';
import { useUrlParam } from '../../data/useUrlParam.ts';
import { call } from '../../session/api.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { IconPlus } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { Announcement, refused, type Said, said } from './Announcement.tsx';
import { decommissionSite, deleteSite, type ManagedSite, restoreSite } from './fleetAdminApi.ts';
import { ImportPanel } from './ImportPanel.tsx';
import { IngestKeys } from './IngestKeys.tsx';
import { refusalText } from './refusal.ts';
import { SiteDevices } from './SiteDevices.tsx';
import { SiteForm } from './SiteForm.tsx';
import { type SiteAction, SiteTable } from './SiteTable.tsx';
import { createOrUpdate, newSiteDraft, siteDraftOf } from './siteDraft.ts';

type Dialog =
  | { kind: 'form'; site: ManagedSite | null }
  | { kind: 'confirm'; action: 'decommission' | 'delete'; site: ManagedSite };

export function DevicesManagementPage() {
  const { t } = useTranslation(['devicesAdmin', 'common']);
  const sites = useKept(call('GET /api/admin/sites'));
  const types = useKept(call('GET /api/device-types'));
  const [siteId, setSiteId] = useUrlParam('site');
  const [tab, setTab] = useState<string | null>('devices');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [announcement, setAnnouncement] = useState<Said | null>(null);
  const close = () => setDialog(null);
  const list = sites.data ?? [];
  const chosen = list.find((s) => s.id === siteId) ?? null;

  const done = (key: 'siteSaved' | 'decommissioned' | 'restored' | 'deleted', name: string) => {
    setAnnouncement(said(t(`devicesAdmin:announce.${key}`, { name })));
    sites.reload();
    close();
  };

  const onAction = (action: SiteAction, site: ManagedSite) => {
    if (action === 'edit') setDialog({ kind: 'form', site });
    else if (action === 'restore') {
      restoreSite(site.id).then(
        () => done('restored', site.name),
        (caught: unknown) => setAnnouncement(refused(refusalText(caught))),
      );
    } else setDialog({ kind: 'confirm', action, site });
  };

  const confirmed = async (action: 'decommission' | 'delete', site: ManagedSite) => {
    try {
      if (action === 'delete') {
        await deleteSite(site.id);
        if (siteId === site.id) setSiteId(null);
      } else await decommissionSite(site.id);
      done(action === 'delete' ? 'deleted' : 'decommissioned', site.name);
    } catch (caught) {
      setAnnouncement(refused(refusalText(caught)));
      close();
    }
  };

  return (
    <>
      <PageHeader
        title={t('devicesAdmin:title')}
        subtitle={t('devicesAdmin:subtitle')}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ kind: 'form', site: null })}
            data-testid="site-new"
          >
            {t('devicesAdmin:sites.add')}
          </Button>
        }
      />
      <Announcement said={announcement} testId="announcement" />
      {sites.error !== null && sites.data === null ? (
        <RetryAlert message={t('devicesAdmin:sites.loadError')} onRetry={sites.reload} />
      ) : sites.data === null ? (
        <Loader aria-label={t('common:app.loading')} />
      ) : (
        <Card withBorder padding="sm" mb="lg">
          <SiteTable sites={list} selected={chosen?.id ?? null} onSelect={setSiteId} onAction={onAction} />
        </Card>
      )}

      {chosen === null ? (
        sites.data !== null && <Text c="dimmed">{t('devicesAdmin:sites.choose')}</Text>
      ) : (
        <Card withBorder padding="md" data-testid="site-panel">
          <Title order={3} size="h4" mb="sm">
            {chosen.name}
          </Title>
          <Tabs value={tab} onChange={setTab} keepMounted={false}>
            <Tabs.List mb="md">
              <Tabs.Tab value="devices" data-testid="tab-devices">
                {t('devicesAdmin:tabs.devices')}
              </Tabs.Tab>
              <Tabs.Tab value="csv" data-testid="tab-csv">
                {t('devicesAdmin:tabs.csv')}
              </Tabs.Tab>
              <Tabs.Tab value="keys" data-testid="tab-keys">
                {t('devicesAdmin:tabs.keys')}
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="devices">
              {types.data === null ? (
                types.error !== null ? (
                  <RetryAlert message={t('devicesAdmin:devices.loadError')} onRetry={types.reload} />
                ) : (
                  <Loader aria-label={t('common:app.loading')} />
                )
              ) : (
                <SiteDevices key={chosen.id} siteId={chosen.id} types={types.data} onChanged={sites.reload} />
              )}
            </Tabs.Panel>
            <Tabs.Panel value="csv">
              <ImportPanel key={chosen.id} siteId={chosen.id} onApplied={sites.reload} />
            </Tabs.Panel>
            <Tabs.Panel value="keys">
              <IngestKeys key={chosen.id} siteId={chosen.id} />
            </Tabs.Panel>
          </Tabs>
        </Card>
      )}

      {dialog?.kind === 'form' && (
        <SiteForm
          editing={dialog.site}
          initial={dialog.site ? siteDraftOf(dialog.site) : newSiteDraft()}
          onClose={close}
          onSave={async (body) => {
            const saved = await createOrUpdate(dialog.site?.id ?? null, body);
            done('siteSaved', saved.name);
            if (!dialog.site) setSiteId(saved.id);
          }}
        />
      )}
      {dialog?.kind === 'confirm' && (
        <ConfirmDialog
          title={t(`devicesAdmin:confirmSite.${dialog.action}.title`, { name: dialog.site.name })}
          text={t(`devicesAdmin:confirmSite.${dialog.action}.text`)}
          confirm={t(`devicesAdmin:confirmSite.${dialog.action}.confirm`)}
          onConfirm={() => confirmed(dialog.action, dialog.site)}
          onClose={close}
        />
      )}
    </>
  );
}
