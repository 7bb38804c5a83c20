// The editor of one rule or override, in a modal: priority, switch, limit, deadband and delays (checked
// here against the server's limits), the message in four languages, the rationale (cause, consequence,
// corrective action in four languages, allowed response time). Save sends only what changed;
// the server's refusal shows at its fields or above the buttons. Escape or Cancel leaves it unchanged.
import { Alert, Group, Modal, NumberInput, Radio, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import { type AlarmRule, alarmPriorities } from '@voltscope/shared/alarms';
import { decodeFault, faultText, powerLostText } from '@voltscope/shared/faultCodes';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dynamicKey } from '../../i18n/namespaces.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { DialogActions } from '../../ui/DialogActions.tsx';
import { IconAlertTriangle } from '../../ui/icons.tsx';
import { updateRule } from './alarmRulesApi.ts';
import { MessageFields } from './MessageFields.tsx';
import { PriorityLabel } from './PriorityBadge.tsx';
import { RationaleFields } from './RationaleFields.tsx';
import { checkDraft, type DraftErrors, draftOf, fieldOfServer, MAX_DELAY_S, patchOf } from './ruleDraft.ts';
import { hasDeadband, thresholdUnit } from './ruleFormat.ts';
import { type SaveErrorKey, saveError } from './saveError.ts';

interface Props {
  rule: AlarmRule;
  /** The device's name, for an override. */
  deviceName: string | null;
  onClose: () => void;
  onSaved: (rule: AlarmRule, message: string) => void;
}

export function RuleEditor({ rule, deviceName, onClose, onSaved }: Props) {
  const { t } = useTranslation(['alarmRules', 'common']);
  const lng = useLanguage();
  const [draft, setDraft] = useState(() => draftOf(rule));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<SaveErrorKey | 'invalidForm' | null>(null);
  const [busy, setBusy] = useState(false);
  const unit = thresholdUnit(rule);
  const typeName = t(`common:deviceType.${rule.deviceType}`, { defaultValue: rule.deviceType });
  const set = <K extends keyof typeof draft>(key: K, value: (typeof draft)[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const fieldError = (field: keyof DraftErrors) => {
    const key = errors[field];
    return key ? t(dynamicKey('alarmRules', `alarmRules:validation.${key}`)) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = checkDraft(draft, rule);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailure('invalidForm');
      return;
    }
    const patch = patchOf(rule, draft);
    if (Object.keys(patch).length === 0) {
      onSaved(rule, t('alarmRules:editor.unchanged'));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const saved = await updateRule(rule.id, patch);
      onSaved(saved, t('alarmRules:editor.saved', { name: saved.name }));
    } catch (caught) {
      const { key, fields } = saveError(caught);
      const marked = Object.fromEntries(
        fields.flatMap((f) => {
          const field = fieldOfServer(f);
          return field ? [[field, 'server']] : [];
        }),
      ) as DraftErrors;
      setErrors(marked);
      setFailure(key);
      setBusy(false);
    }
  };

  const number = (field: 'threshold' | 'deadband' | 'onDelayS' | 'offDelayS', props: object) => (
    <NumberInput
      value={draft[field]}
      onChange={(value) => set(field, value)}
      error={fieldError(field)}
      decimalScale={field === 'threshold' || field === 'deadband' ? 3 : 1}
      hideControls
      dir="ltr"
      data-testid={`rule-${field}`}
      {...props}
    />
  );

  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={
        deviceName
          ? t('alarmRules:editor.overrideTitle', { name: rule.name, device: deviceName })
          : t('alarmRules:editor.title', { name: rule.name })
      }
      closeButtonProps={{ 'aria-label': t('common:ui.close') }}
      data-testid="rule-editor"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Table variant="vertical" layout="fixed" withTableBorder fz="sm">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={160}>{t('alarmRules:editor.appliesTo')}</Table.Th>
                <Table.Td>
                  {deviceName
                    ? t('alarmRules:editor.oneDevice', { device: deviceName })
                    : t('alarmRules:editor.allDevices', { type: typeName })}
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('alarmRules:editor.kind')}</Table.Th>
                <Table.Td>{t(`alarmRules:kinds.${rule.kind}`)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('alarmRules:editor.series')}</Table.Th>
                <Table.Td dir={rule.seriesKey ? 'ltr' : undefined}>
                  {rule.seriesKey ?? t('alarmRules:anySeries')}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
          <Switch
            checked={draft.enabled}
            onChange={(e) => set('enabled', e.currentTarget.checked)}
            label={t('alarmRules:editor.enabled')}
            description={t('alarmRules:editor.enabledHint')}
            data-testid="rule-enabled-edit"
          />
          <Radio.Group
            value={draft.priority}
            onChange={(value) => set('priority', value as typeof draft.priority)}
            label={t('alarmRules:editor.priority')}
          >
            <Group gap="lg" mt="xs">
              {alarmPriorities.map((p) => (
                <Radio key={p} value={p} data-testid={`rule-priority-${p}`} label={<PriorityLabel priority={p} />} />
              ))}
            </Group>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {number('threshold', {
              label: t(`alarmRules:editor.threshold.${rule.kind}`),
              description: t(`alarmRules:editor.thresholdHint.${rule.kind}`),
              rightSection: unit && rule.kind !== 'comm_loss' ? <Text size="xs">{unit}</Text> : undefined,
              rightSectionWidth: 64,
              'data-autofocus': true,
            })}
            {hasDeadband(rule.kind) &&
              number('deadband', {
                label: t('alarmRules:editor.deadband'),
                description: t('alarmRules:editor.deadbandHint'),
                min: 0,
                rightSection: unit ? <Text size="xs">{unit}</Text> : undefined,
                rightSectionWidth: 64,
              })}
            {number('onDelayS', {
              label: t('alarmRules:editor.onDelay'),
              description: t('alarmRules:editor.onDelayHint'),
              min: 0,
              max: MAX_DELAY_S,
            })}
            {number('offDelayS', {
              label: t('alarmRules:editor.offDelay'),
              description: t('alarmRules:editor.offDelayHint'),
              min: 0,
              max: MAX_DELAY_S,
            })}
          </SimpleGrid>
          <MessageFields
            message={draft.message}
            onChange={(message) => set('message', message)}
            errors={errors}
            sample={{
              device: deviceName ?? t('alarmRules:editor.sampleDevice'),
              value: 82,
              unit,
              threshold: Number(draft.threshold) || 0,
              code: 103,
              fault: faultText(decodeFault(103), lng),
              lost: powerLostText(350, lng),
            }}
            fault={rule.kind === 'fault_code'}
          />
          <RationaleFields
            texts={{ cause: draft.cause, consequence: draft.consequence, action: draft.action }}
            responseMinutes={draft.responseMinutes}
            onText={(field, text) => set(field, text)}
            onResponseMinutes={(minutes) => set('responseMinutes', minutes)}
            errors={errors}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle />} data-testid="rule-error">
              {failure === 'invalidForm' ? t('alarmRules:editor.invalid') : t(`alarmRules:errors.${failure}`)}
            </Alert>
          )}
          <DialogActions onCancel={onClose} submit={t('alarmRules:editor.save')} busy={busy} testId="rule-save" />
        </Stack>
      </form>
    </Modal>
  );
}
