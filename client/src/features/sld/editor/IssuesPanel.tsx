// What stands between the draft and publishing: each issue of validateDiagram (or of the hub's refusal)
// worded in the reader's language; a click selects the symbol or wire it is about.

import { Alert, Stack, Text, UnstyledButton } from '@mantine/core';
import type { SldIssue } from '@voltscope/shared/sld/validate';
import { useTranslation } from 'react-i18next';
import { IconAlertTriangle, IconCircleCheck } from '../../../ui/icons.tsx';
import classes from './editor.module.css';
import type { Selection } from './editorState.ts';

interface Props {
  issues: readonly SldIssue[];
  /** How a symbol, a wire or a device is named in the messages. */
  nameOf: (param: 'symbol' | 'connection' | 'device', id: string) => string;
  onSelect: (selection: NonNullable<Selection>) => void;
}

export function useIssueText(nameOf: Props['nameOf']) {
  const { t } = useTranslation('sldEditor');
  return (issue: SldIssue) => {
    const p = issue.params;
    return t(`issues.${issue.code}`, {
      ...p,
      ...(p.symbol !== undefined && { symbol: nameOf('symbol', p.symbol) }),
      ...(p.connection !== undefined && { connection: nameOf('connection', p.connection) }),
      ...(p.device !== undefined && { device: nameOf('device', p.device) }),
    });
  };
}

export function IssuesPanel({ issues, nameOf, onSelect }: Props) {
  const { t } = useTranslation('sldEditor');
  const text = useIssueText(nameOf);
  if (issues.length === 0)
    return (
      <Alert color="teal" icon={<IconCircleCheck />} data-testid="sld-issues" p="xs">
        {t('issues.none')}
      </Alert>
    );
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle />}
      title={t('issues.count', { count: issues.length })}
      data-testid="sld-issues"
      p="xs"
    >
      <Stack gap={4}>
        {issues.map((issue) => {
          const target: Selection = issue.params.symbol
            ? { type: 'symbol', id: issue.params.symbol }
            : issue.params.connection
              ? { type: 'connection', id: issue.params.connection }
              : null;
          return (
            <UnstyledButton
              key={`${issue.code}:${JSON.stringify(issue.params)}`}
              className={classes.issue}
              data-issue={issue.code}
              onClick={() => target && onSelect(target)}
            >
              <Text size="sm">{text(issue)}</Text>
            </UnstyledButton>
          );
        })}
      </Stack>
    </Alert>
  );
}
