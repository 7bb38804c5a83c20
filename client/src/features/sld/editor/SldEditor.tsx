// The diagram editor (admins). Its contract with the page, fixed so that the page and the editor can be
// built apart: the page renders it for `?edit=1` when the user may `update` the `Diagram`, and hands it
// `renderPreview` (the live canvas) so that a draft can be seen with live data before it is published.
// This file loads what the editor starts from (the diagram as it stands, the site's devices); the
// editing itself is EditorScreen's.

import { Center, Loader } from '@mantine/core';
import type { Diagram } from '@voltscope/shared/sld/model';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/serverErrors.ts';
import { ApiError } from '../../../session/api.ts';
import { RetryAlert } from '../../../ui/RetryAlert.tsx';
import { EditorScreen } from './EditorScreen.tsx';
import { listSiteDevices, loadDiagram, type SiteDevice, type SldViewReply } from './editorApi.ts';

export interface SldEditorProps {
  siteId: string;
  /** Leaves the editor (back to the live diagram). */
  onClose: () => void;
  /** The live canvas drawing `diagram` with the site's live data. */
  renderPreview: (diagram: Diagram) => ReactNode;
}

interface Loaded {
  view: SldViewReply;
  devices: SiteDevice[];
}

export function SldEditor({ siteId, onClose, renderPreview }: SldEditorProps) {
  const { t } = useTranslation('sldEditor');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const load = useCallback(async () => {
    const [view, devices] = await Promise.all([loadDiagram(siteId), listSiteDevices(siteId)]);
    // Only devices in service may be drawn (the hub checks the same list).
    return { view, devices: devices.filter((d) => d.decommissionedAt === null) };
  }, [siteId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry button's way to load again
  useEffect(() => {
    let live = true;
    setError(null);
    load().then(
      (next) => live && setLoaded(next),
      (e: unknown) => live && setError(e instanceof ApiError ? errorText(e.body) : t('loadFailed')),
    );
    return () => {
      live = false;
    };
  }, [load, t, attempt]);

  if (error) return <RetryAlert message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!loaded)
    return (
      <Center h={200}>
        <Loader />
      </Center>
    );
  return (
    <EditorScreen
      // A reload (after another admin's save) starts a fresh editor on the newest version.
      key={loaded.view.version ?? 'generated'}
      siteId={siteId}
      start={loaded.view}
      devices={loaded.devices}
      onClose={onClose}
      renderPreview={renderPreview}
      onReload={async () => setLoaded(await load())}
    />
  );
}
