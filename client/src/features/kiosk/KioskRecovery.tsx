// A wall never keeps an error on screen. A page that fails to render is tried again after RETRY_MS (a
// render error boundary around the page); a failure the router catches (a page's code that did not load,
// after a deploy or while the hub restarts) reloads the wall once the hub answers again.
import { Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { IconAlertTriangle } from '../../ui/icons.tsx';

const RETRY_MS = 10_000;

/** The failure notice with its countdown; `onRetry` runs when it reaches zero. */
function RetryNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation(['kiosk']);
  const lng = useLanguage();
  const [left, setLeft] = useState(RETRY_MS / 1000);
  useEffect(() => {
    const timer = setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    const retry = setTimeout(onRetry, RETRY_MS);
    return () => {
      clearInterval(timer);
      clearTimeout(retry);
    };
  }, [onRetry]);
  return (
    <Center mih="70vh" p="xl" data-testid="kiosk-recovery">
      <Stack align="center" gap="sm" ta="center">
        <IconAlertTriangle size={64} color="var(--mantine-color-orange-6)" />
        <Title order={2}>{t('kiosk:recovery.title')}</Title>
        <Text c="dimmed">{t('kiosk:recovery.retry', { s: formatNumber(lng, left) })}</Text>
      </Stack>
    </Center>
  );
}

interface BoundaryProps {
  children: ReactNode;
}

/** Around the page on screen: a render error shows the notice, then the page is drawn again. */
export class KioskPageBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  #retry = () => this.setState({ failed: false });

  override render() {
    return this.state.failed ? <RetryNotice onRetry={this.#retry} /> : this.props.children;
  }
}

/** Reloads the wall once the hub answers (a reload while it is down would leave the browser's own error). */
async function reloadWhenUp(): Promise<boolean> {
  try {
    const response = await fetch('/api/health', { cache: 'no-store' });
    if (response.status >= 500 && response.status !== 503) return false;
    window.location.reload();
    return true;
  } catch {
    return false;
  }
}

/** The router's error element for a wall: the notice, then a reload when the hub is back. */
export function KioskRouteError() {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    void reloadWhenUp().then((done) => {
      if (!done) setAttempt((n) => n + 1);
    });
  }, []);
  return <RetryNotice key={attempt} onRetry={retry} />;
}
