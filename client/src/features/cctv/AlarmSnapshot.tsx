// The picture the covering camera took when an alarm was raised (GET /api/alarms/:id/snapshot.jpg), in
// the alarm console's detail pane. The route takes the bearer header only, so the picture is fetched as a
// blob and shown through an object URL (revoked when it is replaced or the pane closes). No snapshot
// (404: no camera covers the device, or none was taken) shows nothing.
import { Image, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionStore } from '../../session/sessionStore.ts';

export function AlarmSnapshot({ alarmId }: { alarmId: number }) {
  const { t, ready } = useTranslation('cctv', { useSuspense: false });
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let url: string | null = null;
    setSrc(null);
    const token = sessionStore.getState().accessToken;
    fetch(`/api/alarms/${alarmId}/snapshot.jpg`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      signal: controller.signal,
    })
      .then(async (response) => {
        if (!response.ok || !response.headers.get('content-type')?.startsWith('image/')) return;
        url = URL.createObjectURL(await response.blob());
        if (controller.signal.aborted) URL.revokeObjectURL(url);
        else setSrc(url);
      })
      .catch(() => {});
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [alarmId]);

  if (!src || !ready) return null;
  return (
    <Stack gap={4} data-testid="alarm-snapshot">
      <Text size="sm" fw={600}>
        {t('snapshot.title')}
      </Text>
      <Image src={src} alt={t('snapshot.alt')} radius="sm" maw={480} />
    </Stack>
  );
}
