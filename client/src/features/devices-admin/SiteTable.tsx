// Every site, decommissioned ones included (marked, with the date): a row opens the site's devices below;
// its buttons edit, decommission or restore, and delete it.
import { ActionIcon, Badge, Group, Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatNumber } from '../../i18n/format.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { IconArrowBack, IconPencil, IconTrash, IconX } from '../../ui/icons.tsx';
import classes from './devicesAdmin.module.css';
import type { ManagedSite } from './fleetAdminApi.ts';

export type SiteAction = 'edit' | 'decommission' | 'restore' | 'delete';

interface Props {
  sites: readonly ManagedSite[];
  selected: string | null;
  onSelect: (id: string) => void;
  onAction: (action: SiteAction, site: ManagedSite) => void;
}

export function SiteTable({ sites, selected, onSelect, onAction }: Props) {
  const { t } = useTranslation(['devicesAdmin', 'common']);
  const lng = useLanguage();
  const button = (action: SiteAction, site: ManagedSite, icon: ReactNode, color?: string) => (
    <Tooltip label={t(`devicesAdmin:siteAction.${action}`)}>
      <ActionIcon
        variant="subtle"
        {...(color && { color })}
        aria-label={t(`devicesAdmin:siteAction.${action}`)}
        onClick={() => onAction(action, site)}
        data-testid={`site-${action}`}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="xs" data-testid="site-table">
        <Table.Thead>
          <Table.Tr>
            {(['name', 'kind', 'country', 'timeZone', 'capacityKw', 'devices', 'state'] as const).map((c) => (
              <Table.Th key={c}>{t(`devicesAdmin:sites.columns.${c}`)}</Table.Th>
            ))}
            <Table.Th>
              <span className={classes.hidden}>{t('devicesAdmin:sites.columns.actions')}</span>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sites.map((site) => (
            <Table.Tr
              key={site.id}
              data-testid="site-row"
              data-site={site.id}
              aria-selected={site.id === selected}
              className={site.id === selected ? classes.selected : undefined}
            >
              <Table.Td>
                <UnstyledButton onClick={() => onSelect(site.id)} data-testid="site-open">
                  <Text fw={600} size="sm">
                    {site.name}
                  </Text>
                  <Text c="dimmed" size="xs" dir="ltr" className={classes.code}>
                    {site.id}
                  </Text>
                </UnstyledButton>
              </Table.Td>
              <Table.Td>{t(`common:sites.kind.${site.kind}`)}</Table.Td>
              <Table.Td dir="ltr">{site.country}</Table.Td>
              <Table.Td dir="ltr">{site.timeZone}</Table.Td>
              <Table.Td>{t('devicesAdmin:sites.kw', { value: formatNumber(lng, site.capacityKw, 1) })}</Table.Td>
              <Table.Td data-testid="site-devices">{formatNumber(lng, site.deviceCount)}</Table.Td>
              <Table.Td data-testid="site-state">
                {site.decommissionedAt === null ? (
                  <Badge variant="light" color="teal">
                    {t('devicesAdmin:sites.inService')}
                  </Badge>
                ) : (
                  <Badge variant="light" color="gray">
                    {t('devicesAdmin:sites.decommissioned', { date: formatDate(lng, site.decommissionedAt) })}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={2} wrap="nowrap">
                  {button('edit', site, <IconPencil size={16} />)}
                  {site.decommissionedAt === null
                    ? button('decommission', site, <IconX size={16} />, 'orange')
                    : button('restore', site, <IconArrowBack size={16} />, 'teal')}
                  {button('delete', site, <IconTrash size={16} />, 'red')}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
