// "Check integrity": asks the hub to walk the audit log's hash chain, then says the answer in words
// (intact with how many entries, or the first entry that was changed or removed), read out when it comes.
import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { IconCircleCheck, IconCircleX, IconShield } from '../../ui/icons.tsx';
import { type AuditCheck, verifyAudit } from './auditApi.ts';

type State = { kind: 'idle' } | { kind: 'busy' } | { kind: 'done'; check: AuditCheck } | { kind: 'error' };

const whyKey = (why: string | undefined) =>
  why?.startsWith('was changed') ? 'changed' : why?.startsWith('does not follow') ? 'order' : 'other';

export function IntegrityCheck() {
  const { t } = useTranslation(['audit']);
  const lng = useLanguage();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const run = () => {
    setState({ kind: 'busy' });
    verifyAudit().then(
      (check) => setState({ kind: 'done', check }),
      () => setState({ kind: 'error' }),
    );
  };
  const result =
    state.kind === 'done'
      ? state.check.ok
        ? { ok: true, text: t('audit:verify.intact', { n: formatNumber(lng, state.check.entries) }) }
        : {
            ok: false,
            text: t('audit:verify.broken', {
              seq: state.check.brokenAt ?? 0,
              why: t(`audit:verify.why.${whyKey(state.check.why)}`),
            }),
          }
      : state.kind === 'error'
        ? { ok: false, text: t('audit:verify.error') }
        : null;
  return (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconShield size={16} />}
        loading={state.kind === 'busy'}
        onClick={run}
        data-testid="audit-verify"
      >
        {state.kind === 'busy' ? t('audit:verify.running') : t('audit:verify.run')}
      </Button>
      {/* The words carry the answer; the sign's colour only repeats it (text in colour lacks contrast). */}
      <Group gap={4} role="status" wrap="nowrap">
        {result?.ok === true && <IconCircleCheck size={16} color="var(--mantine-color-teal-filled)" />}
        {result?.ok === false && <IconCircleX size={16} color="var(--mantine-color-red-filled)" />}
        <Text size="sm" fw={500} data-testid="audit-verify-result">
          {result?.text ?? ''}
        </Text>
      </Group>
    </Group>
  );
}
