// An alarm flood at a site (ISA-18.2: more than 10 new alarms in 10 minutes for one operator): said
// plainly, with the way to focus on it.
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FLOOD_LIMIT, FLOOD_WINDOW_MS } from '../../alarmFeed/alarmFeed.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { IconAlertTriangle } from '../../ui/icons.tsx';

export function FloodBanner({ siteName, count, onShow }: { siteName: string; count: number; onShow: () => void }) {
  const { t } = useTranslation(['alarms', 'common']);
  const lng = useLanguage();
  return (
    <Alert
      color="orange"
      variant="light"
      role="alert"
      // The words in the text colour (contrast in both themes); the banner's colour and icon set it apart.
      styles={{
        title: { color: 'var(--mantine-color-text)' },
        root: { borderInlineStart: '4px solid var(--mantine-color-orange-filled)' },
      }}
      icon={<IconAlertTriangle size={20} />}
      title={t('alarms:flood.title', { site: siteName })}
      data-testid="flood-banner"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          {t('alarms:flood.text', {
            n: formatNumber(lng, count),
            limit: formatNumber(lng, FLOOD_LIMIT),
            minutes: formatNumber(lng, FLOOD_WINDOW_MS / 60_000),
          })}
        </Text>
        <Button size="compact-sm" variant="default" onClick={onShow}>
          {t('alarms:flood.show')}
        </Button>
      </Group>
    </Alert>
  );
}
