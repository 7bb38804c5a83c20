// The rules editor of a custom role (or of a new one, a copy of a built-in): a row per rule, a live
// plain-language preview, the hub's own checks before sending (shared/src/ruleCheck.ts, worded as its
// refusals would be), and "view as" with the rules as they stand, before saving.
import { Alert, Button, Card, Grid, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { AbilityRule } from '@voltscope/shared/abilities';
import type { RoleData, Site } from '@voltscope/shared/domain';
import type { Reason } from '@voltscope/shared/errors';
import {
  checkRules,
  MAX_RULES,
  ROLE_NAME_MAX,
  ROLE_NAME_MIN,
  type RuleProblem,
  roleNameRules,
} from '@voltscope/shared/ruleCheck';
import { checkField } from '@voltscope/shared/validation';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reasonText } from '../../i18n/serverErrors.ts';
import { currentAbility } from '../../session/ability.ts';
import { ApiError } from '../../session/api.ts';
import { IconPlus } from '../../ui/icons.tsx';
import { PlainRules } from './PlainRules.tsx';
import { type RowErrors, RuleRow } from './RuleRow.tsx';
import { draftOf, emptyDraft, type RuleDraft, rulesOf } from './ruleDraft.ts';
import { ViewAs } from './ViewAs.tsx';

export interface EditorStart {
  /** The role edited; null for a new one. */
  editing: string | null;
  name: string;
  description: string;
  rules: readonly AbilityRule[];
}

interface Props {
  start: EditorStart;
  roles: readonly RoleData[];
  sites: readonly Site[];
  siteNames: ReadonlyMap<string, string>;
  onSave: (body: { name: string; description: string; rules: AbilityRule[] }) => Promise<void>;
  onCancel: () => void;
  /** Custom roles only: the delete button beside save. */
  onDelete?: () => void;
}

type ServerErrors = { name?: string | undefined; rows: Record<number, RowErrors>; whole?: string | undefined };

function rowErrorsOf(problems: readonly RuleProblem[], drafts: readonly RuleDraft[], showRequired: boolean) {
  const rows: Record<number, RowErrors> = {};
  for (const problem of problems) {
    if (problem.reason.code === 'required' && !showRequired) continue;
    const row = rows[problem.index] ?? {};
    rows[problem.index] = row;
    row[problem.part] ??= reasonText(problem.reason);
  }
  drafts.forEach((draft, index) => {
    // An empty site list reads better as what to do than as the hub's "choose one of the values".
    if (draft.scope === 'sites' && draft.siteIds.length === 0 && rows[index]?.conditions) {
      const row = rows[index] as RowErrors;
      delete row.conditions;
      if (showRequired) row.conditions = reasonText({ code: 'required' });
    }
  });
  return rows;
}

