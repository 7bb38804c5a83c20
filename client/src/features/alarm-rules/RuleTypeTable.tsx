// The rules of one device type: a card with the type's name and a table of its rules, each followed by
// its device overrides.
import { Badge, Card, Group, Table, Title, VisuallyHidden } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { RuleRow, type RuleRowActions } from './RuleRow.tsx';
import type { RuleGroup } from './ruleGroups.ts';
import type { FleetDevices } from './useFleetDevices.ts';

const columns = ['enabled', 'priority', 'rule', 'series', 'condition', 'deadband', 'delays', 'overrides'] as const;
/** Fixed widths, the same in every type's table, so that the tables line up down the page. */
const widths = ['4.5rem', '8rem', undefined, '11rem', '11rem', '6.5rem', '9rem', '6.5rem', '13rem'];

interface Props extends RuleRowActions {
  group: RuleGroup;
  devices: FleetDevices;
  /** Ids of rules with a save under way. */
  busy: ReadonlySet<number>;
}

export function RuleTypeTable({ group, devices, busy, ...actions }: Props) {
  const { t } = useTranslation(['alarmRules', 'common']);
  const titleId = `rules-${group.deviceType}`;
  const deviceName = (id: string | null) => {
    const device = id ? devices.byId.get(id) : undefined;
    return device ? `${device.name} · ${device.siteName}` : (id ?? undefined);
  };
  return (
    <Card withBorder padding={0} radius="md" data-testid="rule-type" data-device-type={group.deviceType}>
      <Group justify="space-between" px="md" py="sm">
        <Title order={3} size="h5" id={titleId}>
          {t(`common:deviceType.${group.deviceType}`, { defaultValue: group.deviceType })}
        </Title>
        <Badge variant="default" radius="sm" tt="none" fw={500}>
          {t('alarmRules:typeRules', { n: group.entries.length })}
        </Badge>
      </Group>
      <Table.ScrollContainer minWidth={1100}>
        <Table verticalSpacing="xs" highlightOnHover layout="fixed" aria-labelledby={titleId}>
          <colgroup>
            {widths.map((w, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of columns
              <col key={i} style={w ? { width: w } : undefined} />
            ))}
          </colgroup>
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c}>{t(`alarmRules:columns.${c}`)}</Table.Th>
              ))}
              <Table.Th>
                <VisuallyHidden>{t('alarmRules:columns.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.entries.map(({ rule, overrides }) => (
              <Fragment key={rule.id}>
                <RuleRow
                  rule={rule}
                  deviceName={deviceName(rule.deviceId)}
                  overrides={overrides.length}
                  busy={busy.has(rule.id)}
                  {...actions}
                />
                {overrides.map((o) => (
                  <RuleRow
                    key={o.id}
                    rule={o}
                    parent={rule}
                    deviceName={deviceName(o.deviceId)}
                    busy={busy.has(o.id)}
                    {...actions}
                  />
                ))}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
