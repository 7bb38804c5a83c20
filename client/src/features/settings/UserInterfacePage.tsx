import { Card } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResetSettingsButton } from '../../app/customizer/ResetSettingsButton.tsx';
import { SettingsForm } from '../../app/customizer/SettingsForm.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';

/** Settings › User Interface: the customizer's settings as a page (each section reachable by #hash). */
export function UserInterfacePage() {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <>
      <PageHeader
        title={t('shell:settings.title')}
        subtitle={t('shell:settings.subtitle')}
        actions={<ResetSettingsButton />}
      />
      <Card maw={880} data-testid="ui-settings">
        <SettingsForm />
      </Card>
    </>
  );
}
