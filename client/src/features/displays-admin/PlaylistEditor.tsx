// A display's playlist, in its order: each item a page (by its menu name), its site when the page shows
// one site, how long it stays, and its language and theme or the display's own. Items are added at the
// end, moved up or down, and removed (one always stays).
import { ActionIcon, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { MAX_DWELL_S, MIN_DWELL_S, type PlaylistPage, playlistPageNames, sitePages } from '@voltscope/shared/displays';
import type { Site } from '@voltscope/shared/domain';
import { languages } from '@voltscope/shared/i18n';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatUngrouped } from '../../i18n/format.ts';
import { languageNames } from '../../i18n/language.ts';
import { useLanguage } from '../../i18n/useLanguage.ts';
import { routeTitleKey } from '../../routes.tsx';
import { IconArrowUp, IconPlus, IconTrash } from '../../ui/icons.tsx';
import { canAddItem, type DisplayDraft, type ItemDraft, moved, newItem } from './displayDraft.ts';

interface Props {
  draft: DisplayDraft;
  /** The sites the display may show, for an item's site. */
  sites: readonly Site[];
  onChange: (playlist: ItemDraft[]) => void;
  /** The server's refusal of an item's site, by item index. */
  siteErrors: Record<number, string>;
}

/** The select's value for "the display's own" (null in the item): a select keeps strings only. */
const OWN = '*';
const ownToNull = <T extends string>(value: string | null): T | null =>
  value === null || value === OWN ? null : (value as T);

export function PlaylistEditor({ draft, sites, onChange, siteErrors }: Props) {
  const { t } = useTranslation(['displays', 'common']);
  const lng = useLanguage();
  const items = draft.playlist;
  const put = (index: number, item: ItemDraft) => onChange(items.with(index, item));
  const pages = playlistPageNames.map((page) => ({ value: page, label: t(routeTitleKey(page)) }));
  const siteChoices = [
    { value: OWN, label: t('displays:playlist.firstSite') },
    ...sites.filter((s) => draft.siteIds.includes(s.id)).map((s) => ({ value: s.id, label: s.name })),
  ];
  const languageChoices = [
    { value: OWN, label: t('displays:playlist.displayDefault') },
    ...languages.map((lng) => ({ value: lng, label: languageNames[lng] })),
  ];
  const themeChoices = [
    { value: OWN, label: t('displays:playlist.displayDefault') },
    { value: 'light', label: t('displays:theme.light') },
    { value: 'dark', label: t('displays:theme.dark') },
  ];

  return (
    <Stack gap="sm" data-testid="playlist-editor">
      {items.map((item, index) => {
        const n = formatNumber(lng, index + 1);
        const label = t('displays:playlist.item', { n });
        return (
          <Card key={item.key} withBorder radius="md" p="sm" data-testid="playlist-item" aria-label={label}>
            <Group justify="space-between" mb="xs">
              <Text fw={600} size="sm">
                {label}
              </Text>
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={index === 0}
                  onClick={() => onChange(moved(items, index, index - 1))}
                  aria-label={t('displays:playlist.moveUp', { n })}
                  data-testid="item-up"
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={index === items.length - 1}
                  onClick={() => onChange(moved(items, index, index + 1))}
                  aria-label={t('displays:playlist.moveDown', { n })}
                  data-testid="item-down"
                >
                  <IconArrowUp size={16} style={{ transform: 'rotate(180deg)' }} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  disabled={items.length === 1}
                  onClick={() => onChange(items.filter((_, i) => i !== index))}
                  aria-label={t('displays:playlist.remove', { n })}
                  data-testid="item-remove"
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
              <Select
                label={t('displays:playlist.page')}
                data={pages}
                value={item.page}
                onChange={(page) => page && put(index, { ...item, page: page as PlaylistPage })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: false }}
                data-testid="item-page"
              />
              {sitePages.has(item.page) && (
                <Select
                  label={t('displays:playlist.site')}
                  data={siteChoices}
                  value={item.siteId ?? OWN}
                  onChange={(site) => put(index, { ...item, siteId: ownToNull(site) })}
                  allowDeselect={false}
                  error={siteErrors[index]}
                  comboboxProps={{ withinPortal: false }}
                  data-testid="item-site"
                />
              )}
              <NumberInput
                label={t('displays:playlist.dwell')}
                description={t('displays:playlist.dwellRange', {
                  min: formatUngrouped(lng, MIN_DWELL_S),
                  max: formatUngrouped(lng, MAX_DWELL_S),
                })}
                value={item.dwellSeconds}
                onChange={(value) =>
                  put(index, { ...item, dwellSeconds: typeof value === 'number' ? value : MIN_DWELL_S })
                }
                min={MIN_DWELL_S}
                max={MAX_DWELL_S}
                clampBehavior="blur"
                allowDecimal={false}
                data-testid="item-dwell"
              />
              <Select
                label={t('displays:playlist.language')}
                data={languageChoices}
                value={item.language ?? OWN}
                onChange={(lng) => put(index, { ...item, language: ownToNull(lng) })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: false }}
                data-testid="item-language"
              />
              <Select
                label={t('displays:playlist.theme')}
                data={themeChoices}
                value={item.theme ?? OWN}
                onChange={(theme) => put(index, { ...item, theme: ownToNull(theme) })}
                allowDeselect={false}
                comboboxProps={{ withinPortal: false }}
                data-testid="item-theme"
              />
            </SimpleGrid>
          </Card>
        );
      })}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={!canAddItem(draft)}
          onClick={() => onChange([...items, newItem()])}
          data-testid="item-add"
        >
          {t('displays:playlist.add')}
        </Button>
      </Group>
    </Stack>
  );
}
