// The audit page's filters: the period (24 h, 7 days, 30 days, everything, or from–to in the reader's
// zone), who (among the people the log has shown), a group of actions, the outcome, and free text.
import { Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { fromInputValue, toInputValue } from '../../logs/logTime.ts';
import { IconSearch, IconX } from '../../ui/icons.tsx';
import classes from './audit.module.css';
import { type AuditView, actionGroups, auditPeriods, initialView, isFiltered } from './auditView.ts';

interface Props {
  view: AuditView;
  onChange: (view: AuditView) => void;
  /** The search field's text as typed (applied to `view` a moment later). */
  text: string;
  onText: (text: string) => void;
  /** People who appear in the log, by id. */
  actors: ReadonlyMap<number, string>;
}

export function AuditFilters({ view, onChange, text, onText, actors }: Props) {
  const { t } = useTranslation(['audit']);
  const set = (patch: Partial<AuditView>) => onChange({ ...view, ...patch });
  const dayAgo = Date.now() - 86_400_000;
  return (
    <Stack gap="sm" className={classes.filters} role="search" aria-label={t('audit:filters.label')}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text id="audit-period" size="sm" fw={500}>
            {t('audit:filters.period')}
          </Text>
          <SegmentedControl
            aria-labelledby="audit-period"
            value={view.period}
            onChange={(period) => {
              const next = period as AuditView['period'];
              set(next === 'custom' ? { period: next, from: view.from ?? dayAgo, to: view.to } : { period: next });
            }}
            data={auditPeriods.map((p) => ({ value: p, label: t(`audit:filters.periods.${p}`) }))}
            data-testid="audit-period"
          />
        </Stack>
        {view.period === 'custom' && (
          <>
            <TextInput
              type="datetime-local"
              label={t('audit:filters.from')}
              value={view.from === null ? '' : toInputValue(view.from)}
              onChange={(e) => set({ from: fromInputValue(e.currentTarget.value) })}
              data-testid="audit-from"
            />
            <TextInput
              type="datetime-local"
              label={t('audit:filters.to')}
              value={view.to === null ? '' : toInputValue(view.to)}
              onChange={(e) => set({ to: fromInputValue(e.currentTarget.value) })}
              data-testid="audit-to"
            />
          </>
        )}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('audit:filters.actor')}
          placeholder={t('audit:filters.anyone')}
          clearable
          searchable
          w={200}
          value={view.actor === null ? null : String(view.actor)}
          onChange={(value) => set({ actor: value === null ? null : Number(value) })}
          data={[...actors].map(([id, name]) => ({ value: String(id), label: name }))}
          data-testid="audit-actor"
        />
        <Select
          label={t('audit:filters.group')}
          placeholder={t('audit:filters.anyAction')}
          clearable
          w={200}
          value={view.group}
          onChange={(value) => set({ group: value as AuditView['group'] })}
          data={actionGroups.map((g) => ({ value: g, label: t(`audit:groups.${g}`) }))}
          data-testid="audit-group"
        />
        <Select
          label={t('audit:filters.outcome')}
          placeholder={t('audit:filters.anyOutcome')}
          clearable
          w={160}
          value={view.outcome}
          onChange={(value) => set({ outcome: value as AuditView['outcome'] })}
          data={(['ok', 'refused', 'failed'] as const).map((o) => ({ value: o, label: t(`audit:outcomes.${o}`) }))}
          data-testid="audit-outcome"
        />
        <TextInput
          label={t('audit:filters.search')}
          placeholder={t('audit:filters.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          w={240}
          value={text}
          onChange={(e) => onText(e.currentTarget.value)}
          data-testid="audit-search"
        />
        {isFiltered({ ...view, q: text }) && (
          <Button
            variant="subtle"
            leftSection={<IconX size={16} />}
            onClick={() => {
              onText('');
              onChange(initialView);
            }}
            data-testid="audit-clear"
          >
            {t('audit:filters.clear')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
