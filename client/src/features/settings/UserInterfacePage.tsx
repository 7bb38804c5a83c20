import { Button, Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../../app/customizer/SettingsForm.tsx';
import { isDefault } from '../../app/settings/layoutSettings.ts';
import { settingsStore, useSettings } from '../../app/settings/settingsStore.ts';
import { IconRefresh } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';

/** Settings › User Interface: the customizer's settings as a page (each section reachable by #hash). */
export function UserInterfacePage() {
  const { t } = useTranslation(['shell', 'common']);
  const atDefaults = useSettings(isDefault);
  return (
    <>
      <PageHeader
        title={t('shell:settings.title')}
        subtitle={t('shell:settings.subtitle')}
        actions={
          <Button
            variant="light"
            leftSection={<IconRefresh size={16} />}
            onClick={() => settingsStore.reset()}
            disabled={atDefaults}
          >
            {t('shell:customizer.reset')}
          </Button>
        }
      />
      <Card maw={880} data-testid="ui-settings">
        <SettingsForm />
      </Card>
    </>
  );
}
