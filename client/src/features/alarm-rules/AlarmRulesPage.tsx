// Alarm rules and notifications (/alarm/rules, admins): the rules by device type with their device
// overrides, edited in place; and the webhooks that are told of new alarms, with their deliveries.
// The tab is kept in `?tab=` so that a link or a reload shows the same one.
import { Button, Tabs, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditableList } from '../../data/useEditableList.ts';
import { useUrlParam } from '../../data/useUrlParam.ts';
import { IconBell, IconRefresh, IconSettings } from '../../ui/icons.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { listRules } from './alarmRulesApi.ts';
import { NotificationsPanel } from './NotificationsPanel.tsx';
import { RulesPanel } from './RulesPanel.tsx';

const tabs = ['rules', 'notifications'] as const;
type Tab = (typeof tabs)[number];

export function AlarmRulesPage() {
  const { t } = useTranslation(['alarmRules', 'common']);
  const [tabParam, setTab] = useUrlParam('tab');
  const tab: Tab = tabs.find((x) => x === tabParam) ?? 'rules';
  const rules = useEditableList(listRules);
  const [version, setVersion] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const announce = useCallback((message: string) => setAnnouncement(message), []);
  const refresh = () => {
    rules.reload();
    setVersion((n) => n + 1);
  };

  return (
    <>
      <PageHeader
        title={t('alarmRules:title')}
        subtitle={t('alarmRules:subtitle')}
        actions={
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={refresh} data-testid="refresh">
            {t('alarmRules:refresh')}
          </Button>
        }
      />
      <Text role="status" size="sm" mb={announcement ? 'sm' : 0} data-testid="announcement">
        {announcement}
      </Text>
      <Tabs
        value={tab}
        onChange={(next) => setTab(next === 'rules' ? null : next)}
        variant="pills"
        radius="md"
        keepMounted={false}
      >
        <Tabs.List mb="lg">
          <Tabs.Tab value="rules" leftSection={<IconSettings size={18} />} data-testid="tab-rules">
            {t('alarmRules:tabs.rules')}
          </Tabs.Tab>
          <Tabs.Tab value="notifications" leftSection={<IconBell size={18} />} data-testid="tab-notifications">
            {t('alarmRules:tabs.notifications')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="rules">
          <RulesPanel rules={rules} announce={announce} />
        </Tabs.Panel>
        <Tabs.Panel value="notifications">
          <NotificationsPanel version={version} announce={announce} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
