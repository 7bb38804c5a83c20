// One rule of the editor: can or cannot, its actions and subjects, the sites it is limited to (every
// site, the user's own, or a list), a reason for a "cannot", and its place in the list (later wins).
import {
  ActionIcon,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { actions, subjects } from '@voltscope/shared/abilities';
import type { Site } from '@voltscope/shared/domain';
import { MAX_REASON_LENGTH, siteFieldOf } from '@voltscope/shared/ruleCheck';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { dynamicKey } from '../../i18n/namespaces.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { IconArrowUp, IconTrash } from '../../ui/icons.tsx';
import { type RuleDraft, type RuleScopeKind, scopeField } from './ruleDraft.ts';

/** What is wrong with a row, worded, by the part of the rule it concerns. */
export type RowErrors = Partial<Record<'action' | 'subject' | 'conditions' | 'fields' | 'reason' | 'rule', string>>;

interface Props {
  draft: RuleDraft;
  index: number;
  count: number;
  sites: readonly Site[];
  errors: RowErrors;
  onChange: (draft: RuleDraft) => void;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
}

export function RuleRow({ draft, index, count, sites, errors, onChange, onMove, onRemove }: Props) {
  const { t } = useTranslation(['rolesAdmin', 'account']);
  const lng = useLanguage();
  const n = formatNumber(lng, index + 1);
  const titleId = useId();
  const field = scopeField(draft.subjects);
  const set = (change: Partial<RuleDraft>) => onChange({ ...draft, ...change });
  const ruleError = errors.rule ?? errors.fields;

  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="section"
      aria-labelledby={titleId}
      data-testid="rule-row"
      data-inverted={draft.inverted}
      style={{
        borderInlineStartWidth: 4,
        borderInlineStartColor: `var(--mantine-color-${draft.inverted ? 'red' : 'teal'}-6)`,
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Text fw={600} id={titleId}>
              {t('rolesAdmin:editor.rule', { n })}
            </Text>
            <SegmentedControl
              size="xs"
              aria-label={t('rolesAdmin:editor.effect', { n })}
              value={draft.inverted ? 'cannot' : 'can'}
              onChange={(value) => set({ inverted: value === 'cannot' })}
              color={draft.inverted ? 'red.9' : 'teal.9'}
              data={[
                { value: 'can', label: t('rolesAdmin:editor.can') },
                { value: 'cannot', label: t('rolesAdmin:editor.cannot') },
              ]}
              data-testid="rule-effect"
            />
          </Group>
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('rolesAdmin:editor.moveUp', { n })}>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={index === 0}
                onClick={() => onMove(-1)}
                aria-label={t('rolesAdmin:editor.moveUp', { n })}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('rolesAdmin:editor.moveDown', { n })}>
              <ActionIcon
                variant="subtle"
                color="gray"
                disabled={index === count - 1}
                onClick={() => onMove(1)}
                aria-label={t('rolesAdmin:editor.moveDown', { n })}
              >
                <IconArrowUp size={16} style={{ transform: 'rotate(180deg)' }} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('rolesAdmin:editor.remove', { n })}>
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={onRemove}
                aria-label={t('rolesAdmin:editor.remove', { n })}
                data-testid="rule-remove"
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>

        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <MultiSelect
            label={t('rolesAdmin:editor.actions')}
            data={actions.map((a) => ({ value: a, label: t(dynamicKey('account', `account:access.actions.${a}`)) }))}
            value={draft.actions}
            onChange={(value) => set({ actions: value as RuleDraft['actions'] })}
            error={errors.action}
            miw={200}
            data-testid="rule-actions"
          />
          <MultiSelect
            label={t('rolesAdmin:editor.subjects')}
            data={subjects.map((s) => ({ value: s, label: t(dynamicKey('account', `account:access.subjects.${s}`)) }))}
            value={draft.subjects}
            onChange={(value) => set({ subjects: value as RuleDraft['subjects'] })}
            error={errors.subject}
            miw={200}
            data-testid="rule-subjects"
          />
        </Group>

        {field ? (
          <Stack gap={6}>
            <Text size="sm" fw={500} id={`${titleId}-scope`}>
              {t('rolesAdmin:editor.scope')}
            </Text>
            <SegmentedControl
              aria-labelledby={`${titleId}-scope`}
              value={draft.scope}
              onChange={(value) => set({ scope: value as RuleScopeKind })}
              data={[
                { value: 'every', label: t('rolesAdmin:editor.scopeEvery') },
                { value: 'own', label: t('rolesAdmin:editor.scopeOwn') },
                { value: 'sites', label: t('rolesAdmin:editor.scopeSites') },
              ]}
              data-testid="rule-scope"
            />
            {draft.scope === 'sites' && (
              <MultiSelect
                label={<VisuallyHidden>{t('rolesAdmin:editor.sites', { n })}</VisuallyHidden>}
                aria-label={t('rolesAdmin:editor.sites', { n })}
                data={sites.map((site) => ({ value: site.id, label: site.name }))}
                value={draft.siteIds}
                onChange={(siteIds) => set({ siteIds })}
                searchable
                error={errors.conditions}
                data-testid="rule-sites"
              />
            )}
            {draft.scope !== 'sites' && errors.conditions && (
              <Text size="sm" c="red" role="alert">
                {errors.conditions}
              </Text>
            )}
          </Stack>
        ) : (
          draft.subjects.length > 0 && (
            <Text size="sm" c="dimmed">
              {draft.subjects.includes('Site') && draft.subjects.some((s) => siteFieldOf(s) === 'siteId')
                ? t('rolesAdmin:editor.scopeMixed')
                : t('rolesAdmin:editor.scopeNone')}
            </Text>
          )
        )}

        {draft.inverted && (
          <TextInput
            label={t('rolesAdmin:editor.reason')}
            value={draft.reason}
            maxLength={MAX_REASON_LENGTH}
            onChange={(event) => set({ reason: event.currentTarget.value })}
            error={errors.reason}
            data-testid="rule-reason"
          />
        )}
        {(draft.fields !== undefined || draft.otherConditions !== undefined) && (
          <Text size="xs" c="dimmed">
            {t('rolesAdmin:editor.kept')}
          </Text>
        )}
        {ruleError && (
          <Text size="sm" c="red" role="alert" data-testid="rule-error">
            {ruleError}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