export function RoleEditor({ start, roles, sites, siteNames, onSave, onCancel, onDelete }: Props) {
  const { t } = useTranslation(['rolesAdmin', 'common']);
  const [name, setName] = useState(start.name);
  const [description, setDescription] = useState(start.description);
  const [drafts, setDrafts] = useState<RuleDraft[]>(() => start.rules.map(draftOf));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [server, setServer] = useState<ServerErrors>({ rows: {} });

  const rules = useMemo(() => rulesOf(drafts), [drafts]);
  // A row still without actions or subjects says nothing yet.
  const previewed = useMemo(
    () => rulesOf(drafts.filter((d) => d.actions.length > 0 && d.subjects.length > 0)),
    [drafts],
  );
  const siteIds = useMemo(() => (sites.length > 0 ? new Set(sites.map((s) => s.id)) : null), [sites]);
  const problems = useMemo(() => checkRules(rules, { siteIds, editor: currentAbility() }), [rules, siteIds]);
  const rowErrors = rowErrorsOf(problems, drafts, tried);

  const nameReason = ((): Reason | null => {
    if (start.editing) return null;
    const rule = checkField(name, roleNameRules);
    if (rule) return rule;
    const length = [...name].length;
    if (length < ROLE_NAME_MIN || length > ROLE_NAME_MAX)
      return { code: 'between', params: { min: ROLE_NAME_MIN, max: ROLE_NAME_MAX } };
    if (roles.some((role) => role.name.toLowerCase() === name.toLowerCase())) return { code: 'roleTaken' };
    return null;
  })();
  const nameError =
    server.name ?? (nameReason && (tried || name !== start.name) ? nameLengthOrText(nameReason) : undefined);

  function nameLengthOrText(reason: Reason): string {
    return reason.code === 'between' ? t('rolesAdmin:editor.nameLength') : reasonText(reason);
  }

  const change = (next: RuleDraft[]) => {
    setDrafts(next);
    setServer((s) => ({ ...s, rows: {}, whole: undefined }));
  };
  const move = (index: number, offset: -1 | 1) => {
    const next = [...drafts];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index + offset, 0, moved);
    change(next);
  };

  const save = async () => {
    setTried(true);
    const incomplete = drafts.some((d) => d.scope === 'sites' && d.siteIds.length === 0 && d.subjects.length > 0);
    if (problems.length > 0 || nameReason || incomplete) {
      setServer({ rows: {}, whole: t('rolesAdmin:editor.fix') });
      return;
    }
    setBusy(true);
    try {
      await onSave({ name: name.trim(), description: description.trim(), rules });
    } catch (caught) {
      if (!(caught instanceof ApiError)) {
        setServer({ rows: {}, whole: t('rolesAdmin:failure.network') });
        return;
      }
      const rows: Record<number, RowErrors> = {};
      let nameText: string | undefined;
      for (const [field, reason] of Object.entries(caught.body.fields ?? {})) {
        const match = /^rules\.(\d+)\.(\w+)$/.exec(field);
        if (match) {
          const row = rows[Number(match[1])] ?? {};
          rows[Number(match[1])] = row;
          row[match[2] as keyof RowErrors] = reasonText(reason);
        } else if (field === 'name') nameText = reasonText(reason);
      }
      setServer({
        rows,
        ...(nameText !== undefined && { name: nameText }),
        whole: caught.body.reason ? reasonText(caught.body.reason) : t('common:ui.error'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Grid gap="lg" data-testid="role-editor">
      <Grid.Col span={{ base: 12, lg: 7 }}>
        <Card>
          <Title order={3} fw={600} mb="md">
            {start.editing
              ? t('rolesAdmin:editor.editTitle', { name: start.editing })
              : t('rolesAdmin:editor.newTitle')}
          </Title>
          <Stack gap="md">
            {!start.editing && (
              <TextInput
                label={t('rolesAdmin:editor.name')}
                description={t('rolesAdmin:editor.nameHint')}
                value={name}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                  setServer((s) => ({ ...s, name: undefined }));
                }}
                error={nameError}
                required
                maxLength={64}
                data-testid="role-name"
              />
            )}
            <Textarea
              label={t('rolesAdmin:editor.description')}
              value={description}
              onChange={(event) => setDescription(event.currentTarget.value)}
              maxLength={200}
              autosize
              minRows={1}
              data-testid="role-description"
            />
            <div>
              <Title order={4} fw={600}>
                {t('rolesAdmin:editor.rules')}
              </Title>
              <Text size="sm" c="dimmed" data-testid="rules-order">
                {t('rolesAdmin:editor.order')}
              </Text>
            </div>
            {drafts.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('rolesAdmin:editor.noRules')}
              </Text>
            )}
            {drafts.map((draft, index) => (
              <RuleRow
                key={draft.key}
                draft={draft}
                index={index}
                count={drafts.length}
                sites={sites}
                errors={{ ...rowErrors[index], ...server.rows[index] }}
                onChange={(next) => change(drafts.with(index, next))}
                onMove={(offset) => move(index, offset)}
                onRemove={() => change(drafts.filter((_, i) => i !== index))}
              />
            ))}
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => change([...drafts, emptyDraft()])}
                disabled={drafts.length >= MAX_RULES}
                data-testid="rule-add"
              >
                {t('rolesAdmin:editor.add')}
              </Button>
            </Group>
            {server.whole && (
              <Alert color="red" role="alert" data-testid="editor-error">
                {server.whole}
              </Alert>
            )}
            <Group justify="space-between">
              <Group gap="sm">
                <Button onClick={save} loading={busy} data-testid="role-save">
                  {start.editing ? t('rolesAdmin:editor.save') : t('rolesAdmin:editor.create')}
                </Button>
                <Button variant="default" onClick={onCancel} data-testid="role-cancel">
                  {t('rolesAdmin:editor.cancel')}
                </Button>
              </Group>
              {onDelete && (
                <Button variant="subtle" color="red" onClick={onDelete} data-testid="role-delete">
                  {t('rolesAdmin:detail.delete')}
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 5 }}>
        <Stack gap="lg">
          <Card>
            <Title order={4} fw={600} mb="sm">
              {t('rolesAdmin:editor.preview')}
            </Title>
            <div aria-live="polite">
              <PlainRules rules={previewed} siteNames={siteNames} testId="rules-preview" />
            </div>
          </Card>
          <ViewAs roleName={start.editing} roles={roles} rules={rules} sites={sites} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
