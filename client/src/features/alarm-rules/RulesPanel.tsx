// The rules tab: a filter and a summary, then the rules by device type. The switch saves at once (and
// goes back if the server refuses); editing, adding and removing overrides happen in dialogs.
import { Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import type { AlarmRule } from '@voltscope/shared/alarms';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditableList } from '../../data/useEditableList.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { IconSearch } from '../../ui/icons.tsx';
import { RetryAlert } from '../../ui/RetryAlert.tsx';
import { AddOverrideDialog } from './AddOverrideDialog.tsx';
import { removeOverride, updateRule } from './alarmRulesApi.ts';
import { RuleEditor } from './RuleEditor.tsx';
import { RuleTypeTable } from './RuleTypeTable.tsx';
import { countRules, filterGroups, groupRules } from './ruleGroups.ts';
import { saveError } from './saveError.ts';
import { useFleetDevices } from './useFleetDevices.ts';

type Dialog = { kind: 'edit' | 'add' | 'remove'; rule: AlarmRule } | null;

export function RulesPanel({
  rules,
  announce,
}: {
  rules: EditableList<AlarmRule>;
  announce: (message: string) => void;
}) {
  const { t } = useTranslation(['alarmRules', 'common']);
  const lng = useLanguage();
  const devices = useFleetDevices();
  const [query, setQuery] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const list = rules.items;
  const groups = useMemo(() => groupRules(list ?? []), [list]);
  const shown = filterGroups(groups, query, (id) => devices.byId.get(id)?.name ?? id);
  const deviceName = (rule: AlarmRule) => {
    const device = rule.deviceId ? devices.byId.get(rule.deviceId) : undefined;
    return rule.deviceId ? (device ? `${device.name} · ${device.siteName}` : rule.deviceId) : null;
  };
  const close = () => setDialog(null);

  const toggle = async (rule: AlarmRule, enabled: boolean) => {
    setBusy((s) => new Set(s).add(rule.id));
    rules.put({ ...rule, enabled });
    try {
      rules.put(await updateRule(rule.id, { enabled }));
    } catch (caught) {
      rules.put(rule);
      announce(t(`alarmRules:errors.${saveError(caught).key}`));
    } finally {
      setBusy((s) => new Set([...s].filter((id) => id !== rule.id)));
    }
  };

  if (rules.error !== null && !list) {
    return <RetryAlert message={t('alarmRules:loadError')} onRetry={rules.reload} testId="rules-error" />;
  }
  if (!list) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={36} />
        <Skeleton h={220} />
        <Skeleton h={220} />
      </Stack>
    );
  }

  const counts = countRules(list);
  const actions = {
    onEdit: (rule: AlarmRule) => setDialog({ kind: 'edit', rule }),
    onAddOverride: (rule: AlarmRule) => setDialog({ kind: 'add', rule }),
    onRemove: (rule: AlarmRule) => setDialog({ kind: 'remove', rule }),
    onToggle: (rule: AlarmRule, enabled: boolean) => void toggle(rule, enabled),
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="md" align="flex-end">
        <TextInput
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          label={t('alarmRules:search')}
          placeholder={t('alarmRules:searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          w={{ base: '100%', sm: 320 }}
          data-testid="rules-filter"
        />
        <Text size="sm" c="dimmed" data-testid="rules-summary">
          {t('alarmRules:summary', {
            rules: formatNumber(lng, counts.rules),
            disabled: formatNumber(lng, counts.disabled),
            overrides: formatNumber(lng, counts.overrides),
          })}
        </Text>
      </Group>
      {shown.length === 0 && (
        <Paper withBorder p="xl" radius="md">
          <Text ta="center">{list.length === 0 ? t('alarmRules:empty') : t('alarmRules:noMatch')}</Text>
        </Paper>
      )}
      {shown.map((group) => (
        <RuleTypeTable key={group.deviceType} group={group} devices={devices} busy={busy} {...actions} />
      ))}
      {dialog?.kind === 'edit' && (
        <RuleEditor
          key={dialog.rule.id}
          rule={dialog.rule}
          deviceName={deviceName(dialog.rule)}
          onClose={close}
          onSaved={(saved, message) => {
            rules.put(saved);
            close();
            announce(message);
          }}
        />
      )}
      {dialog?.kind === 'add' && (
        <AddOverrideDialog
          rule={dialog.rule}
          taken={
            new Set(
              list
                .filter(
                  (r) => r.deviceType === dialog.rule.deviceType && r.name === dialog.rule.name && r.deviceId !== null,
                )
                .map((r) => r.deviceId ?? ''),
            )
          }
          devices={devices}
          onClose={close}
          onCreated={(override) => {
            rules.put(override);
            announce(t('alarmRules:override.created', { device: deviceName(override) }));
            setDialog({ kind: 'edit', rule: override });
          }}
        />
      )}
      {dialog?.kind === 'remove' && (
        <ConfirmDialog
          title={t('alarmRules:override.removeTitle')}
          text={t('alarmRules:override.removeText', { device: deviceName(dialog.rule), name: dialog.rule.name })}
          confirm={t('alarmRules:override.removeConfirm')}
          onClose={close}
          onConfirm={async () => {
            const { rule } = dialog;
            try {
              await removeOverride(rule.id);
              rules.drop(rule.id);
              announce(t('alarmRules:override.removed', { device: deviceName(rule) }));
            } catch (caught) {
              announce(t(`alarmRules:errors.${saveError(caught).key}`));
            }
            close();
          }}
        />
      )}
    </Stack>
  );
}
