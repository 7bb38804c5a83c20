// One rule as a table row: its switch (saved at once), priority, name and kind, series, condition,
// deadband, delays, and its actions. An override row sits under its type rule, names its device and
// marks each value that differs from the type rule. A click on the row, or Enter on its name, edits it.
import { Anchor, Badge, Button, Group, Switch, Table, Text } from '@mantine/core';
import type { AlarmRule } from '@voltscope/shared/alarms';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { IconPlus, IconTrash } from '../../ui/icons.tsx';
import classes from './alarmRules.module.css';
import { PriorityBadge } from './PriorityBadge.tsx';
import { conditionText, formatDelay, hasDeadband, thresholdUnit, withUnit } from './ruleFormat.ts';

export interface RuleRowActions {
  onEdit: (rule: AlarmRule) => void;
  onToggle: (rule: AlarmRule, enabled: boolean) => void;
  onAddOverride: (rule: AlarmRule) => void;
  onRemove: (rule: AlarmRule) => void;
}

interface Props extends RuleRowActions {
  rule: AlarmRule;
  /** For an override: its type rule, to mark what differs. */
  parent?: AlarmRule | undefined;
  deviceName?: string | undefined;
  overrides?: number;
  busy: boolean;
}

/** Clicks on the row's own controls do what they say, not open the editor. */
const fromControl = (event: MouseEvent) =>
  (event.target as HTMLElement).closest('button, input, a, label, [role=switch]') !== null;

export function RuleRow({ rule, parent, deviceName, overrides = 0, busy, ...actions }: Props) {
  const { t } = useTranslation(['alarmRules', 'common']);
  const lng = useLanguage();
  const device = deviceName ?? rule.deviceId ?? '';
  const unit = thresholdUnit(rule);
  const differs = (fields: (keyof AlarmRule)[]) =>
    parent !== undefined && fields.some((f) => JSON.stringify(rule[f]) !== JSON.stringify(parent[f]));
  const cell = (fields: (keyof AlarmRule)[], content: ReactNode) =>
    differs(fields) ? (
      <Text span inherit className={classes.differs} title={t('alarmRules:row.differs')}>
        {content}
      </Text>
    ) : (
      content
    );
  const label = parent
    ? t('alarmRules:row.editOverrideLabel', { name: rule.name, device })
    : t('alarmRules:row.editLabel', { name: rule.name });

  return (
    <Table.Tr
      className={parent ? classes.overrideRow : classes.row}
      onClick={(event) => fromControl(event) || actions.onEdit(rule)}
      data-testid={parent ? 'override-row' : 'rule-row'}
      data-rule-id={rule.id}
      data-enabled={rule.enabled || undefined}
    >
      <Table.Td>
        <Switch
          checked={rule.enabled}
          disabled={busy}
          onChange={(e) => actions.onToggle(rule, e.currentTarget.checked)}
          aria-label={
            parent
              ? t('alarmRules:row.overrideEnabled', { name: rule.name, device })
              : t('alarmRules:row.enabled', { name: rule.name })
          }
          data-testid="rule-enabled"
        />
      </Table.Td>
      <Table.Td>{cell(['priority'], <PriorityBadge priority={rule.priority} />)}</Table.Td>
      <Table.Td className={parent ? classes.overrideName : undefined}>
        <Anchor
          component="button"
          type="button"
          fw={600}
          ta="start"
          onClick={() => actions.onEdit(rule)}
          aria-label={label}
          data-testid="rule-name"
        >
          {parent ? device : rule.name}
        </Anchor>
        <Group gap={6} wrap="nowrap">
          {parent ? (
            <Badge size="xs" variant="light" color="grape" tt="none">
              {t('alarmRules:row.override')}
            </Badge>
          ) : (
            <Text size="xs" c="dimmed">
              {t(`alarmRules:kinds.${rule.kind}`)}
            </Text>
          )}
          {!rule.enabled && (
            <Badge size="xs" variant="outline" color="gray" tt="none">
              {t('alarmRules:row.disabled')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        {rule.seriesKey ? (
          <Text span size="sm" ff="monospace" dir="ltr">
            {rule.seriesKey}
          </Text>
        ) : (
          <Text span size="sm" c="dimmed">
            {t('alarmRules:anySeries')}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-testid="rule-condition">{cell(['threshold'], conditionText(t, lng, rule))}</Table.Td>
      <Table.Td>
        {hasDeadband(rule.kind) ? cell(['deadband'], withUnit(lng, rule.deadband, unit)) : t('alarmRules:none')}
      </Table.Td>
      <Table.Td>
        {cell(
          ['onDelayMs', 'offDelayMs'],
          `${formatDelay(t, lng, rule.onDelayMs)} / ${formatDelay(t, lng, rule.offDelayMs)}`,
        )}
      </Table.Td>
      <Table.Td>
        {!parent && (
          <Badge
            variant={overrides ? 'light' : 'default'}
            radius="sm"
            aria-label={t('alarmRules:row.overrides', { n: overrides })}
            data-testid="override-count"
          >
            {overrides}
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {parent ? (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => actions.onRemove(rule)}
              aria-label={t('alarmRules:row.removeLabel', { name: rule.name, device })}
              data-testid="override-remove"
            >
              {t('alarmRules:row.remove')}
            </Button>
          ) : (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPlus size={14} />}
              onClick={() => actions.onAddOverride(rule)}
              aria-label={t('alarmRules:row.addOverrideLabel', { name: rule.name })}
              data-testid="override-add"
            >
              {t('alarmRules:row.addOverride')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
