// The live single-line diagram page (`/sld/sl?site=…&device=…`): a site's diagram as it stands, live,
// with its legend and version line; clicking a symbol opens its side panel. `?device=` centres on a
// device and marks it (the "Show on diagram" links); admins edit the diagram at `?edit=1`.
import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { asSubject } from '@voltscope/shared/abilities';
import type { SldSymbol } from '@voltscope/shared/sld/model';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useResource } from '../../data/useResource.ts';
import { useSiteChoice } from '../../data/useSiteChoice.ts';
import { useUrlParam } from '../../data/useUrlParam.ts';
import { formatDateTime, localDigits } from '../../i18n/format.ts';
import { directionOf } from '../../i18n/language.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { useAbility } from '../../session/ability.ts';
import { ApiError, call, type Reply } from '../../session/api.ts';
import { SitePicker } from '../../ui/SitePicker.tsx';
import { Legend } from './Legend.tsx';
import { SldCanvas, useSiteIndex } from './SldCanvas.tsx';
import { SldSummary } from './SldSummary.tsx';
import { SymbolPanel } from './SymbolPanel.tsx';

const SldEditor = lazy(() => import('./editor/SldEditor.tsx').then((m) => ({ default: m.SldEditor })));

export function SldPage() {
  const { t } = useTranslation(['sld', 'common']);
  const { sites, list, site, choose } = useSiteChoice('all');
  const [asked] = useUrlParam('site');
  const [device, setDevice] = useUrlParam('device');
  const [edit, setEdit] = useUrlParam('edit');
  const ability = useAbility();

  if (sites.status === 'loading') return <Loader aria-label={t('sld:loading')} />;
  // A site named in the address that is not among the reader's: not theirs, or no such site.
  if (asked && !list.some((s) => s.id === asked)) {
    return (
      <Alert color="yellow" role="alert" data-testid="sld-error">
        {t('sld:notFound', { id: asked })}
      </Alert>
    );
  }
  if (!site) return <Text c="dimmed">{t('sld:noSites')}</Text>;
  const mayEdit = ability.can('update', asSubject('Diagram', { siteId: site.id }));
  if (edit === '1' && mayEdit) {
    return (
      <Suspense fallback={<Loader aria-label={t('sld:loading')} />}>
        <SldEditor
          siteId={site.id}
          onClose={() => setEdit(null)}
          renderPreview={(diagram) => <SldCanvas siteId={site.id} diagram={diagram} />}
        />
      </Suspense>
    );
  }
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" gap="md">
        <Title order={2} fw={600}>
          {t('sld:title')}
        </Title>
        <Group gap="sm" align="flex-end">
          <SitePicker
            label={t('sld:site')}
            sites={list}
            site={site}
            onChange={(id) => {
              setDevice(null);
              choose(id);
            }}
          />
          {mayEdit && (
            <Button
              component={Link}
              to={`?site=${encodeURIComponent(site.id)}&edit=1`}
              variant="default"
              data-testid="sld-edit"
            >
              {t('sld:edit')}
            </Button>
          )}
        </Group>
      </Group>
      <SiteDiagram key={site.id} siteId={site.id} highlight={device} />
    </Stack>
  );
}

type View = Reply<'GET /api/sites/:id/sld'>;

function SiteDiagram({ siteId, highlight }: { siteId: string; highlight: string | null }) {
  const { t } = useTranslation('sld');
  const lng = useLanguage();
  const view = useResource(call('GET /api/sites/:id/sld', { params: { id: siteId } }));
  // Fetched beside the diagram, not after it.
  const index = useSiteIndex(siteId);
  const [selected, setSelected] = useState<SldSymbol | null>(null);
  if (view.status === 'loading') return <Loader aria-label={t('loading')} />;
  if (view.status === 'error') {
    const status = view.error instanceof ApiError ? view.error.status : 0;
    return (
      <Alert color={status === 403 || status === 404 ? 'yellow' : 'red'} role="alert" data-testid="sld-error">
        {status === 403 || status === 404 ? t('notFound', { id: siteId }) : t('loadError')}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" data-testid="sld-version">
          {versionLine(view.data, t, lng)}
        </Text>
        {directionOf(lng) === 'rtl' && (
          <Text size="sm" c="dimmed" data-testid="sld-rtl-note">
            {t('rtlNote')}
          </Text>
        )}
      </Group>
      <SldSummary siteId={siteId} diagram={view.data.diagram} index={index} />
      <SldCanvas
        siteId={siteId}
        diagram={view.data.diagram}
        index={index}
        highlight={highlight}
        onSelect={setSelected}
      />
      <Legend />
      {highlight && (
        <Anchor component={Link} to={`?site=${encodeURIComponent(siteId)}`} size="sm">
          {t('clearHighlight')}
        </Anchor>
      )}
      <SymbolPanel siteId={siteId} symbol={selected} onClose={() => setSelected(null)} />
    </Stack>
  );
}

function versionLine(
  view: View,
  t: ReturnType<typeof useTranslation<'sld'>>['t'],
  lng: ReturnType<typeof useLanguage>,
) {
  if (view.generated || view.version === null) return t('version.generated');
  return t('version.saved', {
    version: localDigits(lng, String(view.version)),
    who: view.savedBy?.name ?? '—',
    when: view.savedAt ? formatDateTime(lng, view.savedAt) : '—',
  });
}
